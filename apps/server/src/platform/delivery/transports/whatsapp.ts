import { messagingMessages } from '@ritim/shared';
import type { TransportConfig } from './config.js';
import { TransportError } from './errors.js';
import { callJson, type HttpTransportOptions } from './http.js';
import {
  reachable,
  unreachable,
  type Attachment,
  type GatewayGroup,
  type OutgoingMessage,
  type Recipient,
  type Resolution,
  type Transport,
} from './types.js';

export type WhatsappConfig = Extract<TransportConfig, { transport: 'whatsapp' }>;

/** WhatsApp shows captions up to this length; a longer text goes as its own message. */
const CAPTION_LIMIT = 1024;
/** Groups asked for per page (WAHA's docs advise pages when an account has many groups). */
const GROUP_PAGE = 100;

/**
 * A phone number as a WhatsApp chat id: its digits (`+90 555 123 45 67` → `905551234567@c.us`;
 * a leading international `00` is dropped). Numbers must be stored in international form: a
 * national `0555…` cannot be told apart from another country's number. E.164 allows 8–15 digits.
 */
export function phoneChatId(phone: string | null): Resolution {
  if (!phone?.trim()) return unreachable(messagingMessages.noPhone);
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  if (digits.length < 8 || digits.length > 15) return unreachable(messagingMessages.badPhone);
  return reachable(`${digits}@c.us`);
}

function resolveRecipient(recipient: Recipient): Resolution {
  if (recipient.kind === 'user') return phoneChatId(recipient.phone);
  const chatId = recipient.chatId.trim();
  if (!chatId) return unreachable(messagingMessages.noChatId);
  if (!chatId.endsWith('@g.us')) return unreachable(messagingMessages.notGroupChatId({ chatId }));
  return reachable(chatId);
}

/** WhatsApp has no subject line: it leads the text in bold. */
const bodyText = (message: OutgoingMessage) =>
  message.subject.trim() ? `*${message.subject.trim()}*\n\n${message.text}` : message.text;

/** The sent message's id: a string (GOWS, WEBJS in recent WAHA), `{_serialized}` (WEBJS) or `key.id` (NOWEB). */
function sentMessageId(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { id, key } = body as { id?: unknown; key?: { id?: unknown } };
  if (typeof id === 'string') return id;
  const serialized = (id as { _serialized?: unknown } | undefined)?._serialized;
  if (typeof serialized === 'string') return serialized;
  return typeof key?.id === 'string' ? key.id : undefined;
}

/** `<digits>@c.us` → digits; other ids (`@lid` without a phone number) → undefined. */
const phoneOf = (id: unknown) => (typeof id === 'string' ? /^(\d+)@c\.us$/.exec(id)?.[1] : undefined);

/** One group of `GET /api/{session}/groups`, whose shape depends on WAHA's engine. */
function groupOf(item: unknown): { chatId: string; name: string } | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const group = item as Record<string, unknown>;
  const rawId = group.id ?? group.JID;
  const chatId = typeof rawId === 'string' ? rawId : (rawId as { _serialized?: unknown } | undefined)?._serialized;
  if (typeof chatId !== 'string' || !chatId.endsWith('@g.us')) return undefined;
  const metadata = group.groupMetadata as { subject?: unknown } | undefined;
  const name = [group.subject, group.name, group.Name, metadata?.subject].find((v) => typeof v === 'string');
  return { chatId, name: name ?? '' };
}

/**
 * WhatsApp through a self-hosted WAHA gateway (https://waha.devlike.pro; endpoints and fields in
 * docs/messaging-transports.md). Users are reached by phone number, message groups by their chat id.
 */
export function createWhatsappTransport(
  config: WhatsappConfig,
  { timeoutMs = 15_000 }: HttpTransportOptions = {},
): Transport {
  const session = encodeURIComponent(config.session);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(config.apiKey ? { 'x-api-key': config.apiKey } : {}),
  };

  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    const label = `WhatsApp gateway ${method} /${path.split('?')[0]}`;
    try {
      return await callJson({
        label,
        url: new URL(path, config.apiUrl),
        method,
        headers,
        body: body && JSON.stringify(body),
        timeoutMs,
      });
    } catch (error) {
      // WAHA answers 422 while the session is starting or reconnecting: worth another try later.
      if (error instanceof TransportError && error.status === 422 && /session status/i.test(error.message)) {
        throw new TransportError(error.message, false, error.status);
      }
      throw error;
    }
  }

  const sendText = (chatId: string, text: string) =>
    call('POST', 'api/sendText', { session: config.session, chatId, text });

  const sendFile = (chatId: string, attachment: Attachment, caption?: string) =>
    call('POST', attachment.contentType.startsWith('image/') ? 'api/sendImage' : 'api/sendFile', {
      session: config.session,
      chatId,
      file: {
        mimetype: attachment.contentType,
        filename: attachment.filename,
        data: attachment.content.toString('base64'),
      },
      ...(caption === undefined ? {} : { caption }),
    });

  async function participantPhones(chatId: string): Promise<string[]> {
    const path = `api/${session}/groups/${encodeURIComponent(chatId)}/participants/v2`;
    const participants = await call('GET', path);
    if (!Array.isArray(participants)) {
      throw new TransportError(`WhatsApp gateway GET /${path} did not answer a list of participants`, true);
    }
    const phones = new Set<string>();
    for (const participant of participants as { id?: unknown; pn?: unknown; role?: unknown }[]) {
      if (participant?.role === 'left') continue;
      const phone = phoneOf(participant?.pn) ?? phoneOf(participant?.id);
      if (phone) phones.add(phone);
    }
    return [...phones];
  }

  return {
    name: 'whatsapp',
    resolve: resolveRecipient,
    async send(message) {
      const resolution = resolveRecipient(message.recipient);
      if (!resolution.reachable) {
        throw new TransportError(`Cannot message ${message.recipient.name} on WhatsApp: ${resolution.reason}`, true);
      }
      const chatId = resolution.address;
      const text = bodyText(message);
      const [first, ...rest] = message.attachments;
      // One attachment with a short text is one WhatsApp message (the text as its caption), so a
      // failure cannot leave half of it delivered; otherwise the text goes first, then each file.
      if (first && rest.length === 0 && text.length <= CAPTION_LIMIT) {
        const id = sentMessageId(await sendFile(chatId, first, text.trim() ? text : undefined));
        return id ? { externalId: id } : {};
      }
      const ids: (string | undefined)[] = [];
      if (text.trim() || !first) ids.push(sentMessageId(await sendText(chatId, text)));
      for (const attachment of message.attachments) ids.push(sentMessageId(await sendFile(chatId, attachment)));
      const known = ids.filter((id): id is string => id !== undefined);
      return known.length > 0 ? { externalId: known.join(',') } : {};
    },
    async listGroups() {
      const groups = new Map<string, string>();
      for (let offset = 0; ; offset += GROUP_PAGE) {
        const path = `api/${session}/groups?exclude=participants&limit=${GROUP_PAGE}&offset=${offset}`;
        const page = await call('GET', path);
        if (!page || typeof page !== 'object') {
          throw new TransportError(`WhatsApp gateway GET /api/${session}/groups did not answer a list of groups`, true);
        }
        // NOWEB answers an object keyed by chat id, the other engines a list.
        const items = Array.isArray(page) ? (page as unknown[]) : Object.values(page);
        const before = groups.size;
        for (const group of items.map(groupOf)) if (group) groups.set(group.chatId, group.name);
        // A short page is the last; a gateway that ignores `limit` repeats itself and adds nothing.
        if (items.length < GROUP_PAGE || groups.size === before) break;
      }
      const result: GatewayGroup[] = [];
      for (const [chatId, name] of groups) {
        result.push({ chatId, name, participantPhones: await participantPhones(chatId) });
      }
      return result;
    },
  };
}
