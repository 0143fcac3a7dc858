import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileTransport } from './file.js';
import type { OutgoingMessage } from './types.js';

let dataDir: string;
let jpeg: Buffer;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ritim-outbox-'));
  jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: 42,
  idempotencyKey: 'report:7:2026-03',
  recipient: { kind: 'user', name: 'Ayşe Yılmaz', email: 'ayse@example.com', phone: '+90 555 123 45 67' },
  subject: 'Rapor: Şubat',
  text: 'Merhaba Ayşe,\nraporunuz ekte.',
  attachments: [{ filename: 'Rapor Şubat.jpg', contentType: 'image/jpeg', content: jpeg }],
  ...overrides,
});

const outbox = () => path.join(dataDir, 'outbox');

describe('file transport', () => {
  it('writes message.json and the attachment into outbox/<UTC day>/<id>-<key>/', async () => {
    // 23:30 in New York on 28 February is already 1 March in UTC.
    const transport = createFileTransport({ dataDir, now: () => new Date('2026-03-01T04:30:00Z') });
    const result = await transport.send(message());

    expect(await readdir(outbox())).toEqual(['2026-03-01']);
    const folders = await readdir(path.join(outbox(), '2026-03-01'));
    expect(folders).toHaveLength(1);
    expect(folders[0]).toMatch(/^42-report-7-2026-03-[0-9a-f]{10}$/);
    expect(result).toEqual({ externalId: `2026-03-01/${folders[0]}` });

    const folder = path.join(outbox(), '2026-03-01', folders[0]!);
    const files = (await readdir(folder)).sort();
    expect(files).toHaveLength(2);
    expect(files[1]).toBe('message.json');
    expect(files[0]).toMatch(/^Rapor-Subat-[0-9a-f]{10}\.jpg$/);
    expect((await readFile(path.join(folder, files[0]!))).equals(jpeg)).toBe(true);
    expect(JSON.parse(await readFile(path.join(folder, 'message.json'), 'utf8'))).toEqual({
      id: 42,
      idempotencyKey: 'report:7:2026-03',
      recipient: message().recipient,
      subject: 'Rapor: Şubat',
      text: 'Merhaba Ayşe,\nraporunuz ekte.',
      sentAt: '2026-03-01T04:30:00.000Z',
      attachments: [{ file: files[0], filename: 'Rapor Şubat.jpg', contentType: 'image/jpeg', size: jpeg.length }],
    });
  });

  it('writes a message once: sending it again, even on a later day, finds the first folder', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const transport = createFileTransport({ dataDir, now: () => now });
    const first = await transport.send(message());
    now = new Date('2026-03-02T10:00:00Z');
    const second = await transport.send(message({ subject: 'changed' }));

    expect(second).toEqual(first);
    expect(await readdir(outbox())).toEqual(['2026-03-01']);
    const [folder] = await readdir(path.join(outbox(), '2026-03-01'));
    const written = JSON.parse(await readFile(path.join(outbox(), '2026-03-01', folder!, 'message.json'), 'utf8')) as {
      subject: string;
    };
    expect(written.subject).toBe('Rapor: Şubat');
  });

  it('writes one folder when the same message is sent twice at once, and leaves no staging folder', async () => {
    const transport = createFileTransport({ dataDir });
    const results = await Promise.all([transport.send(message()), transport.send(message())]);
    expect(results[0]).toEqual(results[1]);
    const days = await readdir(outbox());
    expect(days).toHaveLength(1);
    expect(await readdir(path.join(outbox(), days[0]!))).toHaveLength(1);
  });

  it('keeps attachments with the same name apart and away from message.json', async () => {
    const transport = createFileTransport({ dataDir, now: () => new Date('2026-03-01T10:00:00Z') });
    const other = Buffer.from('second');
    await transport.send(
      message({
        idempotencyKey: 'plain-key',
        attachments: [
          { filename: 'a.jpg', contentType: 'image/jpeg', content: jpeg },
          { filename: 'A.JPG', contentType: 'image/jpeg', content: other },
          { filename: 'message.json', contentType: 'application/json', content: Buffer.from('{}') },
        ],
      }),
    );
    const folder = path.join(outbox(), '2026-03-01', '42-plain-key');
    expect((await readdir(folder)).sort()).toEqual(['2-A.jpg', '2-message.json', 'a.jpg', 'message.json']);
    expect((await readFile(path.join(folder, '2-A.jpg'))).equals(other)).toBe(true);
  });

  it('reaches every recipient', () => {
    const transport = createFileTransport({ dataDir });
    expect(transport.resolve({ kind: 'group', chatId: '120363@g.us', name: 'Team' })).toEqual({
      reachable: true,
      address: '120363@g.us',
    });
    expect(transport.resolve({ kind: 'user', name: 'Ali', email: null, phone: null })).toEqual({
      reachable: true,
      address: 'Ali',
    });
  });

  it('fails with a readable, temporary error when the outbox cannot be written', async () => {
    const transport = createFileTransport({ dataDir: path.join(dataDir, 'file') });
    await writeFile(path.join(dataDir, 'file'), 'not a folder');
    await expect(transport.send(message())).rejects.toMatchObject({
      name: 'TransportError',
      permanent: false,
      message: expect.stringMatching(/^Could not write .*outbox.*: .*(ENOTDIR|EEXIST)/) as unknown,
    });
  });
});
