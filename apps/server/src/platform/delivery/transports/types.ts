import { type Text, toMessage } from '@ritim/shared';

/** Who a message goes to, as the outbox row names them. */
export type Recipient =
  | {
      kind: 'group';
      /** The chat id at the messaging gateway (message_groups.external_id), e.g. `120363…@g.us`. */
      chatId: string;
      name: string;
    }
  | { kind: 'user'; name: string; email: string | null; phone: string | null };

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One outbox row (message_logs) ready to be delivered. */
export interface OutgoingMessage {
  /** The outbox row id. */
  id: number;
  /** Stable for the row's whole life, so a receiver can recognise a repeated delivery. */
  idempotencyKey: string;
  recipient: Recipient;
  subject: string;
  text: string;
  attachments: Attachment[];
}

/**
 * Whether a transport can reach a recipient at all, decided before sending: a recipient it cannot
 * reach is recorded as failed with `reason` (e.g. "no email address") and never retried.
 */
export type Resolution = { reachable: true; address: string } | Unreachable;

declare const madeByUnreachable: unique symbol;
/** A recipient the transport cannot reach: `reason` is the text the log stores; only `unreachable` makes one. */
export type Unreachable = { reachable: false; reason: string } & { readonly [madeByUnreachable]: true };

/** A chat on the gateway with its members' phone numbers (digits only, international form). */
export interface GatewayGroup {
  chatId: string;
  name: string;
  participantPhones: string[];
}

export interface Transport {
  readonly name: 'file' | 'smtp' | 'whatsapp' | 'webhook';
  resolve(recipient: Recipient): Resolution;
  /**
   * Delivers the message or throws a TransportError (readable message, `permanent` when retrying
   * cannot help). `externalId` is the remote's id of what was delivered, when it gives one.
   */
  send(message: OutgoingMessage): Promise<{ externalId?: string }>;
  /** The gateway's group chats; only transports that have groups (whatsapp). */
  listGroups?(): Promise<GatewayGroup[]>;
}

export const reachable = (address: string): Resolution => ({ reachable: true, address });
/** The coded reason of each Unreachable (the object keeps the text alone, as the log stores it). */
const codedReasons = new WeakMap<Unreachable, Text>();

export function unreachable(reason: Text): Unreachable {
  const resolution = { reachable: false, reason: toMessage(reason).message } as Unreachable;
  codedReasons.set(resolution, reason);
  return resolution;
}

/** Why a recipient is unreachable, with its code (for the send's summary). */
export const reasonOf = (resolution: Unreachable): Text => codedReasons.get(resolution)!;

/** Who a recipient is, as a person reads it, for transports that reach everyone (file, webhook). */
export const describeRecipient = (recipient: Recipient) =>
  recipient.kind === 'group'
    ? recipient.chatId || recipient.name
    : (recipient.email ?? recipient.phone ?? recipient.name);
