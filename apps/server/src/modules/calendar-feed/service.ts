import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { REDACTED } from '@ritim/shared';
import type { Db, Executor } from '../../platform/db/client.js';
import { calendarFeeds, users } from '../../platform/db/schema.js';
import { recordAudit } from '../../platform/audit/record.js';
import { CalendarReads } from '../event-occurrences/index.js';
import { personName } from '../../lib/names.js';
import { type OccurrenceRow, sessionsCalendarInPieces, toCalendarOccurrence } from './ics.js';
import { compress, type ContentEncoding } from '../../lib/compression.js';
import { ifNoneMatch } from '../../platform/answer-cache.js';

/** How far back a feed reaches; forward it holds every stored occurrence (the 12-month horizon). */
const PAST_DAYS = 30;
const DAY_MS = 86_400_000;
/** Sessions read per round trip while a feed renders. */
const PAGE = 200;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A rendered feed, its entity tag and its compressed forms (made on first demand, off the event loop). */
export class FeedDocument {
  private readonly encodings = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(
    readonly userId: number,
    readonly etag: string,
    readonly body: Buffer,
    /** The data version (platform/answer-cache.ts) it was last known current at, and until when (a session drops out). */
    public version: number | undefined,
    public until: number,
  ) {}

  /** The body in `encoding`, compressed once. */
  encoded(encoding: ContentEncoding): Promise<Buffer> {
    let compressed = this.encodings.get(encoding);
    if (!compressed) {
      compressed = compress(this.body, encoding);
      this.encodings.set(encoding, compressed);
    }
    return compressed;
  }
}

/** What a feed request gets: 304 (unchanged since the client's copy) or the document. */
export type FeedAnswer =
  { etag: string; notModified: true } | { etag: string; notModified: false; document: FeedDocument };

/** Bytes of rendered feeds kept (least recently read go first). */
const CACHE_BYTES = 48 * 1024 * 1024;

/** Owner of a feed, as its entity tag and its name read them. */
interface FeedOwner {
  id: number;
  username: string;
  name: string | null;
  surname: string | null;
}

/**
 * Calendar subscriptions (ICS feeds): one secret URL per person that a phone or a calendar app
 * polls without a session. The token is HMAC(key, userId.nonce) with a key derived from the
 * server secret, so the same URL can be shown again while only its hash and the nonce are stored;
 * a reset draws a new nonce and the old URL answers 404 from then on.
 */
export class CalendarFeedService {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly now: () => Date = () => new Date(),
    /** The database's data version (AnswerCache.version): while it stands, a cached feed is current. */
    private readonly dataVersion?: () => Promise<number>,
    private readonly occurrences = new CalendarReads(db),
  ) {
    this.key = createHmac('sha256', secret).update('ritim calendar feed').digest();
  }

  private tokenOf(userId: number, nonce: string): string {
    return createHmac('sha256', this.key).update(`${userId}.${nonce}`).digest('base64url');
  }

  /**
   * The user's token, made on first use (a reset replaces it, recorded in the audit log as a change
   * of the user's feed address, its values redacted); undefined when the user does not exist.
   */
  async token(userId: number, reset = false): Promise<string | undefined> {
    if (reset) return this.db.transaction((tx) => this.tokenIn(tx, userId, true));
    return this.tokenIn(this.db, userId, false);
  }

  private async tokenIn(db: Executor, userId: number, reset: boolean): Promise<string | undefined> {
    const [user] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId));
    if (!user) return undefined;
    const nonce = randomBytes(16).toString('base64url');
    const values = { userId, nonce, tokenHash: sha256(this.tokenOf(userId, nonce)) };
    const insert = db.insert(calendarFeeds).values(values);
    const [row] = reset
      ? await insert
          .onConflictDoUpdate({
            target: calendarFeeds.userId,
            set: { nonce: sql`excluded.nonce`, tokenHash: sql`excluded.token_hash`, createdAt: sql`now()` },
          })
          .returning({ nonce: calendarFeeds.nonce })
      : await insert.onConflictDoNothing().returning({ nonce: calendarFeeds.nonce });
    if (reset) {
      await recordAudit(db, {
        action: 'update',
        entityType: 'users',
        entityId: userId,
        entityName: user.username,
        changes: { calendarFeedToken: { from: REDACTED, to: REDACTED } },
      });
    }
    // Without a reset a concurrent or earlier first call may have made it: read what is stored.
    const nonceNow =
      row?.nonce ??
      (await db.select({ nonce: calendarFeeds.nonce }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)))[0]
        ?.nonce;
    return nonceNow === undefined ? undefined : this.tokenOf(userId, nonceNow);
  }

  /** Rendered feeds by user, least recently read first, and their size. */
  private readonly cache = new Map<number, FeedDocument>();
  private cachedBytes = 0;
  /** How many feeds were rendered (tests read it). */
  renders = 0;
  /** Feeds being rendered, by `userId etag`: the same feed asked for meanwhile waits for it. */
  private readonly rendering = new Map<string, Promise<FeedDocument>>();

  /**
   * The feed a token opens (an active user's), or undefined for a made-up, reset or inactive one.
   * Its ETag is its data version (`calendarVersionOf` and the owner's name), so an unchanged feed
   * answers `ifNoneMatch` with 304 without being rendered; a rendered feed is kept, and while the
   * database's data version stands it is served without asking the database more than that. A feed
   * is rendered in pieces that let other requests run between them.
   */
  async feed(token: string, ifNoneMatchHeader?: string): Promise<FeedAnswer | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const [owner] = await this.db
      .select({ id: users.id, username: users.username, name: users.name, surname: users.surname })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(sql`${calendarFeeds.tokenHash} = ${sha256(token)} and ${users.status} = 'active'`);
    if (!owner) return undefined;
    // Read before the feed's data: a document is never marked current at a version newer than it.
    const version = await this.dataVersion?.();
    const now = this.now().getTime();
    const from = new Date(now - PAST_DAYS * DAY_MS);
    let document = this.cache.get(owner.id);
    if (!document || version === undefined || document.version !== version || document.until <= now) {
      const etag = etagOf(owner, await this.occurrences.calendarVersionOf(owner.id, from));
      // Read again: a render may have finished while the version was read.
      document = this.cache.get(owner.id);
      if (document?.etag === etag) {
        if (version !== undefined) document.version = Math.max(document.version ?? version, version);
      } else {
        if (ifNoneMatch(ifNoneMatchHeader, etag)) return { etag, notModified: true };
        document = await this.render(owner, etag, from, version);
      }
    }
    this.touch(document);
    if (ifNoneMatch(ifNoneMatchHeader, document.etag)) return { etag: document.etag, notModified: true };
    return { etag: document.etag, notModified: false, document };
  }

  /** Renders `owner`'s feed (once for concurrent requests of the same version) and keeps it. */
  private render(owner: FeedOwner, etag: string, from: Date, version: number | undefined): Promise<FeedDocument> {
    const key = `${owner.id} ${etag}`;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = (async () => {
        this.renders += 1;
        // The rows and their version from one snapshot: the body is the one its ETag names.
        const { sessions, digest } = await this.db.transaction(
          async (tx) => {
            const reads = new CalendarReads(tx);
            const digest = await reads.calendarVersionOf(owner.id, from);
            // Page by page: a page's rows are mapped in a few milliseconds, not all at once.
            const sessions: OccurrenceRow[] = [];
            for (;;) {
              const last = sessions[sessions.length - 1];
              const page = await reads.calendarOf(owner.id, from, {
                after: last ? { startsAt: last.startsAt, id: last.id } : null,
                limit: PAGE,
              });
              sessions.push(...page);
              if (page.length < PAGE) return { digest, sessions };
            }
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
        const body = await sessionsCalendarInPieces(
          `Ritim: ${personName(owner.name, owner.surname, owner.username)}`,
          sessions.map(toCalendarOccurrence),
        );
        // The earliest session leaves the feed PAST_DAYS after it starts.
        const until = sessions.length ? sessions[0]!.startsAt.getTime() + PAST_DAYS * DAY_MS : Infinity;
        const document = new FeedDocument(owner.id, etagOf(owner, digest), Buffer.from(body), version, until);
        this.keep(document);
        return document;
      })().finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  private touch(document: FeedDocument): void {
    if (this.cache.get(document.userId) !== document) return;
    this.cache.delete(document.userId);
    this.cache.set(document.userId, document);
  }

  private keep(document: FeedDocument): void {
    const previous = this.cache.get(document.userId);
    if (previous) {
      this.cachedBytes -= previous.body.length;
      this.cache.delete(document.userId);
    }
    this.cache.set(document.userId, document);
    this.cachedBytes += document.body.length;
    for (const [userId, old] of this.cache) {
      if (this.cachedBytes <= CACHE_BYTES) break;
      this.cache.delete(userId);
      this.cachedBytes -= old.body.length;
    }
  }
}

/** Bumped when the rendering changes: an ETag names the feed's data and how it is written. */
const FORMAT = 'ics-1';

/** A feed's strong ETag: its owner's name and the data version of its sessions. */
const etagOf = (owner: FeedOwner, digest: string) =>
  `"${sha256(`${FORMAT}\n${owner.username}\n${owner.name ?? ''}\n${owner.surname ?? ''}\n${digest}`).slice(0, 32)}"`;
