import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadSectionTexts } from '../../i18n';
import { GuestsWithMarks } from './attendance-badge';

const guests = [
  { id: 1, name: 'Ali', surname: null, attendance: 'cancelled' as const, rsvp: 'no' as const },
  { id: 2, name: 'Can', surname: null, attendance: null, rsvp: 'yes' as const },
  { id: 3, name: 'Ece', surname: null, attendance: null, rsvp: null },
];

describe('GuestsWithMarks', () => {
  beforeAll(() => loadSectionTexts());
  afterAll(() => loadLanguage('en'));

  it('shows each guest’s own answer beside their name and mark; no answer shows nothing', () => {
    render(<GuestsWithMarks guests={guests} />);
    expect(screen.getAllByTestId('rsvp-badge').map((badge) => badge.textContent)).toEqual(['Said no', 'Said yes']);
    expect(screen.getAllByTestId('attendance-badge').map((badge) => badge.textContent)).toEqual(['Cancelled']);
  });

  it('words the answers in Turkish', async () => {
    await loadLanguage('tr');
    render(<GuestsWithMarks guests={guests} />);
    expect(screen.getAllByTestId('rsvp-badge').map((badge) => badge.textContent)).toEqual(['Hayır dedi', 'Evet dedi']);
  });
});
