import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createTestApp, createTestDatabase, TEST_JWT_SECRET } from './test/harness.js';
import { useTestApp } from './test/use-test-app.js';

const ctx = useTestApp();

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('OpenAPI', () => {
  it('is generated from the route schemas and served at /api/docs', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const spec = json.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/locations', '/api/locations/{id}']),
    );
    expect(spec.paths['/api/locations/{id}']).toHaveProperty('delete');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('unknown API routes', () => {
  it('answer 404 with a JSON message', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Route not found' });
  });
});

describe('serving the web app', () => {
  it('answers client-side routes with the page, missing files and API routes with 404', async () => {
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'ritim-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Ritim</title>');
    await writeFile(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    const web = await createTestApp({ webRoot });
    try {
      const page = await web.app.inject({ method: 'GET', url: '/locations/3/edit?x=1' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Ritim</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await web.app.inject({ method: 'GET', url: '/assets/app-old.js' })).statusCode).toBe(404);
      expect((await web.app.inject({ method: 'GET', url: '/api/nope' })).json()).toMatchObject({
        message: 'Route not found',
      });
    } finally {
      await web.close();
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish and answers 503 to new ones while closing', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webRoot: null });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    app.get('/api/slow', { config: { access: 'public' } }, async () => {
      started();
      await released;
      return { done: true };
    });
    app.addHook('onClose', async () => {
      await database.close();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const inFlight = fetch(`${base}/api/slow`);
    await hasStarted;
    const shuttingDown = app.shutdown();
    const late = await fetch(`${base}/api/health`);
    expect(late.status).toBe(503);
    expect(await late.json()).toMatchObject({ message: 'Server is shutting down, try again shortly' });
    release();
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ done: true });
    await shuttingDown;
    await expect(database.ping()).rejects.toThrow();
  });
});
