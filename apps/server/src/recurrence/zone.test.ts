import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { checkZone, ZoneOffsets, zoneOffsets } from './zone.js';

const ZONES = [
  'Europe/London',
  'Europe/Istanbul',
  'America/New_York',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'America/Sao_Paulo',
  'America/Recife',
  'Asia/Gaza',
  'Africa/Casablanca',
  'Asia/Kolkata',
  'America/St_Johns',
  'UTC',
];
const luxonOffset = (zone: string, instant: number) => Math.round(IANAZone.create(zone).offset(instant) * 60_000);

describe('checkZone', () => {
  it('accepts IANA zones and spells them the usual way', () => {
    expect(checkZone('europe/istanbul')).toBe('Europe/Istanbul');
    expect(checkZone('UTC')).toBe('UTC');
    expect(checkZone('Asia/Calcutta')).toBe('Asia/Calcutta');
  });

  it.each(['Mars/Olympus', '+03:00', 'GMT+3', '', 'Europe/London/'])('refuses %j', (zone) => {
    expect(() => checkZone(zone)).toThrow(`Unknown time zone: ${zone}`);
  });
});

describe('ZoneOffsets', () => {
  it('agrees with Luxon at any instant from 1900 to 2100', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        (zone, instant) => {
          expect(zoneOffsets(zone).offsetAt(instant)).toBe(luxonOffset(zone, instant));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds transitions only a week apart (Brazil 2000, Gaza 2040) to the second', () => {
    for (const [zone, year] of [
      ['America/Recife', 2000],
      ['Asia/Gaza', 2040],
    ] as const) {
      const table = new ZoneOffsets(zone);
      for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 3_600_000) {
        expect(table.offsetAt(t)).toBe(luxonOffset(zone, t));
      }
    }
  });

  it('maps every wall-clock time that exists back to itself', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1990, 0, 1) / 60_000, max: Date.UTC(2060, 0, 1) / 60_000 }),
        (zone, minutes) => {
          const local = minutes * 60_000;
          const offsets = zoneOffsets(zone);
          const instant = offsets.toInstant(local);
          const exists = offsets.toLocal(instant) === local;
          // Otherwise it is in a gap, and moved forward by the gap's length.
          const gap = offsets.offsetAt(local + 86_400_000) - offsets.offsetAt(local - 86_400_000);
          expect(exists ? local : local + gap).toBe(offsets.toLocal(instant));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('takes the earlier instant of a repeated wall-clock time, whatever Luxon would pick', () => {
    const local = Date.UTC(2025, 10, 2, 1, 30);
    expect(new Date(zoneOffsets('America/New_York').toInstant(local)).toISOString()).toBe('2025-11-02T05:30:00.000Z');
    // Luxon resolves it from an offset guess taken at "now", so its answer changes with the season.
    const luxon = DateTime.fromObject(
      { year: 2025, month: 11, day: 2, hour: 1, minute: 30 },
      { zone: 'America/New_York' },
    );
    expect(['2025-11-02T05:30:00.000Z', '2025-11-02T06:30:00.000Z']).toContain(luxon.toUTC().toISO());
  });

  it('moves a time in a gap forward by the gap (Lord Howe: 30 minutes)', () => {
    const local = Date.UTC(2025, 9, 5, 2, 15);
    const instant = zoneOffsets('Australia/Lord_Howe').toInstant(local);
    expect(DateTime.fromMillis(instant, { zone: 'Australia/Lord_Howe' }).toFormat('HH:mm')).toBe('02:45');
  });
});
