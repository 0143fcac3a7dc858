import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TransportConfig } from './config.js';
import { callJson, type HttpTransportOptions } from './http.js';
import { describeRecipient, reachable, type Transport } from './types.js';

export type WebhookConfig = Extract<TransportConfig, { transport: 'webhook' }>;

/** How far a signed timestamp may be from the receiver's clock, either way (replays, clock skew). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** `sha256=` + hex HMAC-SHA256 of `<timestamp>.<raw body>` under the shared secret. */
export function signWebhook(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')}`;
}

/**
 * What a receiver does with X-Ritim-Timestamp and X-Ritim-Signature: true only when the timestamp is
 * within 5 minutes of `now` and the signature matches the raw body (compared in constant time).
 */
export function verifyWebhookSignature(
  secret: string,
  timestamp: string,
  rawBody: string | Buffer,
  signature: string,
  now: Date = new Date(),
): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Each message as a signed JSON POST to WEBHOOK_URL, for a receiver that delivers it its own way.
 * Any 2xx counts as delivered; a JSON answer with an `id` becomes the external id. A retry sends the
 * same body (same `idempotencyKey`) with a fresh timestamp and signature, so the receiver should
 * ignore a key it has already handled.
 */
export function createWebhookTransport(
  config: WebhookConfig,
  { timeoutMs = 15_000, now = () => new Date() }: HttpTransportOptions & { now?: () => Date } = {},
): Transport {
  const url = new URL(config.url);
  return {
    name: 'webhook',
    resolve: (recipient) => reachable(describeRecipient(recipient)),
    async send(message) {
      const body = JSON.stringify({
        id: message.id,
        idempotencyKey: message.idempotencyKey,
        recipient: message.recipient,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          base64: attachment.content.toString('base64'),
        })),
      });
      const timestamp = String(Math.floor(now().getTime() / 1000));
      const answer = await callJson({
        label: `Webhook POST ${url.origin}${url.pathname}`,
        url,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-ritim-timestamp': timestamp,
          'x-ritim-signature': signWebhook(config.secret, timestamp, body),
        },
        body,
        timeoutMs,
      });
      const id = (answer as { id?: unknown } | undefined)?.id;
      return typeof id === 'string' || typeof id === 'number' ? { externalId: String(id) } : {};
    },
  };
}
