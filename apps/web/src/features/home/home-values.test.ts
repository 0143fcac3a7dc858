import type { EventOccurrence } from '@ritim/shared';
import { describe, expect, it } from 'vitest';
import { formatDay } from '../../entities/occurrence/rows';
import { dateTimeIn, timeIn, todayIn } from '../../lib/wall-clock';
import { formsToFill, isWebLink } from './home-values';

const person = (id: number, name: string, surname: string) => ({ id, name, surname, status: 'active' });
const ali = person(21, 'Ali', 'Demir');
const zeynep = person(22, 'Zeynep', 'Kara');
const can = person(23, 'Can', 'Öz');

const submission = (formId: number, guest: { id: number; name: string; surname: string } | null) => ({
  id: formId * 100 + (guest?.id ?? 0),
  form: { id: formId, title: formId === 1 ? 'Session notes' : 'Progress' },
  user: guest && { id: guest.id, name: guest.name, surname: guest.surname },
  formVersion: 1,
  notes: null,
  updatedAt: '2026-07-06T19:00:00.000Z',
});

const occurrence = (status: EventOccurrence['status']) =>
  ({
    id: 501,
    status,
    guests: [ali, zeynep, can],
    // Ali's session notes are in; Zeynep has only another form's; one submission is about no one.
    formSubmissions: [submission(1, ali), submission(2, zeynep), submission(1, null)],
  }) as unknown as EventOccurrence;

describe('formsToFill', () => {
  it('lists the guests still without the form, with the Fill Form link for each', () => {
    expect(formsToFill(occurrence('scheduled'), 1)).toEqual([
      { guestId: 22, guestName: 'Zeynep Kara', to: '/forms/1/form-submission/501?guestId=22&guestName=Zeynep+Kara' },
      { guestId: 23, guestName: 'Can Öz', to: '/forms/1/form-submission/501?guestId=23&guestName=Can+%C3%96z' },
    ]);
    expect(formsToFill(occurrence('approved'), 2).map((target) => target.guestId)).toEqual([21, 23]);
  });

  it('has nothing to fill once the occurrence is completed', () => {
    expect(formsToFill(occurrence('completed'), 1)).toEqual([]);
  });
});

describe('dates in a zone', () => {
  it('takes today from the zone, not the browser', () => {
    // 22:30 UTC on 29 March 2026: still the 29th in London (summer time starts at 01:00 UTC that night), the 30th in Istanbul.
    const now = new Date('2026-03-29T22:30:00Z');
    expect(todayIn('Europe/London', now)).toBe('2026-03-29');
    expect(todayIn('Europe/Istanbul', now)).toBe('2026-03-30');
  });

  it('shows times on the zone’s clock on both sides of a DST change', () => {
    // London: 10:00 in winter is 10:00 UTC, 10:00 in summer is 09:00 UTC; Istanbul stays UTC+3.
    expect(timeIn('2026-03-28T10:00:00Z', 'Europe/London')).toBe('10:00');
    expect(timeIn('2026-03-30T09:00:00Z', 'Europe/London')).toBe('10:00');
    expect(timeIn('2026-03-30T09:00:00Z', 'Europe/Istanbul')).toBe('12:00');
    expect(timeIn('2026-10-25T00:30:00Z', 'Europe/London')).toBe('01:30');
    expect(timeIn('2026-10-25T01:30:00Z', 'Europe/London')).toBe('01:30');
    // Midnight reads 00:00, not 24:00.
    expect(timeIn('2026-07-05T23:00:00Z', 'Europe/London')).toBe('00:00');
  });

  it('writes date-times as dd/MM/yyyy HH:mm and days as dd/MM/yyyy', () => {
    expect(dateTimeIn('2026-07-06T17:00:00.000Z', 'Europe/London')).toBe('06/07/2026 18:00');
    expect(dateTimeIn('2026-07-06T17:00:00.000Z', 'Europe/Istanbul')).toBe('06/07/2026 20:00');
    expect(dateTimeIn('not a date', 'Europe/London')).toBe('');
    expect(timeIn('', 'Europe/London')).toBe('');
    expect(formatDay('2026-07-06')).toBe('06/07/2026');
  });

  it('falls back to the browser’s zone for a zone it does not know, rather than failing', () => {
    expect(timeIn('2026-07-06T17:00:00.000Z', 'Mars/Olympus')).toMatch(/^\d{2}:\d{2}$/);
  });
});

describe('isWebLink', () => {
  it('opens http and https addresses only', () => {
    expect(isWebLink('https://meet.example.com/abc')).toBe(true);
    expect(isWebLink('http://example.com')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('Room 4, second floor')).toBe(false);
    expect(isWebLink(null)).toBe(false);
  });
});
