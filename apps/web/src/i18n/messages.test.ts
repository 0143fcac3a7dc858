import {
  messageCodes,
  messages,
  messagingMessages,
  myProfileSchema,
  notFound,
  occurrenceMessages,
} from '@ritim/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../features/events/event-values';
import { translateMessage, loadLanguage } from './index';
import { tr } from './tr';
import { flatten, placeholders } from '../test/texts';

/** The validation texts a schema gives for some input. */
const issuesOf = (input: unknown) => {
  const result = myProfileSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('server messages in Turkish', () => {
  beforeAll(() => loadLanguage('tr'));
  afterAll(() => loadLanguage('en'));

  it('has a Turkish text for every message code, and none for a code that does not exist', () => {
    const codes = [...messageCodes().keys()].sort();
    expect([...flatten(tr.messages).keys()].sort()).toEqual(codes);
  });

  it('uses only the values the English message has', () => {
    for (const [code, turkish] of flatten(tr.messages)) {
      const english = messageCodes().get(code)!;
      if (english === code) continue; // a template with logic: its values are checked by the tests below
      for (const name of placeholders(turkish)) expect(placeholders(english), `${code}: {{${name}}}`).toContain(name);
    }
  });

  it('words a coded message with its values in Turkish', () => {
    expect(
      translateMessage({ message: 'Guest 12 is not an active guest', code: 'events.guestInvalid', values: { id: 12 } }),
    ).toBe('12 numaralı misafir etkin bir misafir değil');
    expect(translateMessage(occurrenceMessages.approved({ count: 3 }))).toBe('3 tekrar onaylandı');
  });

  it('names the record of a not-found message in Turkish', () => {
    const answer = JSON.parse(JSON.stringify(notFound('Event occurrence'))) as { message: string };
    expect(answer.message).toBe('Event occurrence not found');
    expect(translateMessage(answer)).toBe('Etkinlik tekrarı bulunamadı');
    expect(translateMessage(notFound('Message group'))).toBe('Mesaj grubu bulunamadı');
  });

  it('words a sentence made of coded parts, and the parts, in Turkish', () => {
    // As the server sends it (JSON): the parts are plain {code, message, values} objects.
    const summary = JSON.parse(
      JSON.stringify(
        messagingMessages.sendSummary({
          parts: [
            messagingMessages.remindersQueued({ count: 2 }),
            messagingMessages.skipped({ count: 1, reason: 'no email address', names: 'Ayşe Yılmaz' }),
          ],
        }),
      ),
    ) as { message: string };
    expect(summary.message).toBe('2 reminders queued, 1 skipped: no email address (Ayşe Yılmaz)');
    expect(translateMessage(summary)).toBe('2 hatırlatma sıraya alındı, 1 atlandı: no email address (Ayşe Yılmaz)');
  });

  it('knows a fixed text by its wording (client-side validation), and leaves any other text as it is', () => {
    expect(issuesOf({ email: 'nope' })).toEqual(['Email must be a valid email address']);
    expect(translateMessage(issuesOf({ email: 'nope' })[0]!)).toBe('E-posta geçerli bir e-posta adresi olmalıdır');
    expect(translateMessage(messages.userIdMissing)).toBe('Kullanıcı kimliği eksik');
    expect(translateMessage('Username is already taken')).toBe('Bu kullanıcı adı zaten kullanılıyor');
    expect(translateMessage('Something else')).toBe('Something else');
    expect(translateMessage({ message: 'Unknown code', code: 'nowhere.nothing' })).toBe('Unknown code');
  });
});

describe('server messages in English', () => {
  it('shows the message as the server wrote it', () => {
    expect(
      translateMessage({ message: 'Guest 12 is not an active guest', code: 'events.guestInvalid', values: { id: 12 } }),
    ).toBe('Guest 12 is not an active guest');
  });
});
