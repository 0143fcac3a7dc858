import type { OccurrenceStatus } from '@ritim/shared';
import ical, { type ICalCalendarData, ICalCalendarMethod, type ICalEventData, ICalEventStatus } from 'ical-generator';
import { personName } from '../../lib/names.js';
import { SLICE_MS, timeSlices } from '../../lib/time-slice.js';

/** One session as a calendar entry shows it. */
export interface CalendarOccurrence {
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

/** A stored session as the occurrence reads give it (their `calendarOccurrenceColumns`). */
export interface OccurrenceRow extends Omit<CalendarOccurrence, 'organiser'> {
  organiserUsername: string;
  organiserName: string | null;
  organiserSurname: string | null;
}

/** The one mapping from a stored session to a calendar entry: the feed and a reminder's .ics both use it. */
export const toCalendarOccurrence = ({
  organiserUsername,
  organiserName,
  organiserSurname,
  ...session
}: OccurrenceRow): CalendarOccurrence => ({
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
export const occurrenceUid = (occurrenceId: number) => `occurrence-${occurrenceId}@ritim`;

/** The calendar's own properties (a feed and a reminder's file alike). */
const calendarOptions = (name: string, publish: boolean): ICalCalendarData => ({
  name,
  prodId: { company: 'Ritim', product: 'Ritim', language: 'EN' },
  ...(publish ? { method: ICalCalendarMethod.PUBLISH } : {}),
});

/**
 * A session as a calendar entry. A cancelled one says so in its title too (some calendars show no
 * STATUS) and carries no conference link: there is nothing to join.
 */
function eventOf(session: CalendarOccurrence): ICalEventData {
  const cancelled = session.status === 'cancelled';
  const link = cancelled ? null : session.conferenceLink;
  const description = [
    cancelled ? 'Cancelled' : null,
    session.description,
    `Organiser: ${session.organiser}`,
    link ? `Join: ${link}` : null,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    id: occurrenceUid(session.id),
    start: session.startsAt,
    end: session.endsAt,
    // A fixed stamp (the row's last change), so an unchanged calendar renders the same bytes.
    stamp: session.updatedAt,
    lastModified: session.updatedAt,
    summary: cancelled ? `Cancelled: ${session.title}` : session.title,
    location: session.location,
    description,
    url: link ?? null,
    status: ICS_STATUS[session.status],
  };
}

/**
 * An iCalendar document (RFC 5545) of sessions at their exact instants (UTC), approved and
 * completed ones CONFIRMED, scheduled ones TENTATIVE, cancelled ones CANCELLED (titled 'Cancelled: …',
 * without a link); the conference link in DESCRIPTION and URL.
 * `publish` marks a one-off file (a reminder's attachment) rather than a subscription.
 */
export function sessionsCalendar(name: string, sessions: readonly CalendarOccurrence[], publish = false): string {
  const calendar = ical(calendarOptions(name, publish));
  for (const session of sessions) calendar.createEvent(eventOf(session));
  return calendar.toString();
}

/** UTF-8 bytes of one character as ical-generator's folding counts it (a lone surrogate: 3, as TextEncoder). */
const utf8Bytes = (character: string) => {
  const code = character.charCodeAt(0);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return character.length === 1 ? 3 : Buffer.byteLength(character, 'utf8');
};

/**
 * ical-generator's line folding (RFC 5545 §3.1: a line longer than 75 octets continues on the next
 * after CRLF and a space) with the same output, without its TextEncoder per character (most of a
 * big feed's rendering time). Lines short enough are left as they are.
 */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      if (line.length <= 18 || Buffer.byteLength(line, 'utf8') <= 74) return line;
      let folded = '';
      let octets = 0;
      for (let index = 0; index < line.length; index++) {
        let character = line.charAt(index);
        if (character >= '\ud800' && character <= '\udbff') character += line.charAt(++index);
        const size = utf8Bytes(character);
        octets += size;
        if (octets > 74) {
          folded += '\r\n ';
          octets = size;
        }
        folded += character;
      }
      return folded;
    })
    .join('\r\n');
}

const END = 'END:VCALENDAR';

/**
 * `sessionsCalendar`'s document, byte for byte, built in pieces: after each slice of about
 * SLICE_MS it yields to the event loop (setImmediate), so a feed of thousands of sessions never
 * holds the server (docs/architecture.md#performance).
 */
export async function sessionsCalendarInPieces(
  name: string,
  sessions: readonly CalendarOccurrence[],
  sliceMs = SLICE_MS,
): Promise<string> {
  const options = calendarOptions(name, false);
  const empty = ical(options).toString();
  // The calendar's lines, then each entry's (they end with CRLF, so folding them one by one folds
  // the document line by line as ical-generator does), then its end.
  const parts = [empty.slice(0, empty.length - END.length)];
  const entries = ical(options);
  const slice = timeSlices(sliceMs);
  for (const session of sessions) {
    parts.push(foldLines(entries.createEvent(eventOf(session)).toString()));
    await slice();
  }
  parts.push(END);
  return parts.join('');
}
