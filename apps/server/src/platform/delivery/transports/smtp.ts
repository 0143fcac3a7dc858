import { messagingMessages } from '@ritim/shared';
import type { TransportConfig } from './config.js';
import { TransportError } from './errors.js';
import { safeName } from './safe-name.js';
import { reachable, unreachable, type Recipient, type Resolution, type Transport } from './types.js';

export type SmtpConfig = Extract<TransportConfig, { transport: 'smtp' }>;

export interface SmtpTransportOptions {
  /** Connecting, the greeting, and any silence on the connection afterwards. */
  timeoutMs?: number;
}

/** Nodemailer's error fields (its errors are plain Errors with these added). */
interface SmtpFailure {
  message?: string;
  code?: string;
  response?: string;
  responseCode?: number;
  command?: string;
}

/** Failures that are about the message or the setup, not the moment: sending again gives the same answer. */
const PERMANENT_CODES = new Set(['EENVELOPE', 'EMESSAGE', 'EAUTH', 'ENOAUTH', 'ECONFIG']);

/**
 * SMTP's own rule, not HTTP's: a 5xx reply is permanent (no such mailbox, refused login), a 4xx
 * reply is temporary (mailbox busy, greylisting), and so is a connection that fails or goes silent.
 */
function smtpError(error: unknown, server: string, timeoutMs: number): TransportError {
  const failure = (error ?? {}) as SmtpFailure;
  if (typeof failure.responseCode === 'number' && failure.response) {
    const what = failure.command ? ` ${failure.command}` : '';
    return new TransportError(
      `SMTP server ${server} refused${what}: ${failure.response}`,
      failure.responseCode >= 500,
      failure.responseCode,
    );
  }
  const message = failure.message ?? String(error);
  if (failure.code === 'ETIMEDOUT') {
    // Nodemailer says just "Timeout" or "Greeting never received", depending on which timer fired first.
    return new TransportError(`SMTP server ${server}: no answer within ${timeoutMs / 1000} s (${message})`, false);
  }
  return new TransportError(`SMTP server ${server}: ${message}`, PERMANENT_CODES.has(failure.code ?? ''));
}

function resolveRecipient(recipient: Recipient): Resolution {
  if (recipient.kind === 'group') return unreachable(messagingMessages.groupNoEmail);
  const email = recipient.email?.trim();
  if (!email) return unreachable(messagingMessages.noEmail);
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(email)) return unreachable(messagingMessages.badEmail);
  return reachable(email);
}

/**
 * Email through an SMTP server (nodemailer): to a user's address, the text as the body, images as
 * attachments. The Message-ID is built from the idempotency key, so a repeated delivery of the same
 * outbox row carries the same Message-ID and the mailbox (or a person) can tell it is a duplicate.
 */
export function createSmtpTransport(config: SmtpConfig, { timeoutMs = 15_000 }: SmtpTransportOptions = {}): Transport {
  // nodemailer is loaded with the first message, not at start-up.
  let mailer: ReturnType<typeof connect> | undefined;
  const connect = () =>
    import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        ...(config.auth ? { auth: { user: config.auth.user, pass: config.auth.password } } : {}),
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
        // Attachments are always in memory; never let message content name a file or URL to read.
        disableFileAccess: true,
        disableUrlAccess: true,
      }),
    );
  const server = `${config.host}:${config.port}`;
  const domain = config.from.address.slice(config.from.address.lastIndexOf('@') + 1);

  return {
    name: 'smtp',
    resolve: resolveRecipient,
    async send(message) {
      const resolution = resolveRecipient(message.recipient);
      if (!resolution.reachable)
        throw new TransportError(`Cannot email ${message.recipient.name}: ${resolution.reason}`, true);
      try {
        const transport = await (mailer ??= connect());
        const info = await transport.sendMail({
          from: { name: config.from.name ?? '', address: config.from.address },
          to: { name: message.recipient.name, address: resolution.address },
          subject: message.subject,
          text: message.text,
          attachments: message.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: attachment.content,
          })),
          messageId: `<ritim.${safeName(message.idempotencyKey)}@${domain}>`,
        });
        return { externalId: info.messageId };
      } catch (error) {
        throw smtpError(error, server, timeoutMs);
      }
    },
  };
}
