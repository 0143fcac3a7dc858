import {
  type BulkActionResult,
  bulkResult,
  isBuiltInFormTitle,
  messages as commonMessages,
  type Message,
  messagingMessages,
  notFound,
  type ScheduleDayRequest,
  type SendReportRequest,
  sendSummary,
} from '@ritim/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { SessionUser } from '../../platform/access/tokens.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { forms, formSubmissions, messageGroups, users } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { EnqueueResult, NewMessage, Outbox } from '../../platform/delivery/outbox.js';
import type { GatewayGroup } from '../../platform/delivery/transports/types.js';
import { formatIn, type GuestTexts, guestTexts } from '../../i18n/guest-texts.js';
import { monthTitle } from '../../reports/format.js';
import { renderOccurrenceReport } from '../../reports/occurrence-report.js';
import { assertNotPastDay, dayRange, monthRange, zoneOf } from '../../lib/time.js';
import {
  OccurrenceReads,
  OccurrenceChanges,
  OCCURRENCE_NOT_FOUND,
  organisesOrAdmin,
} from '../event-occurrences/index.js';
import { pairKey, RsvpTokens } from '../rsvp/index.js';
import type { Platform } from '../../platform/feature.js';
import {
  type Addressee,
  addressees,
  type GuestContact,
  guestContactsBetween,
  occurrenceGuestContacts,
} from './recipients.js';
import { occurrenceReportData } from './report-data.js';
import { type StaffMember, staffByIds } from '../users/staff.js';

const FORM_NOT_FOUND = notFound('Form');

/** The language of a message about these guests: theirs (the first one's, when a group's guests differ). */
const languageOf = (guests: readonly GuestContact[]) => guestTexts(guests[0]?.language);
/** `2026-11-24`: the day of an instant in a zone (report file names). */
const dayOf = (instant: Date, zone: string) => DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';

/** A report's file name: the occurrence's day in the organiser's zone (docs/product.md §7: `{date}_report.jpg`). */
export const reportFileName = (startsAt: Date, zone: string) => `${dayOf(startsAt, zone)}_report.jpg`;

/** Digits only, for matching a gateway's participant numbers to users' phones. */
const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * The messaging decisions (docs/domain.md): reminders, occurrence reports, monthly reports and the
 * message-group sync. Each decision writes its messages to the outbox in one transaction with
 * the change it goes with (a report's occurrence becomes completed), so nothing is sent that was
 * not decided and nothing decided is lost; the idempotency keys make a repeated decision a no-op.
 */
export class MessagingService {
  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox | undefined,
    private readonly now: () => Date = () => new Date(),
    /** The guests' personal answer links in reminders (docs/domain.md#rsvp), at this origin. */
    private readonly rsvp: { tokens: RsvpTokens; origin: string },
    private readonly occurrences = new OccurrenceReads(db),
    private readonly changes = new OccurrenceChanges(db),
  ) {}

  private requireOutbox(): Outbox {
    if (!this.outbox) throw new AppError(503, commonMessages.messagingOff);
    return this.outbox;
  }

  /**
   * POST sendReminders: one reminder per guest (or per message group) of each approved
   * occurrence of the day that has not started yet (a cancelled one is not approved), to the
   * guests not marked as not coming. Its text gives the time in the guest's zone.
   */
  async sendReminders(request: ScheduleDayRequest, viewer: SessionUser): Promise<BulkActionResult> {
    const outbox = this.requireOutbox();
    const zone = zoneOf(request.timezone ?? viewer.timezone);
    const now = this.now();
    assertNotPastDay(request.listDate, zone, now, messagingMessages.pastDay);
    const [start, end] = dayRange(request.listDate, zone);
    const occurrences = await this.occurrences.approvedBetween(new Date(Math.max(start, now.getTime())), new Date(end));
    if (occurrences.length === 0) return bulkResult(true, messagingMessages.noApprovedOccurrences);
    const guests = groupBy(
      // A guest who cancelled (or was excused) is not reminded of what they will not attend.
      await occurrenceGuestContacts(
        this.occurrences,
        this.db,
        occurrences.map((o) => o.id),
        { comingOnly: true },
      ),
    );
    const result = await this.db.transaction(async (tx) => {
      // Each guest's own link, made (or the one made before reused) with the messages carrying it.
      const links = await this.rsvp.tokens.links(
        tx,
        [...guests.values()].flat().map((guest) => ({ occurrenceId: guest.occurrenceId, guestId: guest.id })),
        this.rsvp.origin,
      );
      const linkLines = (to: Addressee, texts: GuestTexts) =>
        to.guests.flatMap((guest) => {
          const link = links.get(pairKey({ occurrenceId: guest.occurrenceId, guestId: guest.id }));
          if (!link) return [];
          return [
            to.recipient.kind === 'group' ? `${texts.rsvpLink} (${guest.name}): ${link}` : `${texts.rsvpLink}: ${link}`,
          ];
        });
      const messages: NewMessage[] = occurrences.flatMap((occurrence) =>
        addressees(guests.get(occurrence.id) ?? []).map((to) => {
          const texts = languageOf(to.guests);
          const zones = zonesOf(to.guests);
          const when = whenLines(texts, occurrence, zones);
          const lines = [
            `${texts.reminder}: ${occurrence.title}`,
            ...(to.recipient.kind === 'group'
              ? [`${texts.reminderFor}: ${to.guests.map((guest) => guest.name).join(', ')}`]
              : []),
            ...when,
            `${texts.reminderWhere}: ${occurrence.location}`,
            ...(occurrence.conferenceLink ? [`${texts.reminderJoin}: ${occurrence.conferenceLink}`] : []),
            ...linkLines(to, texts),
          ];
          return {
            type: 'reminder' as const,
            idempotencyKey: `reminder:${occurrence.id}:${to.key}`,
            occurrenceId: occurrence.id,
            recipient: to.recipient,
            guestIds: to.guests.map((guest) => guest.id),
            subject: texts.reminderSubject(
              occurrence.title,
              formatIn(texts, occurrence.startsAt, zones[0]!, texts.dateTime),
            ),
            body: lines.join('\n'),
            attachment: { kind: 'occurrence-ics' as const, occurrenceId: occurrence.id },
            createdBy: viewer.id,
          };
        }),
      );
      return outbox.enqueue(tx, messages);
    });
    return bulkResult(true, sendSummary(messagingMessages.remindersQueued, result));
  }

  /**
   * Sessions were cancelled with `notify` (docs/domain.md#cancellation), one or a closure's many:
   * each guest of each session, or their message group, is sent the cancellation with the time in
   * their zone, the place and the reason, in their language, queued in the transaction that
   * cancels it. Keyed by the cancellation, so a double click queues nothing twice and cancelling
   * again after a restore tells them again.
   */
  queueCancellationNotices(
    tx: Tx,
    cancellations: readonly OccurrenceNotice[],
    viewer: SessionUser,
  ): Promise<EnqueueResult> {
    return this.queueOccurrenceNotices(tx, 'cancellation', cancellations, viewer);
  }

  /**
   * A closure was deleted with `notify` (docs/domain.md#closures): each guest of each session it
   * puts back on, or their message group, is told it takes place after all, with the time in their
   * zone, the place, the conference link and the closure's title, in their language. Sessions
   * already started are not told about. Keyed by the cancellation removed, so closing and
   * reopening the days again tells them again.
   */
  queueRestorationNotices(
    tx: Tx,
    restorations: readonly OccurrenceNotice[],
    viewer: SessionUser,
  ): Promise<EnqueueResult> {
    return this.queueOccurrenceNotices(tx, 'restoration', restorations, viewer);
  }

  /** A cancellation's or a restoration's messages, one per guest (or message group) of each session. */
  private async queueOccurrenceNotices(
    tx: Tx,
    type: 'cancellation' | 'restoration',
    notices: readonly OccurrenceNotice[],
    viewer: SessionUser,
  ): Promise<EnqueueResult> {
    const outbox = this.requireOutbox();
    const ids = notices.map((notice) => notice.occurrenceId);
    const [details, contacts] = await Promise.all([
      this.occurrences.details(tx, ids),
      occurrenceGuestContacts(this.occurrences, tx, ids),
    ]);
    const byOccurrence = new Map<number, GuestContact[]>();
    for (const contact of contacts) {
      const guests = byOccurrence.get(contact.occurrenceId);
      if (guests) guests.push(contact);
      else byOccurrence.set(contact.occurrenceId, [contact]);
    }
    const detailOf = new Map(details.map((detail) => [detail.id, detail]));
    const now = this.now().getTime();
    const messages: NewMessage[] = notices.flatMap(({ occurrenceId, cancellationId, reason }) => {
      const occurrence = detailOf.get(occurrenceId);
      if (!occurrence) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      if (type === 'restoration' && occurrence.startsAt.getTime() <= now) return [];
      return addressees(byOccurrence.get(occurrenceId) ?? []).map((to) => {
        const texts = languageOf(to.guests);
        const zones = zonesOf(to.guests);
        const lines = [
          ...(to.recipient.kind === 'group'
            ? [`${texts.reminderFor}: ${to.guests.map((guest) => guest.name).join(', ')}`]
            : []),
          ...whenLines(texts, occurrence, zones),
          `${texts.reminderWhere}: ${occurrence.location}`,
          ...(type === 'restoration' && occurrence.conferenceLink
            ? [`${texts.reminderJoin}: ${occurrence.conferenceLink}`]
            : []),
        ];
        const when = formatIn(texts, occurrence.startsAt, zones[0]!, texts.dateTime);
        return {
          type,
          idempotencyKey: `${type}:${occurrenceId}:${cancellationId}:${to.key}`,
          occurrenceId,
          recipient: to.recipient,
          guestIds: to.guests.map((guest) => guest.id),
          subject:
            type === 'cancellation'
              ? texts.cancellationSubject(occurrence.title, when)
              : texts.restorationSubject(occurrence.title, when),
          body:
            type === 'cancellation'
              ? texts.cancellationBody(occurrence.title, lines, reason)
              : texts.restorationBody(occurrence.title, lines, reason),
          createdBy: viewer.id,
        };
      });
    });
    return outbox.enqueue(tx, messages);
  }

  /**
   * Sessions were given to a substitute, or back (docs/domain.md#cover), with `notify`: each guest
   * (or their message group) is told who organises it now, the one who has it now that it is
   * theirs and the one who had it that it is not, each in their language with the time in their
   * zone, queued in the transaction that changes it.
   */
  async queueCoverNotices(tx: Tx, changes: readonly CoverNotice[], viewer: SessionUser): Promise<EnqueueResult> {
    const outbox = this.requireOutbox();
    const ids = changes.map((change) => change.occurrenceId);
    const [details, contacts, organisers] = await Promise.all([
      this.occurrences.details(tx, ids),
      occurrenceGuestContacts(this.occurrences, tx, ids),
      staffByIds(
        tx,
        changes.flatMap((change) => [change.organiserId, change.previousOrganiserId]),
      ),
    ]);
    const detailOf = new Map(details.map((detail) => [detail.id, detail]));
    const person = new Map(organisers.map((organiser) => [organiser.id, organiser]));
    const stamp = this.now().getTime();
    const messages: NewMessage[] = changes.flatMap((change) => {
      const occurrence = detailOf.get(change.occurrenceId);
      const now = person.get(change.organiserId);
      const before = person.get(change.previousOrganiserId);
      if (!occurrence || !now || !before) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      const key = `cover:${change.occurrenceId}:${change.organiserId}:${stamp}`;
      const guests = addressees(contacts.filter((contact) => contact.occurrenceId === change.occurrenceId)).map(
        (to): NewMessage => {
          const texts = languageOf(to.guests);
          const zones = zonesOf(to.guests);
          const lines = [
            ...(to.recipient.kind === 'group'
              ? [`${texts.reminderFor}: ${to.guests.map((guest) => guest.name).join(', ')}`]
              : []),
            ...whenLines(texts, occurrence, zones),
            `${texts.reminderWhere}: ${occurrence.location}`,
          ];
          return {
            type: 'cover',
            idempotencyKey: `${key}:${to.key}`,
            occurrenceId: change.occurrenceId,
            recipient: to.recipient,
            guestIds: to.guests.map((guest) => guest.id),
            subject: texts.coverSubject(
              occurrence.title,
              formatIn(texts, occurrence.startsAt, zones[0]!, texts.dateTime),
            ),
            body: texts.coverGuestBody(occurrence.title, lines, now.name),
            createdBy: viewer.id,
          };
        },
      );
      const toOrganiser = (
        organiser: StaffMember,
        body: (texts: GuestTexts, lines: string[]) => string,
      ): NewMessage => {
        const texts = guestTexts(organiser.language);
        const lines = [
          ...whenLines(texts, occurrence, [organiser.timezone]),
          `${texts.reminderWhere}: ${occurrence.location}`,
        ];
        return {
          type: 'cover',
          idempotencyKey: `${key}:user:${organiser.id}`,
          occurrenceId: change.occurrenceId,
          recipient: {
            kind: 'user',
            id: organiser.id,
            name: organiser.name,
            email: organiser.email,
            phone: organiser.phone,
          },
          guestIds: [],
          subject: texts.coverSubject(
            occurrence.title,
            formatIn(texts, occurrence.startsAt, organiser.timezone, texts.dateTime),
          ),
          body: body(texts, lines),
          createdBy: viewer.id,
        };
      };
      return [
        ...guests,
        toOrganiser(now, (texts, lines) =>
          change.given
            ? texts.coverTakenBody(occurrence.title, lines, before.name)
            : texts.coverBackBody(occurrence.title, lines),
        ),
        toOrganiser(before, (texts, lines) =>
          change.given
            ? texts.coverGivenBody(occurrence.title, lines, now.name)
            : texts.coverReturnedBody(occurrence.title, lines, now.name),
        ),
      ];
    });
    return outbox.enqueue(tx, messages);
  }

  /** POST sendReport: the occurrence's report of the form to its guests; the occurrence becomes completed. */
  async sendReport(request: SendReportRequest, viewer: SessionUser): Promise<BulkActionResult> {
    const outbox = this.requireOutbox();
    return this.db.transaction(async (tx) => {
      const [occurrenceId] = await this.changes.lock(tx, [request.eventOccurrenceId]);
      if (occurrenceId === undefined) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      const [form] = await tx.select({ id: forms.id }).from(forms).where(eq(forms.id, request.formId));
      if (!form) throw new AppError(404, FORM_NOT_FOUND);
      const [submitted] = await tx
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.formId, form.id), eq(formSubmissions.occurrenceId, occurrenceId)))
        .limit(1);
      if (!submitted) throw new AppError(409, messagingMessages.noSubmissions);
      const result = await this.queueReports(tx, outbox, [{ occurrenceId, formId: form.id }], viewer);
      return bulkResult(true, messagingMessages.reportSummary({ summary: result, completed: 1 }));
    });
  }

  /** POST sendReports: sendReport for every occurrence of the day and every form with submissions on it. */
  async sendReports(request: ScheduleDayRequest, viewer: SessionUser): Promise<BulkActionResult> {
    const outbox = this.requireOutbox();
    const zone = zoneOf(request.timezone ?? viewer.timezone);
    const [start, end] = dayRange(request.listDate, zone);
    return this.db.transaction(async (tx) => {
      const pairs = await this.occurrences.submittedFormsBetween(tx, new Date(start), new Date(end));
      if (pairs.length === 0) return bulkResult(true, messagingMessages.noOccurrencesWithSubmissions);
      const occurrenceIds = [...new Set(pairs.map((pair) => pair.occurrenceId))];
      // Lock the day's reported occurrences in one order, so two concurrent sends queue one set.
      await this.changes.lock(tx, occurrenceIds);
      const result = await this.queueReports(tx, outbox, pairs, viewer);
      return bulkResult(true, messagingMessages.reportSummary({ summary: result, completed: occurrenceIds.length }));
    });
  }

  /** Queues the report messages of (occurrence, form) pairs and marks the occurrences completed. */
  private async queueReports(
    tx: Tx,
    outbox: Outbox,
    pairs: readonly { occurrenceId: number; formId: number }[],
    viewer: SessionUser,
  ): Promise<Message> {
    const occurrenceIds = [...new Set(pairs.map((pair) => pair.occurrenceId))];
    const formIds = [...new Set(pairs.map((pair) => pair.formId))];
    const [details, formTitles, contacts] = await Promise.all([
      this.occurrences.details(tx, occurrenceIds),
      tx.select({ id: forms.id, title: forms.title }).from(forms).where(inArray(forms.id, formIds)),
      occurrenceGuestContacts(this.occurrences, tx, occurrenceIds),
    ]);
    const occurrenceById = new Map(details.map((row) => [row.id, row]));
    const formTitle = new Map(formTitles.map((row) => [row.id, row]));
    const guests = groupBy(contacts);
    const messages: NewMessage[] = pairs.flatMap(({ occurrenceId, formId }) => {
      const occurrence = occurrenceById.get(occurrenceId)!;
      const zone = occurrence.organiserZone;
      const title = occurrence.title;
      return addressees(guests.get(occurrenceId) ?? []).map((to) => {
        const texts = languageOf(to.guests);
        const when = formatIn(texts, occurrence.startsAt, zone, texts.dateTime);
        const row = formTitle.get(formId);
        const form = !row ? texts.report : isBuiltInFormTitle(row) ? texts.sessionNotes : row.title;
        return {
          type: 'report' as const,
          idempotencyKey: `report:${occurrenceId}:${formId}:${to.key}`,
          occurrenceId,
          formId,
          recipient: to.recipient,
          guestIds: to.guests.map((guest) => guest.id),
          subject: texts.reportSubject(form, title, when),
          body: texts.reportBody(form, title, when, zone),
          attachment: {
            kind: 'occurrence-report' as const,
            formId,
            occurrenceId,
            guestIds: to.guests.map((guest) => guest.id),
            language: to.guests[0]?.language,
          },
          createdBy: viewer.id,
        };
      });
    });
    const result = await outbox.enqueue(tx, messages);
    await this.changes.complete(tx, occurrenceIds);
    return sendSummary(messagingMessages.reportsQueued, result);
  }

  /**
   * POST sendMonthlyReports: each guest of the month's occurrences (the month of listDate in the
   * caller's zone) gets one image of their month, read in their own zone; once per guest and month.
   */
  async sendMonthlyReports(request: ScheduleDayRequest, viewer: SessionUser): Promise<BulkActionResult> {
    const outbox = this.requireOutbox();
    const zone = zoneOf(request.timezone ?? viewer.timezone);
    const month = request.listDate.slice(0, 7);
    const [start, end] = monthRange(month, zone);
    const contacts = await guestContactsBetween(this.occurrences, this.db, start, end);
    const guests = [...new Map(contacts.map((guest) => [guest.id, guest])).values()];
    if (guests.length === 0) return bulkResult(true, messagingMessages.noGuestsThisMonth);
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const messages: NewMessage[] = guests.map((guest) => {
      const [to] = addressees([guest]);
      const texts = guestTexts(guest.language);
      const title = monthTitle(year, monthNumber, texts);
      return {
        type: 'monthly-report' as const,
        idempotencyKey: `monthly-report:${month}:user:${guest.id}`,
        month,
        recipient: to!.recipient,
        guestIds: [guest.id],
        subject: texts.monthlySubject(title, guest.name),
        body: texts.monthlyBody(guest.name, title),
        attachment: { kind: 'monthly-report' as const, guestId: guest.id, month, timezone: guest.timezone },
        createdBy: viewer.id,
      };
    });
    const result = await this.db.transaction((tx) => outbox.enqueue(tx, messages));
    return bulkResult(true, sendSummary(messagingMessages.monthlyQueued, result));
  }

  /**
   * GET /api/forms/:formId/report/:occurrenceId: the JPEG and its file name. Admins read any;
   * an editor only the occurrences of the events they organise (others' are not found).
   */
  async reportImage(formId: number, occurrenceId: number, viewer: SessionUser) {
    const data = await occurrenceReportData(this.db, formId, occurrenceId);
    if (!data || !organisesOrAdmin(viewer, data.occurrence.organiserId)) {
      throw new AppError(404, messagingMessages.reportNotFound);
    }
    return {
      // Downloaded from the web: in the language of the one who asks.
      jpeg: await renderOccurrenceReport({ ...data, language: viewer.language }),
      fileName: reportFileName(data.startsAt, data.timeZone),
    };
  }

  /**
   * GET /api/message-groups/sync: the gateway's group chats become message groups (matched by
   * chat id, renamed when the gateway's name changed), and users whose phone is a participant's
   * number join that group. A transport without groups is a clear 409.
   */
  async syncMessageGroups(viewer: SessionUser): Promise<BulkActionResult> {
    const outbox = this.requireOutbox();
    const transport = outbox.transport;
    if (!transport.listGroups)
      throw new AppError(409, messagingMessages.noGroupTransport({ transport: transport.name }));
    let gatewayGroups: GatewayGroup[];
    try {
      gatewayGroups = await transport.listGroups();
    } catch (error) {
      throw new AppError(
        502,
        messagingMessages.syncUnavailable({ reason: error instanceof Error ? error.message : String(error) }),
      );
    }
    const groups = [...new Map(gatewayGroups.map((group) => [group.chatId, group])).values()].filter(
      (group) => group.chatId.trim() !== '',
    );
    if (groups.length === 0)
      return bulkResult(true, messagingMessages.syncSummary({ groups: 0, created: 0, members: 0 }));
    return this.db.transaction(async (tx) => {
      const existing = await tx
        .select({ externalId: messageGroups.externalId })
        .from(messageGroups)
        .where(
          inArray(
            messageGroups.externalId,
            groups.map((group) => group.chatId),
          ),
        );
      const saved = await tx
        .insert(messageGroups)
        .values(
          groups.map((group) => ({
            name: group.name.trim() || group.chatId,
            externalId: group.chatId,
            createdBy: viewer.id,
          })),
        )
        .onConflictDoUpdate({
          target: messageGroups.externalId,
          set: { name: sql`excluded.name`, updatedAt: sql`now()` },
        })
        .returning({ id: messageGroups.id, externalId: messageGroups.externalId });
      const idOf = new Map(saved.map((row) => [row.externalId, row.id]));
      const members = groups.flatMap((group) =>
        group.participantPhones.map((phone) => ({ phone: digits(phone), groupId: idOf.get(group.chatId)! })),
      );
      let matched = 0;
      if (members.length > 0) {
        const phones = sql.join(
          members.map((member) => sql`(${member.phone}, ${member.groupId}::integer)`),
          sql`, `,
        );
        const updated = await tx.execute(sql`
          update ${users} set message_group_id = m.group_id, updated_at = now()
          from (select distinct on (phone) phone, group_id from (values ${phones}) as v(phone, group_id)
            where phone <> '' order by phone, group_id) m
          where regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') = m.phone
          returning ${users.id}`);
        matched = (updated as { rows: unknown[] }).rows.length;
      }
      return bulkResult(
        true,
        messagingMessages.syncSummary({
          groups: groups.length,
          created: groups.length - existing.length,
          members: matched,
        }),
      );
    });
  }
}

/** A session given to a substitute (`given`) or back: who has it now and who had it. */
interface CoverNotice {
  occurrenceId: number;
  organiserId: number;
  previousOrganiserId: number;
  given: boolean;
}

/** A session cancelled, or put back on by deleting its closure: which cancellation, and its reason (the closure's title). */
interface OccurrenceNotice {
  occurrenceId: number;
  cancellationId: number;
  reason: string;
}

/** The guests' zones, each once: a message gives the time in each. */
const zonesOf = (guests: readonly GuestContact[]) => [...new Set(guests.map((guest) => guest.timezone))];

/** 'When: Saturday 14/11/2026 10:00–11:00 (Europe/London)', once per zone. */
function whenLines(texts: GuestTexts, session: { startsAt: Date; endsAt: Date }, zones: readonly string[]) {
  return zones.map(
    (zone) =>
      `${texts.reminderWhenLabel}: ${formatIn(texts, session.startsAt, zone, texts.reminderWhen)}–${formatIn(texts, session.endsAt, zone, 'HH:mm')} (${zone})`,
  );
}

/** Guests by occurrence id. */
function groupBy(contacts: readonly GuestContact[]): Map<number, GuestContact[]> {
  const byOccurrence = new Map<number, GuestContact[]>();
  for (const contact of contacts) {
    byOccurrence.set(contact.occurrenceId, [...(byOccurrence.get(contact.occurrenceId) ?? []), contact]);
  }
  return byOccurrence;
}

/** The messaging service as every feature that sends builds it from the platform. */
export const messagingFor = (platform: Platform) =>
  new MessagingService(platform.db, platform.outbox, platform.now, {
    tokens: new RsvpTokens(platform.jwtSecret),
    origin: platform.origin,
  });
