import type { OccurrenceStatus } from '@ritim/shared';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { personName } from '../../lib/names.js';

/** One session as a calendar entry shows it. */
export interface CalendarSession {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: OccurrenceStatus;
  updatedAt: Date;
  title: string;
  description: string | null;
  conferenceLink: string | null;
  location: string;
  organiser: string;
}

/** A stored session as the occurrence reads give it (their `calendarSessionColumns`). */
export interface SessionRow extends Omit<CalendarSession, 'organiser'> {
  organiserUsername: string;
  organiserName: string | null;
  organiserSurname: string | null;
}

/** The one mapping from a stored session to a calendar entry: the feed and a reminder's .ics both use it. */
export const toCalendarSession = ({
  organiserUsername,
  organiserName,
  organiserSurname,
  ...session
}: SessionRow): CalendarSession => ({
  ...session,
  organiser: personName(organiserName, organiserSurname, organiserUsername),
});

/**
 * A session's STATUS: a cancelled one stays in the calendar, under its same UID, as CANCELLED
 * (docs/domain.md#cancellation), so subscribed calendars strike it through or drop it.
 */
const ICS_STATUS: Record<OccurrenceStatus, ICalEventStatus> = {
  scheduled: ICalEventStatus.TENTATIVE,
  approved: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/** The UID of an occurrence in every calendar Ritim writes: a feed and a reminder's file name the same entry. */
export const sessionUid = (occurrenceId: number) => `occurrence-${occurrenceId}@ritim`;

/**
 * An iCalendar document (RFC 5545) of sessions at their exact instants (UTC), approved and
 * completed ones CONFIRMED, scheduled ones TENTATIVE, cancelled ones CANCELLED; the conference
 * link in DESCRIPTION and URL.
 * `publish` marks a one-off file (a reminder's attachment) rather than a subscription.
 */
export function sessionsCalendar(name: string, sessions: readonly CalendarSession[], publish = false): string {
  const calendar = ical({
    name,
    prodId: { company: 'Ritim', product: 'Ritim', language: 'EN' },
    ...(publish ? { method: ICalCalendarMethod.PUBLISH } : {}),
  });
  for (const session of sessions) {
    const description = [
      session.description,
      `Organiser: ${session.organiser}`,
      session.conferenceLink ? `Join: ${session.conferenceLink}` : null,
    ]
      .filter(Boolean)
      .join('\n');
    calendar.createEvent({
      id: sessionUid(session.id),
      start: session.startsAt,
      end: session.endsAt,
      // A fixed stamp (the row's last change), so an unchanged calendar renders the same bytes.
      stamp: session.updatedAt,
      lastModified: session.updatedAt,
      summary: session.title,
      location: session.location,
      description,
      url: session.conferenceLink ?? null,
      status: ICS_STATUS[session.status],
    });
  }
  return calendar.toString();
}
