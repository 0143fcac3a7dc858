import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../platform/db/client.js';
import { defineJob, type JobQueue } from '../platform/jobs/queue.js';
import { Outbox, outboxSealer } from '../platform/delivery/outbox.js';
import { createTransport } from '../platform/delivery/transports/index.js';
import { reportAttachments } from '../modules/message-composition/attachments.js';
import { TEST_JWT_SECRET } from './harness.js';

/** A mail the in-process SMTP server received: its recipients, its decoded text and its raw MIME (latin1). */
export interface Mail {
  to: string[];
  text: string;
  raw: string;
}

/** MIME text is quoted-printable: what a reader sees. */
export const decodedMail = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * A real SMTP server on a free local port catching every mail, and an outbox delivering through
 * it with a delivery job (named `jobName`, one per test file) that retries once at once. `close`
 * stops the server.
 */
export async function startMailOutbox(
  database: Database,
  queue: JobQueue,
  jobName: string,
): Promise<{ mails: Mail[]; outbox: Outbox; close: () => Promise<void> }> {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        mails.push({ to: session.envelope.rcptTo.map((address) => address.address), text: decodedMail(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const transport = createTransport(
    {
      transport: 'smtp',
      host: '127.0.0.1',
      port: (smtp.server.address() as AddressInfo).port,
      secure: false,
      from: { name: 'Ritim', address: 'ritim@example.com' },
    },
    { dataDir: '/nonexistent' },
  );
  const job = defineJob<{ messageLogId: number }>(jobName, {
    retryLimit: 1,
    retryDelaySeconds: 0,
    retryBackoff: false,
  });
  const outbox = new Outbox(database.db, queue, transport, reportAttachments(database.db), {
    job,
    sealer: outboxSealer(TEST_JWT_SECRET),
  });
  await outbox.register();
  await outbox.work();
  return { mails, outbox, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
