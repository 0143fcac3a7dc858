import { SMTPServer } from 'smtp-server';
import { E2E_SMTP_PORT } from './env.js';

export interface Mail {
  /** The envelope's recipients. */
  to: string[];
  /** The message as sent (headers and MIME parts). */
  raw: string;
  /** The message as a reader sees it (quoted-printable soft breaks and escapes undone), to look for phrases in. */
  text: string;
}

/** The raw mail's bytes (latin1) with the quoted-printable undone, read as UTF-8 ('Kapanış', not 'KapanÄ±Å'). */
const readable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * A real SMTP server on the port this worker's e2e server mails to (E2E_SMTP_PORT), keeping every
 * mail. One spec at a time listens there (a worker runs one spec at a time; each worker's server
 * has its own SMTP port): start it in beforeAll, stop it in afterAll.
 */
export class MailCatcher {
  readonly mails: Mail[] = [];
  private readonly server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        this.mails.push({ to: session.envelope.rcptTo.map((address) => address.address), raw, text: readable(raw) });
        callback();
      });
    },
  });

  start(): Promise<void> {
    return new Promise((resolve) => this.server.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The mails to one address, in the order they came. */
  to(address: string): Mail[] {
    return this.mails.filter((mail) => mail.to.includes(address));
  }
}

/** The bytes of a mail's image/jpeg part (base64 in the MIME body), or undefined when it has none. */
export function jpegAttachment(raw: string): Buffer | undefined {
  const part = /Content-Type: image\/jpeg[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  return part ? Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64') : undefined;
}
