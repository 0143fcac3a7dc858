import { messages, myProfileSchema } from '@ritim/shared';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { translateMessage, loadLanguage } from './index';
import { tr } from './tr';

/** The validation texts a schema gives for some input. */
const issuesOf = (input: unknown) => {
  const result = myProfileSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('messages', () => {
  it('has an English and a Turkish text for every shared message', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(en.messages[key as keyof typeof en.messages]).toBe(text);
      expect(tr.messages?.[key as keyof typeof en.messages]).toBeTruthy();
    }
  });

  it('knows the profile schema texts word for word, so they can be translated', () => {
    expect(issuesOf({ email: 'nope' })).toEqual([en.messages.emailInvalid]);
    expect(issuesOf({ password: 'short' })).toEqual([en.messages.passwordTooShort]);
  });

  it('shows a known text in the current language and any other text as it is', async () => {
    try {
      await loadLanguage('tr');
      expect(translateMessage('Email must be a valid email address')).toBe(tr.messages?.emailInvalid);
      expect(translateMessage('User ID is missing')).toBe(tr.messages?.userIdMissing);
      expect(translateMessage('Something else')).toBe('Something else');
      expect(translateMessage('Username is already taken')).toBe('Bu kullanıcı adı zaten kullanılıyor');
      expect(translateMessage('Group 12 does not exist')).toBe('Group 12 does not exist');
    } finally {
      await loadLanguage('en');
    }
  });
});
