import type { AttendanceStatus, EventOccurrence } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { attendance, eventOccurrences, events, formSubmissions, locations, users } from '../../platform/db/schema.js';
import { dataVersionColumn } from '../../platform/answer-cache.js';
import { jsonColumn } from '../../lib/json-column.js';
import { guestsAmong, organiserOf } from '../event-occurrences/index.js';

/** A guest as the export names them, with their attendance mark at the session (null: unmarked). */
export interface ExportGuest {
  id: number;
  username: string;
  name: string | null;
  surname: string | null;
  attendance: AttendanceStatus | null;
}

/** A submission about one guest, as the export reads it. */
export interface ExportAnswer {
  formId: number;
  guestId: number;
  data: Record<string, unknown>;
}

/** A row of an export page as the database returns it. */
interface ExportRow {
  id: number;
  startsAt: Date | string;
  endsAt: Date | string;
  status: EventOccurrence['status'];
  title: string;
  location: string;
  organiserId: number;
  organiserUsername: string;
  organiserName: string | null;
  organiserSurname: string | null;
  guests: ExportGuest[] | string;
  answers: ExportAnswer[] | string;
}

/** The CSV export's reads: a range of sessions page by page, and which answers it has. */
export class ExportReads {
  constructor(private readonly db: Db) {}

  /**
   * One page of the CSV export: the occurrences starting in [from, to) after `after` (keyset on
   * (starts_at, id), so a year is read page by page), each with its guests (active, its own list
   * or its event's) with their attendance marks, and the answers submitted about each guest. The
   * page's guests are one grouped join over the page, not a sub-select per row (which the planner
   * ran as a hash of all users for every occurrence); a mark is a primary-key probe per guest of
   * that join; the answers are one index probe per row.
   */
  async exportPage(from: Date, to: Date, after: { startsAt: Date; id: number } | null, limit: number) {
    const keyset = after
      ? sql`and (o.starts_at, o.id) > (${after.startsAt.toISOString()}::timestamptz, ${after.id})`
      : sql``;
    const result = await this.db.execute(sql`with page as materialized (
        select o.id, o.event_id, o.starts_at, o.ends_at, o.status, o.has_guest_override, o.cover_organiser_id
        from ${eventOccurrences} o
        where o.starts_at >= ${from.toISOString()}::timestamptz and o.starts_at < ${to.toISOString()}::timestamptz
          ${keyset}
        order by o.starts_at, o.id
        limit ${limit}),
      page_guests as (
        select guest.occurrence_id, json_agg(json_build_object('id', g.id, 'username', g.username, 'name', g.name,
            'surname', g.surname, 'attendance', a.status) order by g.name, g.surname, g.id) as guests
        from ${guestsAmong(sql`page`)} guest join ${users} g on g.id = guest.user_id and g.status = 'active'
          left join ${attendance} a on a.occurrence_id = guest.occurrence_id and a.guest_id = g.id
        group by guest.occurrence_id)
      select p.id, p.starts_at as "startsAt", p.ends_at as "endsAt", p.status, e.title, l.name as location,
        org.id as "organiserId",
        org.username as "organiserUsername", org.name as "organiserName", org.surname as "organiserSurname",
        coalesce(pg.guests, '[]'::json) as guests,
        (select coalesce(json_agg(json_build_object('formId', s.form_id, 'guestId', s.guest_id, 'data', s.data)
            order by s.form_id), '[]'::json)
          from ${formSubmissions} s where s.occurrence_id = p.id and s.guest_id is not null) as answers
      from page p join ${events} e on e.id = p.event_id join ${locations} l on l.id = e.location_id
        join ${users} org on org.id = ${organiserOf(sql`p`, sql`e`)}
        left join page_guests pg on pg.occurrence_id = p.id
      order by p.starts_at, p.id`);
    return (result as { rows: ExportRow[] }).rows.map((row) => ({
      ...row,
      id: Number(row.id),
      startsAt: new Date(row.startsAt),
      endsAt: new Date(row.endsAt),
      guests: jsonColumn(row.guests),
      answers: jsonColumn(row.answers),
    }));
  }

  /**
   * The (form, field) pairs some guest's submission answered, among the occurrences starting in
   * [from, to), and the data version they were read at (platform/answer-cache.ts): one round trip that
   * tells the export its columns and whether the file it kept is still current.
   */
  async answeredFieldsBetween(
    from: Date,
    to: Date,
  ): Promise<{ version: number; answered: { formId: number; key: string }[] }> {
    const result = await this.db.execute(sql`select ${dataVersionColumn} as version,
      (select coalesce(json_agg(json_build_object('formId', pair.form_id, 'key', pair.key)), '[]'::json)
        from (select distinct s.form_id, answer.key
          from ${formSubmissions} s join ${eventOccurrences} o on o.id = s.occurrence_id
            cross join lateral jsonb_each(s.data) answer
          where o.starts_at >= ${from.toISOString()}::timestamptz and o.starts_at < ${to.toISOString()}::timestamptz
            and s.guest_id is not null and answer.value not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)) pair
      ) as answered`);
    const [row] = (
      result as { rows: { version: string | number; answered: { formId: number; key: string }[] | string }[] }
    ).rows;
    return {
      version: Number(row?.version ?? 0),
      answered: jsonColumn(row?.answered ?? []).map((pair) => ({ formId: Number(pair.formId), key: pair.key })),
    };
  }
}
