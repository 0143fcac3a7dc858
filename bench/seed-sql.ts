// The benchmark data, written straight into the tables with SQL (a quarter of a million rows through
// the API would mostly measure argon2 and HTTP): an admin 'bench', 20 organisers ('organiser1'..; `organisers`),
// 600 guests ('guest1'..), 30 rooms ('Oda 1'..), and `events` daily series of `days` sessions each
// (45 minutes, between 08:00 and 19:45 in Europe/Istanbul) starting 100 days ago, 3 guests per event
// (`every` 7 makes them weekly, `daysAgo` moves the first day; sessions before today are completed).
// Every password is 'bench-password'. Two variants keep each benchmark's data as it always was:
// - 'lists' (occurrence lists, export): organisers in two zones, surnames and titles to search, and
//   a form-1 submission (all four answers) on every third past session;
// - 'clashes' (the double-booking check): every 50th guest inactive, every 40th event archived and
//   an own guest list (2 guests) on every 20th session.
import { DateTime } from 'luxon';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import type { Database } from '../apps/server/src/platform/db/client.js';

export const ZONE = 'Europe/Istanbul';
export const PASSWORD = 'bench-password';

export interface SeedOptions {
  events: number;
  /** Sessions per series. */
  days: number;
  variant: 'lists' | 'clashes';
  /** Days between a series' sessions (1: daily). */
  every?: number;
  /** How many days ago the series start (100). */
  daysAgo?: number;
  /** How many organisers ('organiser1'..; 20): the events go round them. */
  organisers?: number;
}

/** Seeds an empty, migrated database; the first series' day (`daysAgo` days ago, in ZONE). */
export async function seedBench(
  database: Database,
  { events, days, variant, every = 1, daysAgo = 100, organisers = 20 }: SeedOptions,
): Promise<DateTime> {
  const run = (statement: string) => database.db.execute(statement);
  const hash = await hashPassword(PASSWORD);
  const lists = variant === 'lists';
  const first = DateTime.now().setZone(ZONE).startOf('day').minus({ days: daysAgo });
  const firstUtc = first.toUTC().toISO();
  await run(`insert into users (username, password_hash, role, name, surname, timezone) values
    ('bench', '${hash}', 'admin', 'Bench', 'Admin', '${ZONE}')`);
  const organiserZone = lists ? `case when i % 2 = 0 then 'Europe/London' else '${ZONE}' end` : `'${ZONE}'`;
  await run(`insert into users (username, password_hash, role, name, surname, timezone)
    select 'organiser' || i, '${hash}', 'editor', 'Öğretmen' || i, 'Şahin', ${organiserZone}
    from generate_series(1, ${organisers}) as i`);
  const surname = lists ? `case when i % 3 = 0 then 'Yılmaz' else 'Smith' end` : `'Yılmaz'`;
  const guestStatus = lists ? `'active'` : `case when i % 50 = 0 then 'inactive' else 'active' end`;
  await run(`insert into users (username, password_hash, role, name, surname, timezone, status)
    select 'guest' || i, '${hash}', 'guest', 'Öğrenci' || i, ${surname}, '${ZONE}', ${guestStatus}
    from generate_series(1, 600) as i`);
  await run(`insert into locations (name) select 'Oda ' || i from generate_series(1, 30) as i`);
  const title = lists ? `'Ders ' || i || case when i % 5 = 0 then ' İngilizce' else ' Matematik' end` : `'Ders ' || i`;
  const eventStatus = lists ? `'active'` : `case when i % 40 = 0 then 'archived' else 'active' end`;
  await run(`insert into events (title, rrule, timezone, starts_at, end_date, organiser_id, location_id, status)
    select ${title},
      'DTSTART;TZID=${ZONE}:' || to_char(s at time zone '${ZONE}', 'YYYYMMDD"T"HH24MISS') || E'\\nRRULE:FREQ=DAILY${every === 1 ? '' : `;INTERVAL=${every}`};COUNT=${days}',
      '${ZONE}', s, s + interval '45 minutes',
      (select id from users where username = 'organiser' || (1 + i % ${organisers})),
      (select id from locations where name = 'Oda ' || (1 + i % 30)),
      ${eventStatus}
    from generate_series(1, ${events}) as i,
      lateral (select timestamptz '${firstUtc}' + ((8 + i % 12) || ' hours')::interval + ((i % 4) * 15 || ' minutes')::interval as s) as t`);
  await run(`insert into event_guests (event_id, user_id)
    select e.id, g.id from events e
    join users g on g.username in ('guest' || (1 + (e.id * 7) % 600), 'guest' || (1 + (e.id * 7 + 1) % 600), 'guest' || (1 + (e.id * 7 + 2) % 600))`);
  const override = lists ? 'false' : '(e.id + d) % 20 = 0';
  await run(`insert into event_occurrences (event_id, starts_at, ends_at, status, has_guest_override)
    select e.id, e.starts_at + (d * ${every} || ' days')::interval, e.end_date + (d * ${every} || ' days')::interval,
      case when d * ${every} < ${daysAgo} then 'completed' else 'scheduled' end, ${override}
    from events e, generate_series(0, ${days - 1}) as d`);
  if (lists) {
    await run(`insert into form_submissions (form_id, occurrence_id, guest_id, form_version, data)
      select 1, o.id, (select min(user_id) from event_guests eg where eg.event_id = o.event_id), 1,
        jsonb_build_object('first_name', 'Ada', 'last_name', 'Yılmaz', 'attendance', 'attended', 'Aciklama', 'Ödev yapıldı, çok iyi')
      from event_occurrences o where o.starts_at < now() and o.id % 3 = 0`);
  } else {
    await run(`insert into occurrence_guests (occurrence_id, user_id)
      select o.id, g.id from event_occurrences o join users g on g.username in ('guest' || (1 + o.id % 600), 'guest' || (1 + (o.id + 300) % 600))
      where o.has_guest_override`);
  }
  await run('analyze');
  return first;
}
