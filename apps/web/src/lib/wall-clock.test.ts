import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayStartIn, formatSpan } from './wall-clock';

const ZONES = ['Europe/London', 'Europe/Istanbul', 'America/New_York', 'Australia/Lord_Howe'];

describe('dayStartIn', () => {
  it('is the zone’s midnight, on both sides of a DST change', () => {
    // London: GMT in winter, BST (UTC+1) from 29 March 2026; Istanbul stays UTC+3.
    expect(dayStartIn('2026-03-28', 'Europe/London').toISOString()).toBe('2026-03-28T00:00:00.000Z');
    expect(dayStartIn('2026-03-30', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(dayStartIn('2026-03-28', 'Europe/London', 7).toISOString()).toBe('2026-04-03T23:00:00.000Z');
    expect(dayStartIn('2026-07-06', 'Europe/Istanbul').toISOString()).toBe('2026-07-05T21:00:00.000Z');
    expect(dayStartIn('2026-12-29', 'Europe/Istanbul', 7).toISOString()).toBe('2027-01-04T21:00:00.000Z');
  });

  it('agrees with luxon’s start of the day, days on', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 7 }),
        (instant, zone, days) => {
          const start = DateTime.fromJSDate(instant).setZone(zone).startOf('day');
          expect(dayStartIn(start.toISODate()!, zone, days).toISOString()).toBe(start.plus({ days }).toUTC().toISO());
        },
      ),
    );
  });
});

describe('formatSpan', () => {
  it('writes the weekday, day and times in the zone and language', () => {
    expect(formatSpan('2026-01-12T10:00:00Z', '2026-01-12T11:00:00Z', 'Europe/London', 'en')).toBe(
      'Mon 12/01 10:00–11:00',
    );
    expect(formatSpan('2026-01-12T10:00:00Z', '2026-01-12T11:00:00Z', 'Europe/Istanbul', 'tr')).toBe(
      'Pzt 12/01 13:00–14:00',
    );
    expect(formatSpan('2026-07-06T22:30:00Z', '2026-07-06T23:30:00Z', 'Europe/London', 'en')).toBe(
      'Mon 06/07 23:30 – Tue 07/07 00:30',
    );
    expect(formatSpan('not a date', '2026-07-06T23:30:00Z', 'Europe/London', 'en')).toBe('');
  });

  it('agrees with the luxon formats it replaced', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 3 * 24 * 60 }),
        fc.constantFrom(...ZONES),
        fc.constantFrom('en', 'tr'),
        (from, minutes, zone, locale) => {
          const startsAt = from.toISOString();
          const endsAt = new Date(from.getTime() + minutes * 60_000).toISOString();
          const start = DateTime.fromISO(startsAt).setZone(zone).setLocale(locale);
          const end = DateTime.fromISO(endsAt).setZone(zone).setLocale(locale);
          const day = 'ccc dd/MM';
          const expected = start.hasSame(end, 'day')
            ? `${start.toFormat(`${day} HH:mm`)}–${end.toFormat('HH:mm')}`
            : `${start.toFormat(`${day} HH:mm`)} – ${end.toFormat(`${day} HH:mm`)}`;
          expect(formatSpan(startsAt, endsAt, zone, locale)).toBe(expected);
        },
      ),
    );
  });
});
