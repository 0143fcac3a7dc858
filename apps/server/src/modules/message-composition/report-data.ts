import { type FormField, isBuiltInFormTitle, type OccurrenceStatus } from '@ritim/shared';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { forms, formSubmissions, users } from '../../platform/db/schema.js';
import { NOTES_FIELD } from '../../reports/occurrence-report.js';
import type { MonthlyReportData, OccurrenceReportData } from '../../reports/types.js';
import { monthRange } from '../../lib/time.js';
import { guestOccurrencesBetween, OccurrenceReads } from '../event-occurrences/index.js';
import { lookupLabelsByOrganiser } from '../lookups/labels.js';
import { personName } from '../../lib/names.js';

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
  const [row] = await new OccurrenceReads(db).details(db, [occurrenceId]);
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    eventTitle: row.title,
    organiserId: row.organiserId,
    organiserName: personName(row.organiserName, row.organiserSurname, row.organiserUsername),
    organiserZone: row.organiserZone,
    locationName: row.location,
  };
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
    lookupLabelsByOrganiser(db, fields, [occurrence.organiserId]),
  ]);
  return {
    occurrence,
    formTitle: form.title,
    builtInTitle: isBuiltInFormTitle({ id: formId, title: form.title }),
    fields,
    lookupLabels: labels.get(occurrence.organiserId)!,
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

/**
 * One guest's month (YYYY-MM, read in `zone`): every occurrence they were a guest of, with its
 * status, the notes of the submissions about them and their attendance mark. Undefined when the
 * guest does not exist.
 */
export async function monthlyReportData(
  db: Db,
  guestId: number,
  month: string,
  zone: string,
): Promise<MonthlyReportData | undefined> {
  const [guest] = await db
    .select({ username: users.username, name: users.name, surname: users.surname, language: users.language })
    .from(users)
    .where(eq(users.id, guestId));
  if (!guest) return undefined;
  const [start, end] = monthRange(month, zone);
  const occurrences = await guestOccurrencesBetween(db, guestId, start, end, NOTES_FIELD);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    guestName: personName(guest.name, guest.surname, guest.username),
    timeZone: zone,
    year,
    month: monthNumber,
    occurrences,
    language: guest.language,
  };
}
