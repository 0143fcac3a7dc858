import { type CodedText, codedText, errorResponseSchema, type Text } from '@ritim/shared';

/** The `{message}` response schemas of the error statuses a route can answer (for validation of docs and replies). */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as {
    [K in C[number]]: typeof errorResponseSchema;
  };
}

/**
 * An error whose status and text are meant for the client: it answers `{message, code, values}`.
 * Its text is a section's message (a FixedText or a Message), so it always has a code: a string
 * written elsewhere does not typecheck.
 */
export class AppError extends Error {
  readonly body: CodedText;

  constructor(
    readonly statusCode: number,
    text: Text,
    /** Headers the answer carries besides (a 429's Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    const body = codedText(text);
    super(body.message);
    this.body = body;
    this.name = 'AppError';
  }
}

/** The SQLSTATE of a database error, looking through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A delete blocked by a referencing row: 23503, or 23001 for ON DELETE RESTRICT on PostgreSQL 18. */
export const isReferencedError = (error: unknown) => ['23503', '23001'].includes(pgErrorCode(error) ?? '');
