import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarFeeds, users } from '../../db/schema.js';
import { CalendarReads } from '../event-occurrences/calendar-reads.js';
import { personName } from '../../lib/names.js';
import { sessionsCalendar, toCalendarSession } from './ics.js';

/** How far back a feed reaches; forward it holds every stored occurrence (the 12-month horizon). */
const PAST_DAYS = 30;
const DAY_MS = 86_400_000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A rendered feed and its entity tag. */
export interface FeedDocument {
  body: string;
  etag: string;
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
    private readonly occurrences = new CalendarReads(db),
  ) {
    this.key = createHmac('sha256', secret).update('ritim calendar feed').digest();
  }

  private tokenOf(userId: number, nonce: string): string {
    return createHmac('sha256', this.key).update(`${userId}.${nonce}`).digest('base64url');
  }

  /** The user's token, made on first use (a reset replaces it); undefined when the user does not exist. */
  async token(userId: number, reset = false): Promise<string | undefined> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) return undefined;
    const nonce = randomBytes(16).toString('base64url');
    const values = { userId, nonce, tokenHash: sha256(this.tokenOf(userId, nonce)) };
    const insert = this.db.insert(calendarFeeds).values(values);
    const [row] = reset
      ? await insert
          .onConflictDoUpdate({
            target: calendarFeeds.userId,
            set: { nonce: sql`excluded.nonce`, tokenHash: sql`excluded.token_hash`, createdAt: sql`now()` },
          })
          .returning({ nonce: calendarFeeds.nonce })
      : await insert.onConflictDoNothing().returning({ nonce: calendarFeeds.nonce });
    // Without a reset a concurrent or earlier first call may have made it: read what is stored.
    const nonceNow =
      row?.nonce ??
      (
        await this.db.select({ nonce: calendarFeeds.nonce }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId))
      )[0]?.nonce;
    return nonceNow === undefined ? undefined : this.tokenOf(userId, nonceNow);
  }

  /** The feed a token opens (an active user's), or undefined for a made-up, reset or inactive one. */
  async feed(token: string): Promise<FeedDocument | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const [owner] = await this.db
      .select({ id: users.id, username: users.username, name: users.name, surname: users.surname })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(sql`${calendarFeeds.tokenHash} = ${sha256(token)} and ${users.status} = 'active'`);
    if (!owner) return undefined;
    const from = new Date(this.now().getTime() - PAST_DAYS * DAY_MS);
    const sessions = await this.occurrences.calendarOf(owner.id, from);
    const body = sessionsCalendar(
      `Ritim: ${personName(owner.name, owner.surname, owner.username)}`,
      sessions.map(toCalendarSession),
    );
    return { body, etag: `"${sha256(body).slice(0, 32)}"` };
  }
}
