import { attendanceMessages } from '@ritim/shared';
import { describe, expect, it } from 'vitest';
import {
  monthLabel,
  monthOf,
  monthsOf,
  rangeProblem,
  readState,
  shiftMonth,
  sortRows,
  summaryParams,
  writeState,
  type SummaryRow,
} from './attendance-values';

const zone = 'Europe/Istanbul';
// 23:30 UTC on 30 November is already 1 December in Istanbul.
const now = new Date('2026-11-30T23:30:00Z');

const row = (id: number, name: string, rate: number | null, present = 0): SummaryRow => ({
  key: { id, name },
  sessions: present,
  present,
  late: 0,
  absent: 0,
  excused: 0,
  cancelled: 0,
  lateCancelled: 0,
  unmarked: 0,
  rate,
});

describe('the Attendance screen’s values', () => {
  it('starts on this month in the user’s zone, grouped by guest and sorted by name', () => {
    expect(readState(new URLSearchParams(), zone, now)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
      groupBy: 'guest',
      filters: {},
      sort: 'name',
      descending: false,
    });
    expect(writeState(readState(new URLSearchParams(), zone, now), zone, now).toString()).toBe('');
  });

  it('reads and writes the range, grouping, filters, guest and sort, ignoring what it does not understand', () => {
    const url =
      'from=2026-01-01&to=2026-03-31&groupBy=event&organiserId=4&locationId=x&groupId=0&guestId=9&guestName=Ali+Demir&sort=-rate';
    const state = readState(new URLSearchParams(url), zone, now);
    expect(state).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      groupBy: 'event',
      filters: { organiserId: 4 },
      guest: { id: 9, name: 'Ali Demir' },
      sort: 'rate',
      descending: true,
    });
    expect(Object.fromEntries(writeState(state, zone, now))).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      groupBy: 'event',
      organiserId: '4',
      guestId: '9',
      guestName: 'Ali Demir',
      sort: '-rate',
    });
    expect(summaryParams(state, zone, 'month')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      groupBy: 'month',
      timezone: zone,
      organiserId: 4,
      guestId: 9,
    });
    // A guest's history is by month unless the URL says otherwise.
    expect(readState(new URLSearchParams('guestId=9'), zone, now).groupBy).toBe('month');
    expect(readState(new URLSearchParams('from=2026-02-30&sort=nope'), zone, now)).toMatchObject({
      from: '2026-12-01',
      sort: 'name',
      descending: false,
    });
  });

  it('steps by months and refuses a range the summary does not cover', () => {
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(shiftMonth('2026-01-15', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(shiftMonth('2026-12-01', 1)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(monthsOf('2026-11-15', '2027-01-02')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(rangeProblem('2026-01-01', '2026-12-31')).toBeNull();
    expect(rangeProblem('2026-01-01', '2027-01-01')).toBeNull();
    expect(rangeProblem('2026-01-01', '2027-01-02')).toBe(attendanceMessages.rangeTooLong);
    expect(rangeProblem('2026-02-01', '2026-01-31')).toBe(attendanceMessages.rangeInverted);
  });

  it('sorts by a count or the rate, rows without a rate last, names in the language’s order', () => {
    const rows = [row(1, 'Zeynep', 0.5, 2), row(2, 'Ali', null), row(3, 'Çağla', 1, 1), row(4, 'Can', 0.5, 3)];
    const names = (sorted: SummaryRow[]) => sorted.map((r) => r.key.name);
    expect(names(sortRows(rows, 'name', false, 'tr'))).toEqual(['Ali', 'Can', 'Çağla', 'Zeynep']);
    expect(names(sortRows(rows, 'rate', true, 'tr'))).toEqual(['Çağla', 'Can', 'Zeynep', 'Ali']);
    expect(names(sortRows(rows, 'rate', false, 'tr'))).toEqual(['Can', 'Zeynep', 'Çağla', 'Ali']);
    expect(names(sortRows(rows, 'present', true, 'tr'))).toEqual(['Can', 'Zeynep', 'Çağla', 'Ali']);
  });

  it('names a month in the user’s language', () => {
    expect(monthLabel('2026-11', 'en')).toBe('November 2026');
    expect(monthLabel('2026-11', 'tr')).toBe('Kasım 2026');
  });
});
