/**
 * A delivery that failed. The message is what the outbox records as the error (the remote's status
 * and text, never a stack); `permanent` tells the job that retrying cannot help.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The remote's status (HTTP status or SMTP reply code), when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/**
 * HTTP statuses worth retrying: no answer in time (408), rate limited (429) and server errors.
 * Any other 4xx says the request itself is wrong (bad key, unknown chat, ...): sending it again
 * gives the same answer.
 */
export const isPermanentHttpStatus = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

/** The cause's message and system code (ECONNREFUSED, ...), which fetch hides behind "fetch failed". */
export function describeCause(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error && parts.length < 4; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (e.message && !parts.includes(e.message)) parts.push(e.message);
    if (typeof code === 'string' && !parts.some((p) => p.includes(code))) parts.push(code);
  }
  return parts.length > 0 ? parts.join(': ') : String(error);
}
