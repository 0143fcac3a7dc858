import { messages, type Text } from '@ritim/shared';

/** A lone surrogate (half of a UTF-16 pair, written `\ud800` in JSON): no text PostgreSQL can store. */
export const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why a parsed body or query cannot be stored as text, or undefined when it can: a string (or
 * object key) holding U+0000, which PostgreSQL's text and jsonb refuse, or a lone surrogate, which
 * is not Unicode (jsonb refuses its escape, UTF-8 has no encoding for it).
 */
export function unstorableText(root: unknown): Text | undefined {
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const stack: unknown[] = [root];
  const check = (text: string) =>
    text.includes('\u0000') ? messages.nulCharacter : LONE_SURROGATE.test(text) ? messages.invalidUnicode : undefined;
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      const problem = check(value);
      if (problem) return problem;
    } else if (Array.isArray(value)) {
      stack.push(...(value as unknown[]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const problem = check(key);
        if (problem) return problem;
        stack.push(item);
      }
    }
  }
  return undefined;
}
