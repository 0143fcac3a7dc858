import { eq } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { eventOccurrences, events, locations, users } from '../../platform/db/schema.js';
import { occurrenceOrganiserId } from './rules.js';

/** The session's organiser (`organiserOf`): `users` a second time in a select that may name guests too. */
export const organisers = alias(users, 'organisers');

/**
 * An occurrence's event, location and organiser (the substitute while it is covered,
 * docs/domain.md#cover): the join most reads make (a dynamic select that
 * has `event_occurrences` in it; its columns are chosen already, so the joins leave its type as is).
 */
export const joinEvent = <T extends PgSelect>(query: T): T =>
  query
    .innerJoin(events, eq(events.id, eventOccurrences.eventId))
    .innerJoin(locations, eq(locations.id, events.locationId))
    .innerJoin(organisers, eq(organisers.id, occurrenceOrganiserId)) as unknown as T;

/** When a session is and where it stands. */
export const occurrenceColumns = {
  id: eventOccurrences.id,
  startsAt: eventOccurrences.startsAt,
  endsAt: eventOccurrences.endsAt,
  status: eventOccurrences.status,
};

/** An event's location and organiser as a read's row has them (events' and occurrences'). */
export interface PlaceAndOrganiser {
  locationId: number;
  locationName: string;
  organiserId: number;
  organiserName: string | null;
  organiserSurname: string | null;
  organiserTimezone: string;
}

/** The location and organiser of a row, as the API names them. */
export const placeAndOrganiser = (row: PlaceAndOrganiser) => ({
  location: { id: row.locationId, name: row.locationName },
  organiser: {
    id: row.organiserId,
    name: row.organiserName,
    surname: row.organiserSurname,
    timezone: row.organiserTimezone,
  },
});

/** The organiser as lists name them. */
export const organiserColumns = {
  organiserId: organisers.id,
  organiserName: organisers.name,
  organiserSurname: organisers.surname,
};

/**
 * A session as a calendar entry shows it (the feed and a reminder's .ics, calendar-feed/ics.ts)
 * and as messages and reports name it: one column set, so both read the same fields.
 */
export const calendarOccurrenceColumns = {
  ...occurrenceColumns,
  updatedAt: eventOccurrences.updatedAt,
  title: events.title,
  description: events.description,
  conferenceLink: events.conferenceLink,
  location: locations.name,
  organiserUsername: organisers.username,
  organiserName: organisers.name,
  organiserSurname: organisers.surname,
};
