import { type FormField, type OccurrenceStatus } from '@ritim/shared';
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client.js';
import {
  eventOccurrences,
  events,
  forms,
  formSubmissions,
  locations,
  lookups,
  userGroups,
  users,
} from '../../db/schema.js';
import { NOTES_FIELD } from '../../reports/occurrence-report.js';
import type { LookupLabels, MonthlyReportData, OccurrenceReportData } from '../../reports/types.js';
import { isOccurrenceGuest } from '../event-occurrences/service.js';
import { personName } from './recipients.js';

const organisers = alias(users, 'organisers');
const guests = alias(users, 'guests');

/** The occurrence a report is about, with who may fetch it (the organiser). */
export interface ReportOccurrence {
  id: number;
  status: OccurrenceStatus;
  startsAt: Date;
  endsAt: Date;
  eventTitle: string;
  organiserId: number;
  organiserName: string;
  organiserZone: string;
  locationName: string;
}

/** One occurrence with its event, organiser and location, or undefined. */
export async function reportOccurrence(db: Db, occurrenceId: number): Promise<ReportOccurrence | undefined> {
  const [row] = await db
    .select({
      id: eventOccurrences.id,
      status: eventOccurrences.status,
      startsAt: eventOccurrences.startsAt,
      endsAt: eventOccurrences.endsAt,
      eventTitle: events.title,
      organiserId: organisers.id,
      organiserUsername: organisers.username,
      organiserFirst: organisers.name,
      organiserSurname: organisers.surname,
      organiserZone: organisers.timezone,
      locationName: locations.name,
    })
    .from(eventOccurrences)
    .innerJoin(events, eq(events.id, eventOccurrences.eventId))
    .innerJoin(organisers, eq(organisers.id, events.organiserId))
    .innerJoin(locations, eq(locations.id, events.locationId))
    .where(eq(eventOccurrences.id, occurrenceId));
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    eventTitle: row.eventTitle,
    organiserId: row.organiserId,
    organiserName: personName(row.organiserFirst, row.organiserSurname, row.organiserUsername),
    organiserZone: row.organiserZone,
    locationName: row.locationName,
  };
}

/**
 * Listbox answers are lookup values: their labels, for the lookup keys the fields use. A value
 * defined by several groups takes the label of the organiser's group first.
 */
async function lookupLabels(db: Db, fields: readonly FormField[], organiserId: number): Promise<LookupLabels> {
  const keys = [...new Set(fields.flatMap((field) => (field.type === 'listbox' ? [field.lookupKey] : [])))];
  const labels = new Map<string, Map<string, string>>();
  if (keys.length === 0) return labels;
  const rows = await db
    .select({ key: lookups.key, value: lookups.value, label: lookups.label })
    .from(lookups)
    .where(inArray(lookups.key, keys))
    .orderBy(
      sql`(${lookups.groupRef} in (select ug.group_id from ${userGroups} ug where ug.user_id = ${organiserId})) desc nulls last`,
      asc(lookups.id),
    );
  for (const row of rows) {
    const values = labels.get(row.key) ?? new Map<string, string>();
    if (!values.has(row.value)) values.set(row.value, row.label);
    labels.set(row.key, values);
  }
  return labels;
}

/**
 * Everything the report of one occurrence's submissions of one form shows, or undefined when the
 * occurrence or the form does not exist. `guestIds` keeps it to the submissions about those guests
 * (and the ones about the whole session): a guest's report never shows another guest's answers.
 */
export async function occurrenceReportData(
  db: Db,
  formId: number,
  occurrenceId: number,
  guestIds?: readonly number[] | null,
): Promise<(OccurrenceReportData & { occurrence: ReportOccurrence }) | undefined> {
  const [occurrence, [form]] = await Promise.all([
    reportOccurrence(db, occurrenceId),
    db.select({ title: forms.title, schema: forms.schema }).from(forms).where(eq(forms.id, formId)),
  ]);
  if (!occurrence || !form) return undefined;
  const fields = (form.schema as { fields?: FormField[] } | null)?.fields ?? [];
  const whose = guestIds
    ? or(isNull(formSubmissions.guestId), inArray(formSubmissions.guestId, [...guestIds]))
    : undefined;
  const [submissions, labels] = await Promise.all([
    db
      .select({
        data: formSubmissions.data,
        username: guests.username,
        name: guests.name,
        surname: guests.surname,
      })
      .from(formSubmissions)
      .leftJoin(guests, eq(guests.id, formSubmissions.guestId))
      .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.occurrenceId, occurrenceId), whose))
      .orderBy(sql`${guests.name} nulls first`, asc(guests.surname), asc(formSubmissions.id)),
    lookupLabels(db, fields, occurrence.organiserId),
  ]);
  return {
    occurrence,
    formTitle: form.title,
    fields,
    lookupLabels: labels,
    eventTitle: occurrence.eventTitle,
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    timeZone: occurrence.organiserZone,
    organiserName: occurrence.organiserName,
    locationName: occurrence.locationName,
    submissions: submissions.map((row) => ({
      guestName: row.username === null ? null : personName(row.name, row.surname, row.username),
      data: row.data,
    })),
  };
}

/** [start, end) of a month (YYYY-MM) in `zone`. */
export function monthRange(month: string, zone: string): [Date, Date] {
  const start = DateTime.fromISO(`${month}-01`, { zone }).startOf('month');
  return [start.toJSDate(), start.plus({ months: 1 }).toJSDate()];
}

/**
 * One guest's month (YYYY-MM, read in `zone`): every occurrence they were a guest of, with its
 * status and the notes of the submissions about them. Undefined when the guest does not exist.
 */
export async function monthlyReportData(
  db: Db,
  guestId: number,
  month: string,
  zone: string,
): Promise<MonthlyReportData | undefined> {
  const [guest] = await db
    .select({ username: users.username, name: users.name, surname: users.surname })
    .from(users)
    .where(eq(users.id, guestId));
  if (!guest) return undefined;
  const [start, end] = monthRange(month, zone);
  const notes = sql<string | null>`(select string_agg(s.data ->> ${NOTES_FIELD}, ' · ' order by s.form_id)
    from ${formSubmissions} s where s.occurrence_id = ${eventOccurrences.id} and s.guest_id = ${guestId}
      and coalesce(btrim(s.data ->> ${NOTES_FIELD}), '') <> '')`;
  const occurrences = await db
    .select({
      eventTitle: events.title,
      startsAt: eventOccurrences.startsAt,
      endsAt: eventOccurrences.endsAt,
      status: eventOccurrences.status,
      notes,
    })
    .from(eventOccurrences)
    .innerJoin(events, eq(events.id, eventOccurrences.eventId))
    .where(and(gte(eventOccurrences.startsAt, start), lt(eventOccurrences.startsAt, end), isOccurrenceGuest(guestId)))
    .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    guestName: personName(guest.name, guest.surname, guest.username),
    timeZone: zone,
    year,
    month: monthNumber,
    occurrences,
  };
}
