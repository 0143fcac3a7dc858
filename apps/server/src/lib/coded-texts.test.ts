import { bulkResult, occurrenceMessages } from '@ritim/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { unreachable } from '../platform/delivery/transports/types.js';
import { uncodedText } from '../test/harness.js';
import { createLocation } from '../test/seed.js';
import { useTestApp } from '../test/use-test-app.js';
import { AppError } from '../platform/errors.js';

/**
 * Every text the server sends has a code (`<section>.<name>`), so a client can show it in its own
 * language: the texts are sections' messages by type, and each kind of refusal answers with one.
 * (The harness also fails any server test that meets an error or bulk result without a code.)
 */
describe('a text the server sends', () => {
  it('is a section’s text: a string written anywhere else does not typecheck, nor pass when it runs', () => {
    // @ts-expect-error a string that is no section's text has no code
    expect(() => new AppError(400, 'Something is wrong')).toThrow(TypeError);
    // @ts-expect-error likewise a bulk action's result
    expect(() => bulkResult(true, '3 done')).toThrow(TypeError);
    // @ts-expect-error likewise why a recipient cannot be reached
    expect(() => unreachable('no address')).toThrow(TypeError);
    expect(new AppError(409, occurrenceMessages.hasMessages).body).toEqual({
      message: 'This occurrence has logged messages and cannot be deleted',
      code: 'occurrences.hasMessages',
    });
  });

  describe('over HTTP', () => {
    const ctx = useTestApp({ people: true });
    const { admin } = ctx.headers;
    let locationId: number;

    beforeAll(async () => {
      locationId = await createLocation(ctx, admin, 'Hall');
    });

    /** The request's answer: its status and body, which must carry a code. */
    async function answer(request: InjectOptions) {
      const response = await ctx.app.inject({ headers: admin, ...request });
      expect(uncodedText(response)).toBeUndefined();
      return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
    }
    const event = (rrule: string) =>
      answer({
        method: 'POST',
        url: '/api/events',
        payload: { title: 'Choir', locationId, organiserId: ctx.ids.editor, guestIds: [], rrule, endTime: '11:00' },
      });

    it.each([
      [
        'the recurrence engine’s refusal, in its words',
        'DTSTART:20261020T100000Z\nRRULE:FREQ=HOURLY;COUNT=2',
        {
          message: 'Events cannot repeat more often than daily (FREQ=HOURLY is not supported)',
          code: 'events.ruleInvalid',
        },
      ],
      [
        'a business limit of the engine, as the events section words it',
        'DTSTART:20261020T100000Z\nRRULE:FREQ=DAILY;COUNT=181',
        { message: 'Maximum number of occurrences is 180', code: 'events.maxCount' },
      ],
    ])('answers %s with a code', async (_what, rrule, body) => {
      expect(await event(rrule)).toMatchObject({ status: 400, body });
    });

    it('answers an occurrence date it cannot read, or out of range, with a code', async () => {
      const created = await event('DTSTART:20261020T100000Z\nRRULE:FREQ=DAILY;COUNT=1');
      expect(created.status).toBe(201);
      const [occurrence] = (
        await answer({ method: 'GET', url: `/api/event-occurrences?eventId=${String(created.body.id)}` })
      ).body.eventOccurrences as { id: number }[];
      const move = (occurrenceDate: string) =>
        answer({ method: 'PATCH', url: `/api/event-occurrences/${occurrence!.id}`, payload: { occurrenceDate } });
      expect(await move('2026-02-30T10:00')).toMatchObject({
        status: 400,
        body: { code: 'occurrences.dateInvalid' },
      });
      expect(await move('0999-01-01T10:00')).toMatchObject({
        status: 400,
        body: {
          message: 'Occurrence date must be between the years 1900 and 2999',
          code: 'occurrences.dateOutOfRange',
        },
      });
    });

    it('answers a lookup of a record that does not exist with a code and the record', async () => {
      expect(
        await answer({
          method: 'POST',
          url: '/api/lookups',
          payload: { key: 'k', value: 'v', label: 'L', lookupableType: 'users', lookupableId: 999999 },
        }),
      ).toMatchObject({
        status: 400,
        body: { message: 'User 999999 does not exist', code: 'lookups.recordMissing', values: { item: 'User' } },
      });
    });

    it('answers a schema’s text that is no section’s message, and the framework’s refusals, with a code', async () => {
      expect(
        await answer({ method: 'GET', url: '/api/event-occurrences/export?from=2026-03-30&to=2026-03-28' }),
      ).toMatchObject({
        status: 400,
        body: { message: 'The export’s end (to) must not be before its start (from)', code: 'common.invalidInput' },
      });
      const tooLarge = await answer({
        method: 'POST',
        url: '/api/locations',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(tooLarge).toMatchObject({ status: 413, body: { code: 'common.requestRefused' } });
      const notJson = await answer({
        method: 'POST',
        url: '/api/locations',
        headers: { ...admin, 'content-type': 'application/xml' },
        payload: '<name>Hall</name>',
      });
      expect(notJson).toMatchObject({ status: 415, body: { code: 'common.requestRefused' } });
    });

    it('signs out with a code', async () => {
      expect(await answer({ method: 'POST', url: '/api/auth/logout' })).toMatchObject({
        status: 200,
        body: { message: 'Signed out', code: 'common.signedOut' },
      });
    });
  });
});
