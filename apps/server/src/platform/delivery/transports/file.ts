import { access, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describeCause, TransportError } from './errors.js';
import { safeFileName, safeName } from './safe-name.js';
import { describeRecipient, reachable, type OutgoingMessage, type Transport } from './types.js';

export interface FileTransportOptions {
  dataDir: string;
  now?: () => Date;
}

const DAY_FOLDER = /^\d{4}-\d{2}-\d{2}$/;
const MESSAGE_FILE = 'message.json';

/** Attachment file names, safe and distinct from each other and from message.json. */
function attachmentFiles(message: OutgoingMessage): string[] {
  const taken = new Set([MESSAGE_FILE]);
  return message.attachments.map((attachment) => {
    const safe = safeFileName(attachment.filename);
    let name = safe;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${n}-${safe}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** message.json and the attachments, into `folder`. */
async function writeMessage(folder: string, message: OutgoingMessage, sentAt: Date): Promise<void> {
  const files = attachmentFiles(message);
  for (const [index, attachment] of message.attachments.entries()) {
    await writeFile(path.join(folder, files[index]!), attachment.content);
  }
  const record = {
    id: message.id,
    idempotencyKey: message.idempotencyKey,
    recipient: message.recipient,
    subject: message.subject,
    text: message.text,
    sentAt: sentAt.toISOString(),
    attachments: message.attachments.map((attachment, index) => ({
      file: files[index],
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.content.length,
    })),
  };
  await writeFile(path.join(folder, MESSAGE_FILE), `${JSON.stringify(record, null, 2)}\n`);
}

/** The `<day>/<folder>` a message was already delivered to, on any day. */
async function findDelivered(outbox: string, folder: string): Promise<string | undefined> {
  const names = await readdir(outbox).catch(() => [] as string[]);
  // Newest first: a repeated send usually comes soon after the first.
  const days = names
    .filter((name) => DAY_FOLDER.test(name))
    .sort()
    .reverse();
  for (const day of days) {
    const found = await access(path.join(outbox, day, folder)).then(
      () => true,
      () => false,
    );
    if (found) return `${day}/${folder}`;
  }
  return undefined;
}

/**
 * The default transport: each message becomes a folder `DATA_DIR/outbox/<day>/<id>-<key>/` with
 * message.json and the attachments, for a person or another program to pick up. The day is the UTC
 * day of sending. The folder is written under a staging name and renamed into place, so a reader
 * never sees half a message; a message already in the outbox (on any day) is not written again.
 */
export function createFileTransport({ dataDir, now = () => new Date() }: FileTransportOptions): Transport {
  const outbox = path.resolve(dataDir, 'outbox');
  return {
    name: 'file',
    resolve: (recipient) => reachable(describeRecipient(recipient)),
    async send(message) {
      const folder = `${message.id}-${safeName(message.idempotencyKey)}`;
      const delivered = await findDelivered(outbox, folder);
      if (delivered) return { externalId: delivered };

      const sentAt = now();
      const day = sentAt.toISOString().slice(0, 10);
      const target = path.join(outbox, day, folder);
      const fail = (error: unknown) => new TransportError(`Could not write ${target}: ${describeCause(error)}`, false);
      let staging: string;
      try {
        await mkdir(path.join(outbox, day), { recursive: true });
        // In the outbox itself, so the final rename stays on one file system.
        staging = await mkdtemp(path.join(outbox, '.staging-'));
      } catch (error) {
        throw fail(error);
      }
      try {
        await writeMessage(staging, message, sentAt);
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw fail(error);
      }
      try {
        await rename(staging, target);
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        const code = (error as { code?: unknown }).code;
        // Another send of the same message renamed its folder into place first: delivered once.
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw fail(error);
      }
      return { externalId: `${day}/${folder}` };
    },
  };
}
