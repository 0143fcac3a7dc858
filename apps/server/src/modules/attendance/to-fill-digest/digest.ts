import { DateTime } from 'luxon';
import type { Db } from '../../../platform/db/client.js';
import { formatIn, guestTexts } from '../../../i18n/guest-texts.js';
import { personName } from '../../../lib/names.js';
import { dayRange } from '../../../lib/time.js';
import { zoneOffsets } from '../../../recurrence/zone.js';
import type { EnqueueResult, NewMessage, Outbox } from '../../../platform/delivery/outbox.js';
import { type DigestOrganiser, digestOrganisers, toFillOccurrencesOf, type ToFillOccurrence } from './reads.js';

/** When the digest goes out and where its link points. */
export interface ToFillDigestSettings {
  /** The hour (0-23) of each organiser's own day it goes out in. */
  hour: number;
  /** The app's address (no trailing slash): the link opens Home, which lists what is still to fill. */
  appUrl: string;
}

/**
 * The day whose sessions an organiser in `zone` is sent at `now` (`YYYY-MM-DD`, their yesterday),
 * or undefined when `now` is not in the hour starting at `hour`:00 of their day. That time is read
 * as every wall-clock time is (docs/domain.md#time-zones-and-dst): one the clocks skip moves forward
 * by the gap, one they repeat is the first, so the digest's hour comes exactly once a day.
 */
export function digestDay(now: Date, zone: string, hour: number): string | undefined {
  const local = DateTime.fromJSDate(now, { zone });
  if (!local.isValid) return undefined;
  const start = zoneOffsets(zone).toInstant(Date.UTC(local.year, local.month - 1, local.day, hour));
  const since = now.getTime() - start;
  if (since < 0 || since >= 3_600_000) return undefined;
  return local.minus({ days: 1 }).toISODate() ?? undefined;
}

/**
 * The daily message to each organiser listing yesterday's sessions still to fill (a started, not
 * cancelled session with a guest unmarked or without Session notes), in the organiser's language
 * and zone, with a link to the app. Run every hour: it goes to the organisers for whom `now` is
 * in the digest's hour (`digestDay`); one with nothing to fill gets nothing. Written to the outbox
 * like every message (docs/domain.md#the-outbox), keyed `to-fill:<organiser>:<day>`, so a second
 * run the same day queues nothing.
 */
export async function queueToFillDigests(
  db: Db,
  outbox: Outbox,
  settings: ToFillDigestSettings,
  now: Date,
): Promise<EnqueueResult> {
  // The organisers due now, by the day they are sent in their zone (zones share a query).
  const due = new Map<string, { day: string; zone: string; organisers: DigestOrganiser[] }>();
  for (const organiser of await digestOrganisers(db)) {
    const day = digestDay(now, organiser.timezone, settings.hour);
    if (day === undefined) continue;
    const key = `${organiser.timezone} ${day}`;
    const group = due.get(key) ?? { day, zone: organiser.timezone, organisers: [] };
    group.organisers.push(organiser);
    due.set(key, group);
  }
  const messages: NewMessage[] = [];
  for (const { day, zone, organisers } of due.values()) {
    const [from, to] = dayRange(day, zone);
    const sessions = await toFillOccurrencesOf(
      db,
      organisers.map((organiser) => organiser.id),
      new Date(from),
      new Date(to),
      now,
    );
    for (const organiser of organisers) {
      const theirs = sessions.filter((session) => session.organiserId === organiser.id);
      if (theirs.length > 0) messages.push(digestMessage(organiser, day, theirs, settings.appUrl));
    }
  }
  return db.transaction((tx) => outbox.enqueue(tx, messages));
}

/** One organiser's digest: yesterday's sessions still to fill, at their times in the organiser's zone. */
function digestMessage(
  organiser: DigestOrganiser,
  day: string,
  sessions: readonly ToFillOccurrence[],
  appUrl: string,
): NewMessage {
  const texts = guestTexts(organiser.language);
  const zone = organiser.timezone;
  const dayText = formatIn(texts, new Date(dayRange(day, zone)[0]), zone, texts.toFillDay);
  return {
    type: 'to-fill',
    idempotencyKey: `to-fill:${organiser.id}:${day}`,
    recipient: {
      kind: 'user',
      id: organiser.id,
      name: personName(organiser.name, organiser.surname, organiser.username),
      email: organiser.email,
      phone: organiser.phone,
    },
    guestIds: [],
    subject: texts.toFillSubject(sessions.length, dayText),
    body: texts.toFillBody(
      dayText,
      sessions.map((session) => ({ time: formatIn(texts, session.startsAt, zone, 'HH:mm'), title: session.title })),
      `${appUrl}/`,
    ),
  };
}
