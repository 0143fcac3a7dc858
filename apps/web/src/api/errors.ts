import { i18n, translateMessage } from '../i18n';

/**
 * A failed API call: the HTTP status and the server's `{message}` (or a fallback text), with the
 * message's code and values when the server sent them (translateMessage words it by them).
 */
export class ApiError extends Error {
  readonly code?: string;
  readonly values?: Record<string, unknown>;

  constructor(
    readonly status: number,
    text: string | { message: string; code?: string; values?: Record<string, unknown> },
  ) {
    super(typeof text === 'string' ? text : text.message);
    this.name = 'ApiError';
    if (typeof text !== 'string') {
      if (text.code !== undefined) this.code = text.code;
      if (text.values !== undefined) this.values = text.values;
    }
  }
}

/** The `{message, code, values}` of a response body, when it has a message. */
export function codedMessageOf(
  body: unknown,
): { message: string; code?: string; values?: Record<string, unknown> } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, code, values } = body as Record<string, unknown>;
  if (typeof message !== 'string') return undefined;
  return {
    message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof values === 'object' && values !== null ? { values: values as Record<string, unknown> } : {}),
  };
}

/**
 * The text to show for anything thrown: its message in the current language (by its code, see
 * translateMessage), else the screen's `fallback`, else 'Unknown error' in the current language.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof Error && error.message) return translateMessage(error);
  if (typeof error === 'string' && error) return translateMessage(error);
  return fallback ?? i18n.t('errors.unknown');
}
