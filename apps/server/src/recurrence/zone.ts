import { IANAZone } from 'luxon';
import { RecurrenceError } from './errors.js';

/**
 * Time-zone arithmetic for the engine. Wall-clock times are "floating" milliseconds: the local
 * fields encoded as if they were UTC (`Date.UTC(y, m - 1, d, h, mi, s)`), the representation
 * rrule.js expands in when it has no tzid. Nothing here reads the host's time zone.
 */

export const DAY_MS = 86_400_000;

/**
 * Offsets are sampled this far apart and each change is bisected to the second. Two transitions
 * closer than this (a change and its reversal between two samples) would go unseen; the closest pairs
 * in the time-zone data Node ships are 7 days apart (Brazil in 2000, Gaza's Ramadan rule).
 */
const SAMPLE_STEP_MS = 2 * DAY_MS;
const LONG_OFFSET = /GMT(?:([+-])(\d\d):(\d\d)(?::(\d\d))?)?$/;

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
const canonicalNames = new Map(
  [...Intl.supportedValuesOf('timeZone'), 'UTC'].map((name) => [name.toLowerCase(), name] as const),
);

// Checking a zone builds an Intl.DateTimeFormat (a few hundred microseconds): remember the answers,
// by lower-case name so the map stays as small as the zone list.
const checkedZones = new Map<string, string>();

/** The zone's IANA name with its usual capitalisation, or a RecurrenceError for an unknown zone. */
export function checkZone(name: string): string {
  const key = name.toLowerCase();
  const known = checkedZones.get(key);
  if (known) return known;
  if (!IANA_NAME.test(name) || !IANAZone.isValidZone(name)) throw new RecurrenceError(`Unknown time zone: ${name}`);
  const canonical = canonicalNames.get(key) ?? name;
  checkedZones.set(key, canonical);
  return canonical;
}

interface YearOffsets {
  /** Instants where an offset starts, ascending; the first is the year's start. */
  starts: number[];
  /** Offset in milliseconds from each start until the next one (or the year's end). */
  offsets: number[];
  end: number;
}

/**
 * One zone's UTC offsets, learnt one UTC year at a time (about 200 Intl look-ups, under a millisecond) and
 * kept for the life of the process: offsets only change at transitions, so mapping a wall-clock time
 * usually costs a comparison against the last segment used.
 */
export class ZoneOffsets {
  private readonly years = new Map<number, YearOffsets>();
  private readonly format: Intl.DateTimeFormat;
  // The segment the last look-up landed in: [segStart, segEnd) has offset segOffset.
  private segStart = 0;
  private segEnd = 0;
  private segOffset = 0;

  constructor(readonly name: string) {
    this.format = new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' });
  }

  /** The zone's UTC offset (ms) at an instant. */
  offsetAt(instant: number): number {
    if (instant >= this.segStart && instant < this.segEnd) return this.segOffset;
    const year = this.yearOffsets(new Date(instant).getUTCFullYear());
    const { starts, offsets } = year;
    let i = starts.length - 1;
    while (i > 0 && (starts[i] as number) > instant) i -= 1;
    this.segStart = starts[i] as number;
    this.segEnd = i + 1 < starts.length ? (starts[i + 1] as number) : year.end;
    this.segOffset = offsets[i] as number;
    return this.segOffset;
  }

  /** The wall-clock time (floating ms) of an instant in this zone. */
  toLocal(instant: number): number {
    return instant + this.offsetAt(instant);
  }

  /**
   * The instant of a wall-clock time (floating ms), resolved as RFC 5545 §3.3.5 says: a time in a
   * spring-forward gap is read with the offset before the gap (so it moves forward by the gap's
   * length: 02:30 on a New York spring-forward day is 03:30 EDT), and a time a fall-back repeats
   * is the first of the two (01:30 on a New York fall-back day is 01:30 EDT).
   */
  toInstant(local: number): number {
    const before = this.offsetAt(local - DAY_MS);
    // No transition within a day on either side: the common case, one comparison after the first.
    if (local + DAY_MS < this.segEnd) return local - before;
    const after = this.offsetAt(local + DAY_MS);
    if (before === after) return local - before;
    const early = local - Math.max(before, after);
    const late = local - Math.min(before, after);
    const earlyFits = this.offsetAt(early) === Math.max(before, after);
    const lateFits = this.offsetAt(late) === Math.min(before, after);
    if (earlyFits) return early;
    if (lateFits) return late;
    return local - before;
  }

  private yearOffsets(year: number): YearOffsets {
    let known = this.years.get(year);
    if (!known) {
      known = this.learnYear(year);
      this.years.set(year, known);
    }
    return known;
  }

  private learnYear(year: number): YearOffsets {
    const start = Date.UTC(year, 0, 1);
    const end = Date.UTC(year + 1, 0, 1);
    const starts = [start];
    const offsets = [this.sample(start)];
    let t = start;
    let offset = offsets[0] as number;
    while (t < end) {
      const next = Math.min(t + SAMPLE_STEP_MS, end);
      const nextOffset = this.sample(next);
      if (nextOffset !== offset) {
        const change = this.findChange(t, next, offset);
        if (change < end) {
          starts.push(change);
          offsets.push(nextOffset);
        }
      }
      t = next;
      offset = nextOffset;
    }
    return { starts, offsets, end };
  }

  /** The first whole second in (from, to] whose offset differs from `offset` (tzdata changes on whole seconds). */
  private findChange(from: number, to: number, offset: number): number {
    let low = from / 1000;
    let high = to / 1000;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (this.sample(middle * 1000) === offset) low = middle;
      else high = middle;
    }
    return high * 1000;
  }

  /** The offset at an instant from Intl's "GMT+03:00" form (a third of the cost of Luxon's formatToParts). */
  private sample(instant: number): number {
    const match = LONG_OFFSET.exec(this.format.format(instant));
    if (!match) throw new Error(`Unexpected offset format for ${this.name}`);
    const [, sign, hours, minutes, seconds] = match;
    if (!sign) return 0;
    const ms = (Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds ?? 0)) * 1000;
    return sign === '-' ? -ms : ms;
  }
}

const tables = new Map<string, ZoneOffsets>();

/** The shared offset table of a zone (checked with checkZone first). */
export function zoneOffsets(zone: string): ZoneOffsets {
  let table = tables.get(zone);
  if (!table) {
    table = new ZoneOffsets(zone);
    tables.set(zone, table);
  }
  return table;
}
