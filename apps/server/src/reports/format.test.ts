import { describe, expect, it } from 'vitest';
import { dativeOf, GUEST_TEXTS } from '../i18n/guest-texts.js';
import { attendanceTotals, formatTimeSpan, monthTitle, occurrenceTotals } from './format.js';

describe('formatTimeSpan', () => {
  it("writes the times in the zone passed in, whatever the host's zone", () => {
    const start = new Date('2026-11-14T07:00:00Z');
    const end = new Date('2026-11-14T08:30:00Z');
    expect(formatTimeSpan(start, end, 'Europe/Istanbul')).toBe('Sat 14/11/2026 10:00–11:30');
    expect(formatTimeSpan(start, end, 'Europe/London')).toBe('Sat 14/11/2026 07:00–08:30');
  });

  it('follows daylight saving: the same 10:00 London session before and after the clocks change', () => {
    expect(formatTimeSpan(new Date('2026-03-28T10:00:00Z'), new Date('2026-03-28T11:00:00Z'), 'Europe/London')).toBe(
      'Sat 28/03/2026 10:00–11:00',
    );
    expect(formatTimeSpan(new Date('2026-03-29T09:00:00Z'), new Date('2026-03-29T10:00:00Z'), 'Europe/London')).toBe(
      'Sun 29/03/2026 10:00–11:00',
    );
    // The night the clocks go back, 01:30 happens twice: an hour-long session from the first 01:30 ends at the second.
    expect(formatTimeSpan(new Date('2026-10-25T00:30:00Z'), new Date('2026-10-25T01:30:00Z'), 'Europe/London')).toBe(
      'Sun 25/10/2026 01:30–01:30',
    );
  });

  it('writes an end on another day in full', () => {
    expect(formatTimeSpan(new Date('2026-11-14T20:00:00Z'), new Date('2026-11-14T22:30:00Z'), 'Europe/Istanbul')).toBe(
      'Sat 14/11/2026 23:00 – Sun 15/11/2026 01:30',
    );
  });

  it('refuses an unknown zone or an invalid date rather than printing "Invalid DateTime"', () => {
    const start = new Date('2026-11-14T07:00:00Z');
    expect(() => formatTimeSpan(start, start, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => formatTimeSpan(new Date(Number.NaN), start, 'Europe/London')).toThrow(RangeError);
  });
});

describe('monthTitle', () => {
  it('names the month in English', () => {
    expect(monthTitle(2026, 11)).toBe('November 2026');
    expect(monthTitle(2027, 1)).toBe('January 2027');
  });

  it('refuses a month that does not exist', () => {
    expect(() => monthTitle(2026, 13)).toThrow(RangeError);
  });
});

describe('occurrenceTotals', () => {
  it('counts the sessions and each status, completed first, leaving out statuses nobody has', () => {
    const statuses = [...Array<'completed'>(6).fill('completed'), 'approved' as const, 'scheduled' as const];
    expect(occurrenceTotals(statuses)).toBe('8 sessions: 6 completed, 1 approved, 1 scheduled');
    expect(occurrenceTotals(['scheduled', 'completed', 'scheduled'])).toBe('3 sessions: 1 completed, 2 scheduled');
    expect(occurrenceTotals(['approved'])).toBe('1 session: 1 approved');
    expect(occurrenceTotals([])).toBe('0 sessions');
    expect(occurrenceTotals(['cancelled', 'completed'])).toBe('2 sessions: 1 completed, 1 cancelled');
  });
});

describe('attendanceTotals', () => {
  it('counts present and late of present, late, absent and cancelled late; excused, cancelled in time and unmarked count neither way', () => {
    expect(attendanceTotals(['present', 'late', 'absent', 'lateCancelled', 'excused', 'cancelled', null])).toBe(
      'Attended 2 of 4 sessions',
    );
    expect(attendanceTotals(['absent'])).toBe('Attended 0 of 1 session');
    expect(attendanceTotals(['present', 'present'])).toBe('Attended 2 of 2 sessions');
  });

  it('says nothing when no session counts', () => {
    expect(attendanceTotals([])).toBeUndefined();
    expect(attendanceTotals([null, 'excused', 'cancelled'])).toBeUndefined();
  });
});

describe('more guests', () => {
  it('says how many were left out', () => {
    expect(GUEST_TEXTS.en.moreGuests(1)).toBe('… and 1 more guest');
    expect(GUEST_TEXTS.en.moreGuests(12)).toBe('… and 12 more guests');
    expect(GUEST_TEXTS.tr.moreGuests(12)).toBe('… ve 12 misafir daha');
  });
});

describe('in Turkish', () => {
  const tr = GUEST_TEXTS.tr;

  it('writes weekdays, months and dates the Turkish way', () => {
    const start = new Date('2026-11-14T07:00:00Z');
    const end = new Date('2026-11-14T08:30:00Z');
    expect(formatTimeSpan(start, end, 'Europe/Istanbul', tr)).toBe('14 Kas 2026 Cmt 10:00–11:30');
    expect(
      formatTimeSpan(new Date('2026-11-14T20:00:00Z'), new Date('2026-11-14T22:30:00Z'), 'Europe/Istanbul', tr),
    ).toBe('14 Kas 2026 Cmt 23:00 – 15 Kas 2026 Paz 01:30');
    expect(monthTitle(2026, 11, tr)).toBe('Kasım 2026');
  });

  it('counts sessions in Turkish', () => {
    expect(occurrenceTotals(['completed', 'completed', 'scheduled'], tr)).toBe('3 oturum: 2 tamamlandı, 1 planlandı');
  });

  it("counts attendance in Turkish, the number's suffix following how it is read aloud", () => {
    expect(attendanceTotals(['present', 'late', 'absent'], tr)).toBe("3 oturumdan 2'sine katıldı");
    expect(attendanceTotals(['absent', 'lateCancelled'], tr)).toBe('2 oturumun hiçbirine katılmadı');
    const suffixes = Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 1000].map((n) => [n, dativeOf(n)]),
    );
    expect(suffixes).toEqual({
      1: 'ine', // bir
      2: 'sine', // iki
      3: 'üne', // üç
      4: 'üne', // dört
      5: 'ine', // beş
      6: 'sına', // altı
      7: 'sine', // yedi
      8: 'ine', // sekiz
      9: 'una', // dokuz
      10: 'una', // on
      12: 'sine', // on iki
      20: 'sine', // yirmi
      30: 'una', // otuz
      40: 'ına', // kırk
      50: 'sine', // elli
      60: 'ına', // altmış
      70: 'ine', // yetmiş
      80: 'ine', // seksen
      90: 'ına', // doksan
      100: 'üne', // yüz
      110: 'una', // yüz on
      1000: 'ine', // bin
    });
  });
});
