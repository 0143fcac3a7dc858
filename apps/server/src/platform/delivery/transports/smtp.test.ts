import net, { type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { safeName } from './safe-name.js';
import { createSmtpTransport, type SmtpConfig } from './smtp.js';
import type { OutgoingMessage } from './types.js';

interface Received {
  from: string;
  to: string[];
  user: unknown;
  raw: string;
}

let jpeg: Buffer;
const servers: SMTPServer[] = [];

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#2980b9' } })
    .jpeg()
    .toBuffer();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

/** A real SMTP server on a free loopback port; RCPT refusals by mailbox name (nobody@ → 550, busy@ → 451). */
async function startServer(options: SMTPServerOptions = {}): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onRcptTo(address, _session, callback) {
      const refusal = {
        'nobody@example.com': [550, '5.1.1 Mailbox unavailable'],
        'busy@example.com': [451, '4.3.2 Try again later'],
      }[address.address] as [number, string] | undefined;
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal[1]), { responseCode: refusal[0] }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        callback();
      });
    },
    ...options,
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, received };
}

const config = (port: number, overrides: Partial<SmtpConfig> = {}): SmtpConfig => ({
  transport: 'smtp',
  host: '127.0.0.1',
  port,
  secure: false,
  from: { name: 'Ritim', address: 'ritim@example.com' },
  ...overrides,
});

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: 7,
  idempotencyKey: 'report:7:2026-03',
  recipient: { kind: 'user', name: 'Ayşe Yılmaz', email: 'ayse@example.com', phone: null },
  subject: 'Rapor: Şubat',
  text: 'Merhaba Ayşe,\nraporunuz ekte.',
  attachments: [{ filename: 'rapor.jpg', contentType: 'image/jpeg', content: jpeg }],
  ...overrides,
});

/** Just enough MIME to read back what nodemailer wrote: headers, parts, base64 and quoted-printable. */
interface MimePart {
  headers: Map<string, string>;
  body: Buffer;
  parts: MimePart[];
}

function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const headerText = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const bodyText = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    const sections = bodyText.split(`--${boundary}`).slice(1, -1);
    return {
      headers,
      body: Buffer.alloc(0),
      parts: sections.map((section) => parseMime(section.replace(/^\r\n/, ''))),
    };
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  let body = Buffer.from(bodyText.replace(/\r\n$/, ''), 'latin1');
  if (encoding === 'base64') body = Buffer.from(bodyText.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const unwrapped = bodyText.replace(/=\r\n/g, '').replace(/\r\n$/, '');
    body = Buffer.from(
      unwrapped.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  }
  return { headers, body, parts: [] };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) back to text. */
const decodeHeader = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/g, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

describe('smtp transport', () => {
  it('delivers the subject, the text and the image as an attachment, with a Message-ID from the idempotency key', async () => {
    const { port, received } = await startServer();
    const transport = createSmtpTransport(config(port));
    const result = await transport.send(message());

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('ritim@example.com');
    expect(mail!.to).toEqual(['ayse@example.com']);
    const parsed = parseMime(mail!.raw);
    expect(decodeHeader(parsed.headers.get('subject')!)).toBe('Rapor: Şubat');
    expect(decodeHeader(parsed.headers.get('to')!)).toBe('Ayşe Yılmaz <ayse@example.com>');
    expect(parsed.headers.get('from')).toBe('Ritim <ritim@example.com>');
    const messageId = parsed.headers.get('message-id');
    expect(messageId).toBe(`<ritim.${safeName('report:7:2026-03')}@example.com>`);
    expect(messageId).toMatch(/^<ritim\.report-7-2026-03-[0-9a-f]{10}@example\.com>$/);
    expect(result).toEqual({ externalId: messageId });

    const [text, image] = parsed.parts;
    expect(text!.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text!.body.toString('utf8').replace(/\r\n/g, '\n')).toBe('Merhaba Ayşe,\nraporunuz ekte.');
    expect(image!.headers.get('content-type')).toMatch(/^image\/jpeg; name=rapor\.jpg$/);
    expect(image!.headers.get('content-disposition')).toBe('attachment; filename=rapor.jpg');
    expect(image!.body.equals(jpeg)).toBe(true);
  });

  it('sends a repeated delivery with the same Message-ID, so it can be recognised', async () => {
    const { port, received } = await startServer();
    const transport = createSmtpTransport(config(port));
    await transport.send(message());
    await transport.send(message());
    await transport.send(message({ idempotencyKey: 'report:8:2026-03' }));
    const ids = received.map((mail) => parseMime(mail.raw).headers.get('message-id'));
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('cannot reach a user without an email address or a message group, and sends nothing to them', async () => {
    const { port, received } = await startServer();
    const transport = createSmtpTransport(config(port));
    const noEmail = { kind: 'user', name: 'Ali', email: null, phone: '+90 555 000 00 00' } as const;
    const group = { kind: 'group', chatId: '120363@g.us', name: 'Team' } as const;

    expect(transport.resolve(noEmail)).toEqual({ reachable: false, reason: 'no email address' });
    expect(transport.resolve({ ...noEmail, email: '  ' })).toEqual({ reachable: false, reason: 'no email address' });
    expect(transport.resolve({ ...noEmail, email: 'ali at example' })).toEqual({
      reachable: false,
      reason: 'no usable email address',
    });
    expect(transport.resolve(group)).toEqual({
      reachable: false,
      reason: 'message groups have no email address (they need the whatsapp transport)',
    });
    expect(transport.resolve({ ...noEmail, email: ' ali@example.com ' })).toEqual({
      reachable: true,
      address: 'ali@example.com',
    });

    await expect(transport.send(message({ recipient: noEmail }))).rejects.toMatchObject({
      name: 'TransportError',
      permanent: true,
      message: 'Cannot email Ali: no email address',
    });
    await expect(transport.send(message({ recipient: group }))).rejects.toMatchObject({ permanent: true });
    expect(received).toHaveLength(0);
  });

  it('logs in when SMTP_USER/SMTP_PASSWORD are set; a refused login is permanent', async () => {
    const { port, received } = await startServer({
      authOptional: false,
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'ritim' && auth.password === 'right password') return callback(null, { user: 'ritim' });
        callback(new Error('Invalid username or password'));
      },
    });

    await createSmtpTransport(config(port, { auth: { user: 'ritim', password: 'right password' } })).send(message());
    expect(received.map((mail) => mail.user)).toEqual(['ritim']);

    const wrong = createSmtpTransport(config(port, { auth: { user: 'ritim', password: 'wrong' } }));
    await expect(wrong.send(message())).rejects.toMatchObject({
      name: 'TransportError',
      permanent: true,
      status: 535,
      message: expect.stringMatching(
        /^SMTP server 127\.0\.0\.1:\d+ refused AUTH PLAIN: 535 Invalid username or password$/,
      ) as unknown,
    });
    const anonymous = createSmtpTransport(config(port));
    await expect(anonymous.send(message())).rejects.toMatchObject({ permanent: true, status: 530 });
    expect(received).toHaveLength(1);
  });

  it('reports a refused recipient with the server text: 5xx permanent, 4xx temporary', async () => {
    const { port, received } = await startServer();
    const transport = createSmtpTransport(config(port));
    const to = (email: string) => message({ recipient: { kind: 'user', name: 'X', email, phone: null } });

    const refused = await transport.send(to('nobody@example.com')).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'TransportError', permanent: true, status: 550 });
    expect((refused as Error).message).toMatch(
      /^SMTP server 127\.0\.0\.1:\d+ refused RCPT TO: 550 5\.1\.1 Mailbox unavailable$/,
    );
    expect((refused as Error).message).not.toMatch(/\n\s+at /);

    await expect(transport.send(to('busy@example.com'))).rejects.toMatchObject({
      permanent: false,
      status: 451,
      message: expect.stringContaining('451 4.3.2 Try again later') as unknown,
    });
    expect(received).toHaveLength(0);
  });

  it('gives up on a server that does not answer, and on a closed port, as temporary failures', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      const started = Date.now();
      const error = await createSmtpTransport(config(silentPort), { timeoutMs: 300 })
        .send(message())
        .catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(error).toMatchObject({
        name: 'TransportError',
        permanent: false,
        message: expect.stringMatching(
          /^SMTP server 127\.0\.0\.1:\d+: no answer within 0\.3 s \((Greeting never received|Timeout)\)$/,
        ) as unknown,
      });
    } finally {
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }

    // The silent server's port is closed now.
    await expect(createSmtpTransport(config(silentPort), { timeoutMs: 300 }).send(message())).rejects.toMatchObject({
      permanent: false,
      message: expect.stringContaining('ECONNREFUSED') as unknown,
    });
  });
});
