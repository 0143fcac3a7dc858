import http, { type IncomingHttpHeaders } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeTestServers, listenLocally, testJpeg } from './test-servers.js';
import type { OutgoingMessage } from './types.js';
import { createWhatsappTransport, phoneChatId, type WhatsappConfig } from './whatsapp.js';

interface Request {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
/** An answer of the fake gateway; `hang` never answers. */
type Answer = { status: number; body?: unknown } | 'hang';

let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await testJpeg('#27ae60');
});
afterEach(closeTestServers);

/** A local HTTP server standing in for WAHA: records every request and answers with `route`. */
async function startGateway(
  route: (request: Request) => Answer,
): Promise<{ config: WhatsappConfig; requests: Request[]; server: http.Server }> {
  const requests: Request[] = [];
  const { server, origin } = await listenLocally((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(request);
      const answer = route(request);
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  return {
    config: { transport: 'whatsapp', apiUrl: `${origin}/`, apiKey: 'waha-key', session: 'office' },
    requests,
    server,
  };
}

const ayse = { kind: 'user', name: 'Ayşe', email: null, phone: '+90 555 123 45 67' } as const;
const team = { kind: 'group', chatId: '120363041234567890@g.us', name: 'Ekip' } as const;

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: 3,
  idempotencyKey: 'reminder:3',
  recipient: ayse,
  subject: 'Hatırlatma',
  text: 'Yarın 10:00 toplantı.',
  attachments: [],
  ...overrides,
});

describe('whatsapp transport: sending', () => {
  it('sends a text to a user at their phone number, with the API key', async () => {
    const { config, requests } = await startGateway(() => ({
      status: 201,
      body: { id: 'true_905551234567@c.us_3EB0A1', ack: 1 },
    }));
    const result = await createWhatsappTransport(config).send(message());

    expect(result).toEqual({ externalId: 'true_905551234567@c.us_3EB0A1' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/sendText' });
    expect(requests[0]!.headers['x-api-key']).toBe('waha-key');
    expect(requests[0]!.headers['content-type']).toBe('application/json');
    expect(requests[0]!.body).toEqual({
      session: 'office',
      chatId: '905551234567@c.us',
      text: '*Hatırlatma*\n\nYarın 10:00 toplantı.',
    });
  });

  it('sends one image with the text as its caption to a group, the bytes as base64', async () => {
    const { config, requests } = await startGateway(() => ({
      status: 201,
      body: { key: { id: '3EB0B2', remoteJid: team.chatId } },
    }));
    const result = await createWhatsappTransport(config).send(
      message({ recipient: team, attachments: [{ filename: 'rapor.jpg', contentType: 'image/jpeg', content: jpeg }] }),
    );

    expect(result).toEqual({ externalId: '3EB0B2' });
    expect(requests.map((r) => r.url)).toEqual(['/api/sendImage']);
    const body = requests[0]!.body as { file: { data: string } };
    expect(body).toEqual({
      session: 'office',
      chatId: '120363041234567890@g.us',
      file: { mimetype: 'image/jpeg', filename: 'rapor.jpg', data: expect.any(String) as unknown },
      caption: '*Hatırlatma*\n\nYarın 10:00 toplantı.',
    });
    expect(Buffer.from(body.file.data, 'base64').equals(jpeg)).toBe(true);
  });

  it('sends the text first and then each file when there are several, or the text is too long for a caption', async () => {
    let n = 0;
    const { config, requests } = await startGateway(() => ({
      status: 201,
      body: { id: { _serialized: `msg-${++n}` } },
    }));
    const transport = createWhatsappTransport({ ...config, apiKey: undefined });
    const pdf = Buffer.from('%PDF-1.4 report');
    const result = await transport.send(
      message({
        subject: '',
        attachments: [
          { filename: 'a.jpg', contentType: 'image/jpeg', content: jpeg },
          { filename: 'b.pdf', contentType: 'application/pdf', content: pdf },
        ],
      }),
    );
    expect(result).toEqual({ externalId: 'msg-1,msg-2,msg-3' });
    expect(requests.map((r) => r.url)).toEqual(['/api/sendText', '/api/sendImage', '/api/sendFile']);
    expect(requests[0]!.body).toEqual({
      session: 'office',
      chatId: '905551234567@c.us',
      text: 'Yarın 10:00 toplantı.',
    });
    expect(requests[2]!.body).toEqual({
      session: 'office',
      chatId: '905551234567@c.us',
      file: { mimetype: 'application/pdf', filename: 'b.pdf', data: pdf.toString('base64') },
    });
    expect(requests.every((r) => r.headers['x-api-key'] === undefined)).toBe(true);

    requests.length = 0;
    await transport.send(
      message({
        text: 'x'.repeat(1100),
        attachments: [{ filename: 'a.jpg', contentType: 'image/jpeg', content: jpeg }],
      }),
    );
    expect(requests.map((r) => r.url)).toEqual(['/api/sendText', '/api/sendImage']);
    expect(requests[1]!.body).not.toHaveProperty('caption');
  });

  it('sends files without an empty text or caption when the message has no text', async () => {
    const { config, requests } = await startGateway(() => ({ status: 201, body: { id: 'm' } }));
    const transport = createWhatsappTransport(config);
    const image = { filename: 'a.jpg', contentType: 'image/jpeg', content: jpeg };
    await transport.send(message({ subject: ' ', text: '', attachments: [image] }));
    await transport.send(message({ subject: '', text: '', attachments: [image, image] }));
    expect(requests.map((r) => r.url)).toEqual(['/api/sendImage', '/api/sendImage', '/api/sendImage']);
    expect(requests.some((r) => Object.hasOwn(r.body as object, 'caption'))).toBe(false);
  });

  it('knows before sending who cannot be reached, and sends nothing to them', async () => {
    const { config, requests } = await startGateway(() => ({ status: 201, body: {} }));
    const transport = createWhatsappTransport(config);

    expect(transport.resolve({ ...ayse, phone: null })).toEqual({ reachable: false, reason: 'no phone number' });
    expect(transport.resolve({ ...ayse, phone: ' ' })).toEqual({ reachable: false, reason: 'no phone number' });
    expect(transport.resolve({ ...ayse, phone: '555 12 34' })).toEqual({
      reachable: false,
      reason: 'no usable phone number',
    });
    expect(transport.resolve({ ...team, chatId: '' })).toEqual({
      reachable: false,
      reason: 'the message group has no chat id',
    });
    expect(transport.resolve({ ...team, chatId: '905551234567@c.us' })).toEqual({
      reachable: false,
      reason: 'chat id 905551234567@c.us is not a WhatsApp group id (…@g.us)',
    });
    expect(transport.resolve(team)).toEqual({ reachable: true, address: team.chatId });

    await expect(transport.send(message({ recipient: { ...ayse, phone: null } }))).rejects.toMatchObject({
      name: 'TransportError',
      permanent: true,
      message: 'Cannot message Ayşe on WhatsApp: no phone number',
    });
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['+90 (555) 123-45-67', '905551234567@c.us'],
    ['0090 555 123 45 67', '905551234567@c.us'],
    ['44 20 7946 0958', '442079460958@c.us'],
  ])('turns %s into the chat id %s', (phone, chatId) => {
    expect(phoneChatId(phone)).toEqual({ reachable: true, address: chatId });
  });
  it.each(['1234567', '1234567890123456', 'none'])('refuses %s as a phone number', (phone) => {
    expect(phoneChatId(phone)).toEqual({ reachable: false, reason: 'no usable phone number' });
  });
});

describe('whatsapp transport: failures', () => {
  it('reports 401 as permanent, with the status and the gateway text and no stack', async () => {
    const { config } = await startGateway(() => ({ status: 401, body: { message: 'Unauthorized', statusCode: 401 } }));
    const error = await createWhatsappTransport(config)
      .send(message())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'TransportError',
      permanent: true,
      status: 401,
      message: 'WhatsApp gateway POST /api/sendText answered 401 Unauthorized',
    });
  });

  it('reports 503 and 429 as temporary, with the gateway text', async () => {
    let status = 503;
    const { config } = await startGateway(() => ({
      status,
      body: { statusCode: status, message: 'Engine is restarting' },
    }));
    const transport = createWhatsappTransport(config);
    await expect(transport.send(message())).rejects.toMatchObject({
      permanent: false,
      status: 503,
      message: 'WhatsApp gateway POST /api/sendText answered 503 Service Unavailable: Engine is restarting',
    });
    status = 429;
    await expect(transport.send(message())).rejects.toMatchObject({ permanent: false, status: 429 });
  });

  it('treats 400 as permanent but 422 "session status is not as expected" as temporary (the session is reconnecting)', async () => {
    let answer: Answer = {
      status: 400,
      body: { statusCode: 400, message: ['chatId must be a string'], error: 'Bad Request' },
    };
    const { config } = await startGateway(() => answer);
    const transport = createWhatsappTransport(config);
    await expect(transport.send(message())).rejects.toMatchObject({
      permanent: true,
      message: 'WhatsApp gateway POST /api/sendText answered 400 Bad Request: chatId must be a string',
    });
    answer = {
      status: 422,
      body: {
        error: 'Session status is not as expected. Try again later or restart the session',
        session: 'office',
        status: 'STARTING',
        expected: ['WORKING'],
      },
    };
    await expect(transport.send(message())).rejects.toMatchObject({
      permanent: false,
      status: 422,
      message:
        'WhatsApp gateway POST /api/sendText answered 422 Unprocessable Entity: Session status is not as expected. Try again later or restart the session',
    });
  });

  it('gives up on a gateway that does not answer in time, as a temporary failure', async () => {
    const { config } = await startGateway(() => 'hang');
    const started = Date.now();
    await expect(createWhatsappTransport(config, { timeoutMs: 200 }).send(message())).rejects.toMatchObject({
      name: 'TransportError',
      permanent: false,
      message: 'WhatsApp gateway POST /api/sendText: no answer within 0.2 s',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a gateway that cannot be reached as temporary', async () => {
    const { config, server } = await startGateway(() => ({ status: 200 }));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(createWhatsappTransport(config).send(message())).rejects.toMatchObject({
      permanent: false,
      message: expect.stringMatching(/^WhatsApp gateway POST \/api\/sendText: fetch failed: .*ECONNREFUSED/) as unknown,
    });
  });
});

describe('whatsapp transport: groups', () => {
  /** WAHA's participants/v2: phone participants, lid participants with and without their phone, one who left. */
  const participants: Record<string, unknown[]> = {
    '120363041234567890@g.us': [
      { id: '905551234567@c.us', pn: '905551234567@c.us', role: 'superadmin' },
      { id: '123456789012345@lid', pn: '905559876543@c.us', role: 'participant' },
      { id: '555555555555555@lid', role: 'admin' },
      { id: '905550000000@c.us', role: 'left' },
    ],
    '120363049999999999@g.us': [{ id: '447700900123@c.us', role: 'participant' }],
  };
  const participantsRoute = (request: Request): Answer | undefined => {
    const match = /^\/api\/office\/groups\/([^/]+)\/participants\/v2$/.exec(request.url);
    return match ? { status: 200, body: participants[decodeURIComponent(match[1]!)] ?? [] } : undefined;
  };

  it('lists groups (NOWEB answers an object keyed by id) with their members’ phone numbers', async () => {
    const { config, requests } = await startGateway(
      (request) =>
        participantsRoute(request) ?? {
          status: 200,
          body: {
            '120363041234567890@g.us': { id: '120363041234567890@g.us', subject: 'Ekip' },
            '120363049999999999@g.us': { id: '120363049999999999@g.us', subject: 'London' },
          },
        },
    );
    const groups = await createWhatsappTransport(config).listGroups!();

    expect(groups).toEqual([
      { chatId: '120363041234567890@g.us', name: 'Ekip', participantPhones: ['905551234567', '905559876543'] },
      { chatId: '120363049999999999@g.us', name: 'London', participantPhones: ['447700900123'] },
    ]);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/office/groups?exclude=participants&limit=100&offset=0',
      'GET /api/office/groups/120363041234567890%40g.us/participants/v2',
      'GET /api/office/groups/120363049999999999%40g.us/participants/v2',
    ]);
    expect(requests.every((r) => r.headers['x-api-key'] === 'waha-key')).toBe(true);
  });

  it('reads the list shapes of the other engines and follows pages', async () => {
    // 101 groups in WEBJS's shape (`id._serialized`, `name`), the last in GOWS's (`JID`, `Name`).
    const all = Array.from({ length: 101 }, (_, i) => {
      const chatId = `1203630400000${String(i).padStart(5, '0')}@g.us`;
      return i === 100
        ? { JID: chatId, Name: 'Last' }
        : { id: { _serialized: chatId }, name: `Group ${i}`, isGroup: true };
    });
    const { config, requests } = await startGateway((request) => {
      const participantsAnswer = participantsRoute(request);
      if (participantsAnswer) return participantsAnswer;
      const query = new URL(request.url, 'http://gateway').searchParams;
      const offset = Number(query.get('offset'));
      return { status: 200, body: all.slice(offset, offset + Number(query.get('limit'))) };
    });
    const groups = await createWhatsappTransport(config).listGroups!();

    expect(groups).toHaveLength(101);
    expect(groups[0]).toEqual({ chatId: '120363040000000000@g.us', name: 'Group 0', participantPhones: [] });
    expect(groups[100]).toEqual({ chatId: '120363040000000100@g.us', name: 'Last', participantPhones: [] });
    expect(requests.filter((r) => !r.url.includes('/participants/')).map((r) => r.url)).toEqual([
      '/api/office/groups?exclude=participants&limit=100&offset=0',
      '/api/office/groups?exclude=participants&limit=100&offset=100',
    ]);
  });

  it('fails readably when the gateway has no participants/v2 (WAHA older than 2025.11)', async () => {
    const { config } = await startGateway((request) =>
      request.url.includes('/participants/')
        ? { status: 404, body: { statusCode: 404, message: 'Cannot GET /api/office/groups/x/participants/v2' } }
        : { status: 200, body: [{ id: '120363041234567890@g.us', subject: 'Ekip' }] },
    );
    await expect(createWhatsappTransport(config).listGroups!()).rejects.toMatchObject({
      permanent: true,
      status: 404,
      message: expect.stringMatching(
        /^WhatsApp gateway GET \/api\/office\/groups\/120363041234567890%40g\.us\/participants\/v2 answered 404 Not Found: Cannot GET/,
      ) as unknown,
    });
  });
});
