import http from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeTestServers, listenLocally, testJpeg } from './test-servers.js';
import type { OutgoingMessage } from './types.js';
import { createWebhookTransport, signWebhook, verifyWebhookSignature, type WebhookConfig } from './webhook.js';

const SECRET = 'receiver-shared-secret';

let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await testJpeg('#8e44ad');
});
afterEach(closeTestServers);

interface Delivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
}

/**
 * A receiver as docs/messaging-transports.md describes it: verifies the signature over the raw
 * body with its copy of the secret (401 when it does not match), then answers 202 with its own id.
 */
async function startReceiver(secret = SECRET): Promise<{ url: string; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const { origin } = await listenLocally((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const timestamp = String(req.headers['x-ritim-timestamp'] ?? '');
      const signature = String(req.headers['x-ritim-signature'] ?? '');
      if (!verifyWebhookSignature(secret, timestamp, rawBody, signature)) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'invalid signature' }));
        return;
      }
      deliveries.push({ path: req.url!, headers: req.headers, rawBody });
      res.writeHead(202, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `delivery-${deliveries.length}` }));
    });
  });
  return { url: `${origin}/hooks/ritim`, deliveries };
}

const config = (url: string, secret = SECRET): WebhookConfig => ({ transport: 'webhook', url, secret });

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: 11,
  idempotencyKey: 'monthly:2026-02:5',
  recipient: { kind: 'group', chatId: '120363041234567890@g.us', name: 'Ekip' },
  subject: 'Şubat raporu',
  text: 'Aylık rapor ekte.',
  attachments: [{ filename: 'rapor.jpg', contentType: 'image/jpeg', content: jpeg }],
  ...overrides,
});

describe('webhook transport', () => {
  it('posts the message as signed JSON that the receiver verifies', async () => {
    const { url, deliveries } = await startReceiver();
    const result = await createWebhookTransport(config(url)).send(message());

    expect(result).toEqual({ externalId: 'delivery-1' });
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery!.path).toBe('/hooks/ritim');
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(delivery!.headers['x-ritim-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(delivery!.headers['x-ritim-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    const body = JSON.parse(delivery!.rawBody.toString('utf8')) as { attachments: { base64: string }[] };
    expect(body).toEqual({
      id: 11,
      idempotencyKey: 'monthly:2026-02:5',
      recipient: { kind: 'group', chatId: '120363041234567890@g.us', name: 'Ekip' },
      subject: 'Şubat raporu',
      text: 'Aylık rapor ekte.',
      attachments: [{ filename: 'rapor.jpg', contentType: 'image/jpeg', base64: expect.any(String) as unknown }],
    });
    expect(Buffer.from(body.attachments[0]!.base64, 'base64').equals(jpeg)).toBe(true);
  });

  it('is refused by a receiver holding another secret, permanently, with the receiver text', async () => {
    const { url, deliveries } = await startReceiver('a-different-secret-value');
    await expect(createWebhookTransport(config(url)).send(message())).rejects.toMatchObject({
      name: 'TransportError',
      permanent: true,
      status: 401,
      message: `Webhook POST ${new URL(url).origin}/hooks/ritim answered 401 Unauthorized: invalid signature`,
    });
    expect(deliveries).toHaveLength(0);
  });

  it('treats a redirect as a wrong URL (permanent) and a server error as temporary', async () => {
    let answer = { status: 302, headers: { location: 'https://elsewhere.example.com/hook' }, body: '' };
    const { origin } = await listenLocally((_req, res) => {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
    const url = `${origin}/hook`;
    const transport = createWebhookTransport(config(url));

    await expect(transport.send(message())).rejects.toMatchObject({
      permanent: true,
      status: 302,
      message: `Webhook POST ${new URL(url).origin}/hook answered 302 (a redirect to https://elsewhere.example.com/hook): check the URL`,
    });
    answer = { status: 500, headers: { location: '' }, body: 'database is down\n' };
    await expect(transport.send(message())).rejects.toMatchObject({
      permanent: false,
      status: 500,
      message: `Webhook POST ${new URL(url).origin}/hook answered 500 Internal Server Error: database is down`,
    });
  });

  it('reaches every recipient (the receiver decides)', () => {
    const transport = createWebhookTransport(config('http://127.0.0.1:1/'));
    expect(transport.resolve({ kind: 'user', name: 'Ali', email: null, phone: '+44 7700 900123' })).toEqual({
      reachable: true,
      address: '+44 7700 900123',
    });
  });

  it('gives up on a receiver that does not answer in time, as a temporary failure', async () => {
    const { origin } = await listenLocally(() => undefined);
    const url = `${origin}/slow`;
    await expect(createWebhookTransport(config(url), { timeoutMs: 200 }).send(message())).rejects.toMatchObject({
      permanent: false,
      message: `Webhook POST ${new URL(url).origin}/slow: no answer within 0.2 s`,
    });
  });
});

describe('verifyWebhookSignature', () => {
  const body = '{"id":1}';
  const now = new Date('2026-03-01T12:00:00Z');
  const timestamp = String(now.getTime() / 1000);
  const signature = signWebhook(SECRET, timestamp, body);

  it('accepts the signature of the body and timestamp, as text or bytes', () => {
    expect(verifyWebhookSignature(SECRET, timestamp, body, signature, now)).toBe(true);
    expect(verifyWebhookSignature(SECRET, timestamp, Buffer.from(body), signature, now)).toBe(true);
  });

  it('refuses another secret, another body, another timestamp or a mangled signature', () => {
    expect(verifyWebhookSignature('another-secret-16chars', timestamp, body, signature, now)).toBe(false);
    expect(verifyWebhookSignature(SECRET, timestamp, '{"id":2}', signature, now)).toBe(false);
    expect(verifyWebhookSignature(SECRET, String(Number(timestamp) + 1), body, signature, now)).toBe(false);
    expect(verifyWebhookSignature(SECRET, timestamp, body, signature.toUpperCase(), now)).toBe(false);
    expect(verifyWebhookSignature(SECRET, timestamp, body, signature.slice(0, -1), now)).toBe(false);
    expect(verifyWebhookSignature(SECRET, timestamp, body, '', now)).toBe(false);
    expect(
      verifyWebhookSignature(SECRET, `${timestamp}.5`, body, signWebhook(SECRET, `${timestamp}.5`, body), now),
    ).toBe(false);
  });

  it('refuses a replay older than 5 minutes, and a timestamp more than 5 minutes ahead', () => {
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(verifyWebhookSignature(SECRET, timestamp, body, signature, at(300))).toBe(true);
    expect(verifyWebhookSignature(SECRET, timestamp, body, signature, at(301))).toBe(false);
    expect(verifyWebhookSignature(SECRET, timestamp, body, signature, at(-300))).toBe(true);
    expect(verifyWebhookSignature(SECRET, timestamp, body, signature, at(-301))).toBe(false);
  });
});
