import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createLocation, createUsers, type Headers, headersOf, occurrenceIdsOf } from '../test/seed.js';
import { useTestApp } from '../test/use-test-app.js';
import { ImageCache, reportImages } from './image-cache.js';

/**
 * The report image is rendered once per distinct content: GET /api/forms/{id}/report/{occurrence}
 * twice renders once, If-None-Match with its ETag is a 304 without rendering, and whatever the
 * image shows changing (a submission, a guest's name, the form) gives a new ETag and a new image.
 */

const ZONE = 'Europe/Istanbul';
const ctx = useTestApp();
let admin: Headers;
let ids: Record<'admin' | 'emre' | 'ayse' | 'john', number>;
let occurrenceId: number;
let url: string;

const submit = async (guestId: number, notes: string) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/forms/1/submit',
    headers: admin,
    payload: {
      eventOccurrenceId: occurrenceId,
      guestId,
      data: { first_name: 'G', last_name: 'H', attendance: 'attended', Aciklama: notes },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const report = (extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...admin, ...extra } });

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', timezone: ZONE },
    { username: 'emre', role: 'editor', name: 'Emre', timezone: ZONE },
    { username: 'ayse', role: 'guest', name: 'Ayşe', timezone: ZONE },
    { username: 'john', role: 'guest', name: 'John', timezone: ZONE },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  const day = DateTime.now().setZone(ZONE).plus({ days: 3 }).toFormat('yyyyMMdd');
  const eventId = await createEvent(ctx, admin, {
    title: 'Çello',
    locationId: await createLocation(ctx, admin, 'Salon'),
    organiserId: ids.emre,
    guestIds: [ids.ayse, ids.john],
    rrule: `DTSTART;TZID=${ZONE}:${day}T100000\nRRULE:FREQ=DAILY;COUNT=1`,
  });
  [occurrenceId] = (await occurrenceIdsOf(ctx.database, eventId)) as [number];
  url = `/api/forms/1/report/${occurrenceId}`;
  await submit(ids.ayse, 'Ayşe çok iyi çalıştı');
  await submit(ids.john, 'John needs more practice');
});

describe('GET /api/forms/:formId/report/:occurrenceId, cached', () => {
  it('renders once for the same content, and answers its ETag with 304 without rendering', async () => {
    const before = reportImages.renders;
    const first = await report();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(reportImages.renders).toBe(before + 1);
    const second = await report();
    expect(second.headers.etag).toBe(etag);
    expect(second.headers['content-type']).toBe('image/jpeg');
    expect(second.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(second.headers['content-disposition']).toMatch(/^attachment; filename="\d{4}-\d{2}-\d{2}_report\.jpg"$/);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const notModified = await report({ 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(reportImages.renders).toBe(before + 1);
  });

  it('renders again when a submission changes, and its old ETag gets the new image', async () => {
    const old = await report();
    const etag = old.headers.etag as string;
    const before = reportImages.renders;
    await submit(ids.john, 'John played the whole piece');
    const changed = await report({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.rawPayload.equals(old.rawPayload)).toBe(false);
    expect(reportImages.renders).toBe(before + 1);
  });

  it('renders again when a guest is renamed or the form changes', async () => {
    const etags = [(await report()).headers.etag];
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${ids.ayse}`,
      headers: admin,
      payload: { surname: 'Yılmaz' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    etags.push((await report()).headers.etag);
    const form = await ctx.app.inject({ method: 'GET', url: '/api/forms/1', headers: admin });
    const schema = form.json<{ schema: { fields: { name: string; label: string }[] } }>().schema;
    const fields = schema.fields.map((field) =>
      field.name === 'Aciklama' ? { ...field, label: 'Session notes' } : field,
    );
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/forms/1',
      headers: admin,
      payload: { schema: { ...schema, fields } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    etags.push((await report()).headers.etag);
    expect(new Set(etags).size).toBe(3);
  });
});

describe('ImageCache', () => {
  it('renders a key once however many ask at once, and drops the least recently used past its size', async () => {
    const cache = new ImageCache(250);
    let renders = 0;
    const render = (fill: number) => async () => {
      renders += 1;
      return Buffer.alloc(100, fill);
    };
    // The first render of a is held until the second request for a has been made.
    let finishRender = () => {};
    const held = new Promise<void>((resolve) => (finishRender = resolve));
    const first = cache.get('a', async () => {
      renders += 1;
      await held;
      return Buffer.alloc(100, 1);
    });
    const second = cache.get('a', render(1));
    expect(renders).toBe(1);
    finishRender();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(renders).toBe(1);
    await cache.get('b', render(2));
    await cache.get('a', render(1));
    // A third image passes 250 bytes: b, the least recently used, goes.
    await cache.get('c', render(3));
    expect(renders).toBe(3);
    await cache.get('a', render(1));
    expect(renders).toBe(3);
    await cache.get('b', render(2));
    expect(renders).toBe(4);
    expect(cache.renders).toBe(4);
  });

  it('keeps nothing from a failed render', async () => {
    const cache = new ImageCache();
    await expect(cache.get('x', () => Promise.reject(new Error('no fonts')))).rejects.toThrow('no fonts');
    expect(await cache.get('x', () => Promise.resolve(Buffer.from('ok')))).toEqual(Buffer.from('ok'));
  });
});
