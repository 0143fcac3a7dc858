import { eventMessages } from '@ritim/shared';
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { eventGuests, events, locations, users } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { activeGuestIds, assertAllActive, idArray } from '../users/active-guests.js';

type Value = SQL | Placeholder;

/** The zone of `organiserId` if that is an active editor, else null. */
export const activeEditorZone = (organiserId: Value) =>
  sql<string | null>`(select ${users.timezone} from ${users} where ${users.id} = ${organiserId}::integer
    and ${users.role} = 'editor' and ${users.status} = 'active')`;
/** Whether `locationId` is an active location. */
export const activeLocation = (locationId: Value) =>
  sql<boolean>`exists (select 1 from ${locations} where ${locations.id} = ${locationId}::integer
    and ${locations.status} = 'active')`;

/** An event's stored columns as `eventInsert` writes them (instants as ISO text). */
export interface EventValues {
  title: string;
  description: string | null;
  conferenceLink: string | null;
  rrule: string;
  timezone: string;
  startsAt: string;
  endDate: string;
  doesNotRepeat: boolean;
  generatedUntil: string | null;
  organiserId: number;
  locationId: number;
  createdBy: number | null;
  status: 'active' | 'archived';
  /** Per guest per session (minor units), both null when the event is not billed. */
  priceAmount: number | null;
  priceCurrency: string | null;
}

/**
 * The one insert of an event row, as the body of a data-modifying CTE: `value` names each column's
 * value (a placeholder of a prepared statement, or a bound value); stored only when `guard` holds.
 * Every column of the stored row comes back (`returning *`).
 */
export function eventInsert(value: (name: keyof EventValues) => Value, guard: SQL): SQL {
  const v = value;
  return sql`insert into ${events}
      (title, description, conference_link, rrule, timezone, starts_at, end_date, does_not_repeat, generated_until,
        organiser_id, location_id, created_by, status, price_amount, price_currency)
      select ${v('title')}, ${v('description')}, ${v('conferenceLink')}, ${v('rrule')}, ${v('timezone')},
        ${v('startsAt')}::timestamptz, ${v('endDate')}::timestamptz, ${v('doesNotRepeat')}::boolean,
        ${v('generatedUntil')}::timestamptz, ${v('organiserId')}::integer, ${v('locationId')}::integer, ${v('createdBy')}::integer,
        ${v('status')}, ${v('priceAmount')}::integer, ${v('priceCurrency')}::text
      where ${guard}
      returning *`;
}

/**
 * The one insert of an event's guests, as a statement or the body of a data-modifying CTE: each of
 * `guestIds` (an `integer[]` value) for each event `source` yields (a from-item aliased `source`
 * with an `id` column, e.g. the CTE that inserted the event).
 */
export const guestsInsert = (source: SQL, guestIds: Value) =>
  sql`insert into ${eventGuests} (event_id, user_id)
      select source.id, guest from ${source}, unnest(${guestIds}::integer[]) as guest`;

/** Inserts an event and its guests in one statement (no guard: the caller checked them); its id. */
export async function insertEvent(tx: Tx, values: EventValues, guestIds: readonly number[]): Promise<number> {
  const result = await tx.execute<{
    id: number;
  }>(sql`with created as (${eventInsert((name) => sql`${values[name]}`, sql`true`)}),
      guests as (${guestsInsert(sql`created as source`, sql`${idArray(guestIds)}`)})
      select id from created`);
  return Number((result as { rows: { id: number }[] }).rows[0]!.id);
}

/** The event's guests become `guestIds`. */
export async function replaceGuests(tx: Tx, eventId: number, guestIds: readonly number[]): Promise<void> {
  await tx.delete(eventGuests).where(eq(eventGuests.eventId, eventId));
  if (guestIds.length === 0) return;
  await tx.execute(guestsInsert(sql`(values (${eventId}::integer)) as source (id)`, sql`${idArray(guestIds)}`));
}

/**
 * An event's references checked in one round trip: the organiser an active editor (their zone is
 * the answer), the location (when given) an active location and every guest (when given) an active
 * guest; the first that is not, in that order, answers 400.
 */
export class EventReferences {
  constructor(private readonly db: Db) {}

  /** The organiser's zone; 400 unless an active editor. */
  organiserZone(db: Db | Tx, organiserId: number): Promise<string> {
    return this.check(db, { organiserId });
  }

  async check(db: Db | Tx, refs: { organiserId: number; locationId?: number; guestIds?: number[] }): Promise<string> {
    const { organiserId, locationId, guestIds } = refs;
    const values = { organiserId, locationId: locationId ?? null, guestIds: guestIds ? idArray(guestIds) : null };
    const [row] =
      db === this.db
        ? await (this.statement ??= this.select(this.db).prepare('event_references')).execute(values)
        : await this.select(db, values);
    if (!row || row.zone === null) throw new AppError(400, eventMessages.organiserInvalid);
    if (!row.location) throw new AppError(400, eventMessages.locationInvalid({ id: locationId! }));
    if (guestIds?.length) assertAllActive(guestIds, row.guests ?? [], eventMessages.guestInvalid);
    return row.zone;
  }

  /** check's select, with placeholders (prepared) or the values themselves (in a transaction). */
  private select(db: Db | Tx, values?: Record<string, unknown>) {
    const v = (name: string) => (values ? sql`${values[name]}` : sql.placeholder(name));
    return db
      .select({
        zone: activeEditorZone(v('organiserId')),
        location: sql<boolean>`(${v('locationId')}::integer is null or ${activeLocation(v('locationId'))})`,
        guests: sql<number[] | null>`${activeGuestIds(v('guestIds'))}`,
      })
      .from(sql`(values (1)) as one (x)`);
  }
  private statement: ReturnType<ReturnType<EventReferences['select']>['prepare']> | undefined;
}
