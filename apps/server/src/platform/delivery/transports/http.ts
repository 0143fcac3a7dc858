import { describeCause, isPermanentHttpStatus, TransportError } from './errors.js';

export interface HttpTransportOptions {
  /** Each HTTP call, answer included. */
  timeoutMs?: number;
}

export interface HttpCall {
  /** Names the call in errors, e.g. "WhatsApp gateway POST /api/sendText". */
  label: string;
  url: URL;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The whole call, answer body included. */
  timeoutMs: number;
}

const MAX_DETAIL = 500;

/** The readable part of an error answer: `message`/`error` of a JSON body (NestJS, most APIs), else the text. */
function remoteDetail(text: string): string {
  let detail = text;
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') {
      const { message, error, exception } = body as Record<string, unknown>;
      // NestJS validation errors carry a list of messages.
      const texts = [message, error, (exception as { message?: unknown } | undefined)?.message].map((value) =>
        Array.isArray(value) && value.every((v) => typeof v === 'string') ? value.join('; ') : value,
      );
      const readable = texts.find((value): value is string => typeof value === 'string' && value.trim() !== '');
      if (readable !== undefined) detail = readable;
    }
  } catch {
    // Not JSON: the text itself.
  }
  detail = detail.replace(/\s+/g, ' ').trim();
  return detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail;
}

/**
 * One HTTP call with a deadline. Answers the parsed JSON body (undefined when empty or not JSON);
 * throws a TransportError for no answer (temporary), a redirect (permanent: the URL is wrong, and
 * following one would turn a POST into a GET) or an error status (permanent for 4xx but 408/429).
 */
export async function callJson(call: HttpCall): Promise<unknown> {
  let status: number;
  let statusText: string;
  let text: string;
  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers: { accept: 'application/json', ...call.headers },
      body: call.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    ({ status, statusText } = response);
    text = await response.text();
    if (status >= 300 && status < 400) {
      const location = response.headers.get('location');
      throw new TransportError(
        `${call.label} answered ${status} (a redirect${location ? ` to ${location}` : ''}): check the URL`,
        true,
        status,
      );
    }
  } catch (error) {
    if (error instanceof TransportError) throw error;
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new TransportError(`${call.label}: no answer within ${call.timeoutMs / 1000} s`, false);
    }
    throw new TransportError(`${call.label}: ${describeCause(error)}`, false);
  }
  if (status < 200 || status >= 300) {
    // NestJS repeats the status text as the message ("Unauthorized"): once is enough.
    const detail = remoteDetail(text).toLowerCase() === statusText.toLowerCase() ? '' : remoteDetail(text);
    throw new TransportError(
      `${call.label} answered ${status}${statusText ? ` ${statusText}` : ''}${detail ? `: ${detail}` : ''}`,
      isPermanentHttpStatus(status),
      status,
    );
  }
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}
