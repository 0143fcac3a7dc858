import { type Rsvp, type RsvpAnswer, rsvpMessages } from '@ritim/shared';
import { recordAudit, occurrenceStartChange } from '../../platform/audit/record.js';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../platform/db/client.js';
import { eventOccurrences, events, locations, rsvps, users } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { personName } from '../../lib/names.js';
import { AttendanceMarks } from '../attendance/index.js';
import { organisers, occurrenceOrganiserId } from '../event-occurrences/index.js';
import type { RsvpTokens } from './tokens.js';

const HOUR_MS = 3_600_000;
const guests = alias(users, 'guests');

/** One answer to every link that opens nothing: unknown, made up, or its guest gone. */
const NOT_FOUND = () => new AppError(404, rsvpMessages.notFound);

/** The default notice: a "no" at least this many hours before the start is in time. */
export const DEFAULT_CANCEL_NOTICE_HOURS = 24;

/**
 * A guest's own answer through their personal link (docs/domain.md#rsvp): no sign-in, the token
 * is the credential. "no" before the cutoff (start minus the notice hours, real hours) marks them
 * `cancelled`, after it `lateCancelled`; "yes" takes a "no" back. A mark staff set stays whatever
 * the answer (the answer is still recorded). Nothing once the session started or while it is
 * cancelled (409).
 */
export class RsvpService {
  constructor(
    private readonly db: Db,
    private readonly tokens: RsvpTokens,
    private readonly now: () => Date = () => new Date(),
    private readonly noticeHours = DEFAULT_CANCEL_NOTICE_HOURS,
    private readonly marks = new AttendanceMarks(),
  ) {}

  private cutoffOf(startsAt: Date): Date {
    return new Date(startsAt.getTime() - this.noticeHours * HOUR_MS);
  }

  /** The link's session, guest and answer, or undefined for a link that opens nothing. */
  private async read(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({
        occurrenceId: rsvps.occurrenceId,
        guestId: rsvps.guestId,
        response: rsvps.response,
        respondedAt: rsvps.respondedAt,
        status: eventOccurrences.status,
        startsAt: eventOccurrences.startsAt,
        endsAt: eventOccurrences.endsAt,
        title: events.title,
        conferenceLink: events.conferenceLink,
        location: locations.name,
        organiserUsername: organisers.username,
        organiserName: organisers.name,
        organiserSurname: organisers.surname,
        guestUsername: guests.username,
        guestName: guests.name,
        guestSurname: guests.surname,
        guestTimezone: guests.timezone,
        guestLanguage: guests.language,
      })
      .from(rsvps)
      .innerJoin(eventOccurrences, eq(eventOccurrences.id, rsvps.occurrenceId))
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .innerJoin(locations, eq(locations.id, events.locationId))
      .innerJoin(organisers, eq(organisers.id, occurrenceOrganiserId))
      .innerJoin(guests, eq(guests.id, rsvps.guestId))
      .where(and(eq(rsvps.tokenHash, tokenHash), eq(guests.status, 'active')));
    return row;
  }

  private answer(row: NonNullable<Awaited<ReturnType<RsvpService['read']>>>): Rsvp {
    return {
      session: {
        title: row.title,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        timezone: row.guestTimezone,
        location: row.location,
        conferenceLink: row.conferenceLink,
        organiser: personName(row.organiserName, row.organiserSurname, row.organiserUsername),
        status: row.status,
      },
      guest: {
        name: personName(row.guestName, row.guestSurname, row.guestUsername),
        language: row.guestLanguage === 'tr' ? 'tr' : 'en',
      },
      response: row.response ?? null,
      respondedAt: row.respondedAt?.toISOString() ?? null,
      cutoff: this.cutoffOf(row.startsAt).toISOString(),
      // What POST would refuse (409): a cancelled session, or one that started.
      answerable: row.status !== 'cancelled' && this.now().getTime() < row.startsAt.getTime(),
    };
  }

  /** GET /api/rsvp/:token. */
  async get(token: string): Promise<Rsvp> {
    const hash = this.tokens.hashOf(token);
    const row = hash === undefined ? undefined : await this.read(this.db, hash);
    if (!row) throw NOT_FOUND();
    return this.answer(row);
  }

  /**
   * POST /api/rsvp/:token: records the answer and its attendance in one transaction, the session
   * held (FOR SHARE) so it is neither cancelled nor moved meanwhile.
   */
  async respond(token: string, input: RsvpAnswer): Promise<Rsvp> {
    const hash = this.tokens.hashOf(token);
    if (hash === undefined) throw NOT_FOUND();
    return this.db.transaction(async (tx) => {
      const [link] = await tx
        .select({ occurrenceId: rsvps.occurrenceId, guestId: rsvps.guestId, response: rsvps.response })
        .from(rsvps)
        .where(eq(rsvps.tokenHash, hash))
        .for('update');
      const session = link && (await this.marks.lockOccurrence(tx, link.occurrenceId));
      // A guest who left the list (or was made inactive) has nothing to answer any more.
      if (!link || !session?.guestIds.includes(link.guestId)) throw NOT_FOUND();
      if (session.status === 'cancelled') throw new AppError(409, rsvpMessages.cancelled);
      const now = this.now();
      if (session.startsAt.getTime() <= now.getTime()) throw new AppError(409, rsvpMessages.started);
      if (input.response === 'no') {
        const inTime = now.getTime() < this.cutoffOf(session.startsAt).getTime();
        await this.marks.answerNo(tx, link.occurrenceId, link.guestId, inTime ? 'cancelled' : 'lateCancelled');
      } else if (link.response === 'no') {
        await this.marks.removeCancellation(tx, link.occurrenceId, link.guestId);
      }
      await tx
        .update(rsvps)
        .set({ response: input.response, respondedAt: now })
        .where(and(eq(rsvps.occurrenceId, link.occurrenceId), eq(rsvps.guestId, link.guestId)));
      const row = await this.read(tx, hash);
      if (!row) throw NOT_FOUND();
      const answer = this.answer(row);
      // The guest's own answer through their link: nobody signed in acted.
      await recordAudit(tx, {
        action: 'rsvp',
        entityType: 'event-occurrences',
        entityId: link.occurrenceId,
        entityName: answer.session.title,
        changes: {
          ...occurrenceStartChange(session.startsAt),
          guestId: { from: null, to: link.guestId },
          response: { from: link.response ?? null, to: input.response },
        },
        actor: null,
      });
      return answer;
    });
  }
}
