import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates';

describe('formatDateTime', () => {
  it('shows an instant as dd/MM/yyyy HH:mm in the given zone', () => {
    expect(formatDateTime('2025-03-30T09:05:00Z', 'Europe/Istanbul')).toBe('30/03/2025 12:05');
    expect(formatDateTime('2025-03-30T09:05:00Z', 'Europe/London')).toBe('30/03/2025 10:05');
  });

  it('is blank for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
