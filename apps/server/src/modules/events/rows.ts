import type { Currency, Event } from '@ritim/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/client.js';
import { eventGuests, events, locations, users } from '../../platform/db/schema.js';
import { rruleByDayText } from '../../recurrence/by-day-text.js';
import { ruleToOptions } from '../../recurrence/repeat-options.js';
import { parseRule, type RecurrenceRule } from '../../recurrence/rule.js';
import { nextStartOf, organisers, type PlaceAndOrganiser, placeAndOrganiser } from '../event-occurrences/index.js';
import { peopleJson } from '../users/people-json.js';

const creators = alias(users, 'creators');

/** The guests as one JSON array per row, so a page costs one query whatever its size. */
const guestList = peopleJson<Event['guests']>(
  sql`from ${eventGuests} eg join ${users} p on p.id = eg.user_id where eg.event_id = ${events.id}`,
).as('guests');

/**
 * What a new event's audit row says it was created with (a jsonb object of the API's fields, as
 * toEvent shows them): `stored` is the events row, `guests` the people JSON the statement answers.
 * The fields toEvent derives from the rule or the clock (repeat, rruleByDayText, endDate,
 * nextOccurrence) are left to the rule itself (docs/domain.md#audit-log).
 */
export const createdEventFields = (stored: SQL, guests: SQL) => sql`jsonb_build_object(
    'title', ${stored}.title, 'description', ${stored}.description, 'conferenceLink', ${stored}.conference_link,
    'rrule', ${stored}.rrule, 'timezone', ${stored}.timezone, 'doesNotRepeat', ${stored}.does_not_repeat,
    'status', ${stored}.status,
    'price', case when ${stored}.price_amount is null then null
      else jsonb_build_object('amount', ${stored}.price_amount, 'currency', ${stored}.price_currency) end,
    'location', (select jsonb_build_object('id', l.id, 'name', l.name) from ${locations} l where l.id = ${stored}.location_id),
    'organiser', (select jsonb_build_object('id', o.id, 'name', o.name, 'surname', o.surname, 'timezone', o.timezone)
      from ${users} o where o.id = ${stored}.organiser_id),
    'guests', ${guests}::jsonb,
    'guestIds', (select coalesce(jsonb_agg(guest -> 'id'), '[]'::jsonb) from jsonb_array_elements(${guests}::jsonb) as guest))`;

/** An event as every read returns it (GET, the list, and what create and update answer). */
export const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  conferenceLink: events.conferenceLink,
  rrule: events.rrule,
  timezone: events.timezone,
  doesNotRepeat: events.doesNotRepeat,
  endDate: events.endDate,
  status: events.status,
  priceAmount: events.priceAmount,
  priceCurrency: events.priceCurrency,
  createdAt: events.createdAt,
  locationId: locations.id,
  locationName: locations.name,
  organiserId: organisers.id,
  organiserName: organisers.name,
  organiserSurname: organisers.surname,
  organiserTimezone: organisers.timezone,
  username: creators.username,
  /** One probe of the (event_id, starts_at) unique index per row. */
  nextOccurrence: nextStartOf(events.id).as('next_occurrence'),
  guests: guestList,
};

/** The event's location, organiser and creator, which `eventColumns` name (a dynamic select with `events` in it). */
export const joinEventRefs = <T extends PgSelect>(query: T): T =>
  query
    .innerJoin(locations, eq(locations.id, events.locationId))
    .innerJoin(organisers, eq(organisers.id, events.organiserId))
    .leftJoin(creators, eq(creators.id, events.createdBy)) as unknown as T;

/** The events as `eventColumns` read them. */
export const selectEvents = (db: Db | Tx) => joinEventRefs(db.select(eventColumns).from(events).$dynamic());

export interface EventRow extends PlaceAndOrganiser {
  id: number;
  title: string;
  description: string | null;
  conferenceLink: string | null;
  rrule: string;
  timezone: string;
  doesNotRepeat: boolean;
  endDate: Date;
  status: Event['status'];
  priceAmount: number | null;
  priceCurrency: Currency | null;
  createdAt: Date;
  username: string | null;
  nextOccurrence: string | null;
  guests: Event['guests'] | string;
}

/** The form's repeat fields of a rule, without its zone (the organiser's); null when the form cannot show it. */
export function repeatOf(rule: RecurrenceRule): Event['repeat'] {
  const options = ruleToOptions(rule);
  if (!options) return null;
  const { zone: _zone, ...rest } = options;
  return rest;
}

/** The event's price as the API shows it: null unless both columns are set. */
export const priceOf = (row: { priceAmount: number | null; priceCurrency: Currency | null }): Event['price'] =>
  row.priceAmount === null || row.priceCurrency === null
    ? null
    : { amount: row.priceAmount, currency: row.priceCurrency };

export function toEvent(row: EventRow): Event {
  const guests = (typeof row.guests === 'string' ? JSON.parse(row.guests) : row.guests) as Event['guests'];
  let repeat: Event['repeat'] = null;
  let byDay = '';
  try {
    const rule = parseRule(row.rrule);
    repeat = repeatOf(rule);
    byDay = rruleByDayText(rule);
  } catch {
    // A stored rule always parsed when saved; an engine change must not break reading the list.
  }
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    conferenceLink: row.conferenceLink,
    rrule: row.rrule,
    timezone: row.timezone,
    repeat,
    doesNotRepeat: row.doesNotRepeat,
    endDate: row.endDate.toISOString(),
    nextOccurrence: row.nextOccurrence === null ? null : new Date(row.nextOccurrence).toISOString(),
    rruleByDayText: byDay,
    status: row.status,
    ...placeAndOrganiser(row),
    guests,
    guestIds: guests.map((g) => g.id),
    price: priceOf(row),
    user: row.username === null ? null : { username: row.username },
    createdAt: row.createdAt.toISOString(),
  };
}
