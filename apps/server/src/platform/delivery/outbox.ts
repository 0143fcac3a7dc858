import { type Language, type MessageType, messagingMessages, type Text } from '@ritim/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record.js';
import type { Db, Executor } from '../db/client.js';
import { Sealer } from '../sealed.js';
import { billingAccounts, messageGroups, messageLogs, users } from '../db/schema.js';
import { defineJob, type JobLogger, type JobQueue } from '../jobs/queue.js';
import { TransportError } from './transports/errors.js';
import { type Attachment, reasonOf, type Recipient, type Transport } from './transports/types.js';

/** What to render and attach at delivery (a report image, a calendar file), never the bytes themselves. */
export type AttachmentSpec =
  | {
      kind: 'occurrence-report';
      formId: number;
      occurrenceId: number;
      /** The guests the message is for: their report shows only the submissions about them. */
      guestIds?: number[];
      /** The recipients' language: the report's words and dates (English when absent). */
      language?: Language;
    }
  | { kind: 'monthly-report'; guestId: number; month: string; timezone: string }
  /** The session as an .ics file, so a guest adds it to their calendar in one tap. */
  | { kind: 'occurrence-ics'; occurrenceId: number }
  /** An issued invoice as its PDF, in the account's language, with the centre it was sent from. */
  | { kind: 'invoice-pdf'; invoiceId: number; language: Language; centre: { name: string; address: string | null } };

/** Renders an attachment spec into files (reports); throws when the data is gone. */
export type RenderAttachments = (spec: AttachmentSpec) => Promise<Attachment[]>;

/** The Message Log's reason for a delivery that never recorded an outcome. */
export const UNDELIVERED = messagingMessages.undelivered;

/**
 * Where a delivery that ended without recording its outcome lands: its last run timed out (the
 * process stopped or the transport hung) or threw before it could write. Its handler fails the row.
 */
export const undeliveredMessageJob = defineJob<{ messageLogId: number }>('deliver-message-undelivered', {
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryBackoff: true,
});

/**
 * The delivery job of one outbox row. Retried with backoff (5, 10, 20, 40 s); a run still going
 * after `timeoutSeconds` (its process died) is failed and retried, so a crash loses nothing; when
 * the last run ends that way, the row is failed through `undeliveredMessageJob`.
 */
export const deliveryJob = (timeoutSeconds = 120) =>
  defineJob<{ messageLogId: number }>('deliver-message', {
    retryLimit: 4,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: timeoutSeconds,
    deadLetter: undeliveredMessageJob,
  });
export const deliverMessageJob = deliveryJob();

/** The outbox's sealer of message secrets, under the server secret. */
export const outboxSealer = (serverSecret: string) => new Sealer(serverSecret, 'outbox-secret');

/** A message decided on, before it is written to the outbox. */
export interface NewMessage {
  type: MessageType;
  /** type + occurrence or month + recipient: the same decision taken twice queues nothing twice. */
  idempotencyKey: string;
  occurrenceId?: number | null;
  formId?: number | null;
  month?: string | null;
  recipient:
    | { kind: 'user'; id: number; name: string; email: string | null; phone: string | null }
    | { kind: 'group'; id: number; name: string; chatId: string | null }
    /** A billing account (an invoice): its own email and phone, not a user's. */
    | { kind: 'account'; id: number; name: string; email: string | null; phone: string | null };
  guestIds: number[];
  subject: string;
  body: string;
  attachment?: AttachmentSpec | null;
  createdBy?: number | null;
  /**
   * A part of the body the log must never show (a password reset link): the body holds
   * `placeholder`, the value is sealed beside it and put in its place only when the message is
   * sent (then forgotten).
   */
  secret?: { placeholder: string; value: string };
}

export interface EnqueueResult {
  /** New rows handed to the delivery job. */
  queued: number;
  /** Decisions already taken before (same idempotency key): nothing new. */
  duplicates: number;
  /** New rows the transport cannot reach, logged as failed with the reason. */
  unreachable: { name: string; reason: Text }[];
}

const toRecipient = (recipient: NewMessage['recipient']): Recipient =>
  recipient.kind === 'group'
    ? { kind: 'group', chatId: recipient.chatId ?? '', name: recipient.name }
    : { kind: 'user', name: recipient.name, email: recipient.email, phone: recipient.phone };

/** An error as the Message Log shows it: one readable line, never a stack. */
const describe = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 1000);

/**
 * The outbox (docs/domain.md): `enqueue` writes message_logs rows and their delivery jobs in the caller's
 * transaction, so a message exists exactly when the decision to send it commits; `deliver` (the
 * job) sends one row through the transport and records sent or failed; `retry` puts a failed row
 * back on the queue.
 */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    readonly transport: Transport,
    private readonly render: RenderAttachments,
    options: { log?: JobLogger; job?: typeof deliverMessageJob; sealer?: Sealer } = {},
  ) {
    this.log = options.log;
    this.job = options.job ?? deliverMessageJob;
    this.sealer = options.sealer;
  }

  /** Seals the messages' secrets (platform/sealed.ts); messages with one need it. */
  private readonly sealer: Sealer | undefined;

  private seal(secret: NewMessage['secret']): string | null {
    if (!secret) return null;
    if (!this.sealer) throw new Error('The outbox has no sealer: it cannot keep a message secret');
    return this.sealer.seal(JSON.stringify(secret));
  }

  /** The text to send: the body with its secret put back in. */
  private textOf(row: { body: string; secret: string | null }): string {
    if (row.secret === null) return row.body;
    const opened = this.sealer?.open(row.secret);
    const secret = opened ? (JSON.parse(opened) as NonNullable<NewMessage['secret']>) : null;
    if (!secret) throw new TransportError(messagingMessages.secretUnreadable, true);
    // The last one: the placeholder follows whatever else the body says (a username, say).
    const at = row.body.lastIndexOf(secret.placeholder);
    if (at < 0) return row.body;
    return row.body.slice(0, at) + secret.value + row.body.slice(at + secret.placeholder.length);
  }

  private readonly log: JobLogger | undefined;
  /** The delivery job's definition (tests use one that retries at once). */
  private readonly job: typeof deliverMessageJob;

  /** Readies the job's queue (needed before enqueueing in a transaction). */
  async register(): Promise<void> {
    await this.queue.register(this.job);
  }

  /** Works the delivery queue (and its dead letters) in this process. */
  async work(): Promise<void> {
    await this.queue.work(this.job, async ({ messageLogId }, meta) => {
      await this.deliver(messageLogId, meta.retryCount);
    });
    if (this.job.deadLetter)
      await this.queue.work(this.job.deadLetter, async ({ messageLogId }) => {
        await this.markUndelivered(messageLogId);
      });
  }

  /**
   * Whether every delivery queued so far has ended: none is waiting, retrying or running, and none
   * of their dead letters either. Then nothing more is sent until something new is enqueued.
   */
  async settled(): Promise<boolean> {
    const jobs = this.job.deadLetter ? [this.job, this.job.deadLetter] : [this.job];
    for (const job of jobs) if ((await this.queue.unfinished(job)) > 0) return false;
    return true;
  }

  /**
   * A delivery whose last run ended without recording an outcome: a row still queued or sending is
   * failed with the reason, so the Message Log shows it and Retry can send it again. A row a late
   * run did record stays as it is.
   */
  async markUndelivered(messageLogId: number): Promise<void> {
    await this.db
      .update(messageLogs)
      .set({ status: 'failed', error: UNDELIVERED, updatedAt: sql`now()` })
      .where(and(eq(messageLogs.id, messageLogId), inArray(messageLogs.status, ['queued', 'sending'])));
  }

  /**
   * Writes the messages (one statement) and queues a delivery for each new, reachable one (one
   * more). A key already in the log is a duplicate and changes nothing; a recipient the
   * transport cannot reach is logged as failed with the reason and not queued.
   */
  async enqueue(tx: Executor, messages: NewMessage[]): Promise<EnqueueResult> {
    const result: EnqueueResult = { queued: 0, duplicates: 0, unreachable: [] };
    if (messages.length === 0) return result;
    // Why each unreachable one is: logged as its text, answered with its code.
    const reasons = new Map<string, Text>();
    const rows = messages.map((message) => {
      const resolution = this.transport.resolve(toRecipient(message.recipient));
      if (!resolution.reachable) reasons.set(message.idempotencyKey, reasonOf(resolution));
      return {
        type: message.type,
        idempotencyKey: message.idempotencyKey,
        occurrenceId: message.occurrenceId ?? null,
        formId: message.formId ?? null,
        month: message.month ?? null,
        recipientUserId: message.recipient.kind === 'user' ? message.recipient.id : null,
        recipientMessageGroupId: message.recipient.kind === 'group' ? message.recipient.id : null,
        recipientBillingAccountId: message.recipient.kind === 'account' ? message.recipient.id : null,
        recipientName: message.recipient.name,
        guestIds: message.guestIds,
        subject: message.subject,
        body: message.body,
        secret: this.seal(message.secret),
        attachment: message.attachment ?? null,
        status: resolution.reachable ? ('queued' as const) : ('failed' as const),
        error: resolution.reachable ? null : resolution.reason,
        createdBy: message.createdBy ?? null,
      };
    });
    const inserted = await (tx as Db)
      .insert(messageLogs)
      .values(rows)
      .onConflictDoNothing({ target: messageLogs.idempotencyKey })
      .returning({
        id: messageLogs.id,
        status: messageLogs.status,
        name: messageLogs.recipientName,
        key: messageLogs.idempotencyKey,
        type: messageLogs.type,
      });
    // Each message logged is a send in the audit log, in the transaction that decided it.
    await recordAudit(
      tx,
      ...inserted.map((row) => ({
        action: 'send' as const,
        entityType: 'message-logs' as const,
        entityId: row.id,
        entityName: row.name,
        changes: { type: { from: null, to: row.type }, status: { from: null, to: row.status } },
      })),
    );
    result.duplicates = messages.length - inserted.length;
    const queued = inserted.filter((row) => row.status === 'queued');
    result.queued = queued.length;
    result.unreachable = inserted
      .filter((row) => row.status === 'failed')
      .map((row) => ({ name: row.name, reason: reasons.get(row.key)! }));
    await this.queue.sendMany(
      this.job,
      queued.map((row) => ({ messageLogId: row.id })),
      { tx },
    );
    return result;
  }

  /**
   * The delivery job: claims the row (queued, or sending when an earlier run died mid-way), reads
   * the recipient's current address, renders the attachment, sends, and records the outcome. A
   * row already sent or failed is left alone, so a repeated job sends nothing twice. A temporary
   * failure is rethrown for the queue to retry until `retryLimit`; then, or on a permanent one,
   * the row is failed with the error.
   */
  async deliver(messageLogId: number, retryCount = 0): Promise<void> {
    const [row] = await this.db
      .update(messageLogs)
      .set({ status: 'sending', attempts: sql`${messageLogs.attempts} + 1`, updatedAt: sql`now()` })
      .where(and(eq(messageLogs.id, messageLogId), inArray(messageLogs.status, ['queued', 'sending'])))
      .returning();
    if (!row) return;
    try {
      const recipient = await this.recipientOf(row);
      const resolution = this.transport.resolve(recipient);
      if (!resolution.reachable) throw new TransportError(resolution.reason, true);
      const attachments = row.attachment ? await this.render(row.attachment as AttachmentSpec) : [];
      await this.transport.send({
        id: row.id,
        idempotencyKey: row.idempotencyKey,
        recipient,
        subject: row.subject,
        text: this.textOf(row),
        attachments,
      });
      await this.db
        .update(messageLogs)
        .set({ status: 'sent', error: null, secret: null, sentAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(messageLogs.id, row.id));
    } catch (error) {
      const permanent = error instanceof TransportError && error.permanent;
      const last = permanent || retryCount >= this.job.retryLimit;
      await this.db
        .update(messageLogs)
        .set({ status: last ? 'failed' : 'queued', error: describe(error), updatedAt: sql`now()` })
        .where(eq(messageLogs.id, row.id));
      this.log?.warn({ err: error, messageLogId, retryCount, permanent }, 'message delivery failed');
      if (!last) throw error;
    }
  }

  /** Retry in the Message Log: a failed row goes back to queued with a new delivery job. */
  async retry(messageLogId: number): Promise<'queued' | 'not-failed' | 'not-found'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(messageLogs)
        .set({ status: 'queued', error: null, updatedAt: sql`now()` })
        .where(and(eq(messageLogs.id, messageLogId), eq(messageLogs.status, 'failed')))
        .returning({ id: messageLogs.id, name: messageLogs.recipientName });
      if (row) {
        await this.queue.sendMany(this.job, [{ messageLogId }], { tx });
        await recordAudit(tx, {
          action: 'retry',
          entityType: 'message-logs',
          entityId: row.id,
          entityName: row.name,
          changes: { status: { from: 'failed', to: 'queued' } },
        });
        return 'queued';
      }
      const [exists] = await tx
        .select({ id: messageLogs.id })
        .from(messageLogs)
        .where(eq(messageLogs.id, messageLogId));
      return exists ? 'not-failed' : 'not-found';
    });
  }

  /** The recipient as it is now (a fixed email or chat id counts on retry; an account's too). */
  private async recipientOf(row: typeof messageLogs.$inferSelect): Promise<Recipient> {
    if (row.recipientMessageGroupId !== null) {
      const [group] = await this.db
        .select({ name: messageGroups.name, chatId: messageGroups.externalId })
        .from(messageGroups)
        .where(eq(messageGroups.id, row.recipientMessageGroupId));
      return { kind: 'group', chatId: group?.chatId ?? '', name: group?.name ?? row.recipientName };
    }
    if (row.recipientBillingAccountId !== null) {
      const [account] = await this.db
        .select({ email: billingAccounts.email, phone: billingAccounts.phone })
        .from(billingAccounts)
        .where(eq(billingAccounts.id, row.recipientBillingAccountId));
      return { kind: 'user', name: row.recipientName, email: account?.email ?? null, phone: account?.phone ?? null };
    }
    const [user] =
      row.recipientUserId === null
        ? []
        : await this.db
            .select({ email: users.email, phone: users.phone })
            .from(users)
            .where(eq(users.id, row.recipientUserId));
    return { kind: 'user', name: row.recipientName, email: user?.email ?? null, phone: user?.phone ?? null };
  }
}
