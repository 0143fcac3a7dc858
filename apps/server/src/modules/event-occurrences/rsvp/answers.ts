import type { RsvpResponse } from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rsvps } from '../../../platform/db/schema.js';

/** A guest's answer as a read carries it. */
export interface RsvpAnswerJson {
  guestId: number;
  response: RsvpResponse;
}

/**
 * The answers given through the guests' links to the session `occurrenceId` (an SQL expression)
 * as one JSON array (docs/domain.md#rsvp); `onlyGuest` keeps a guest's view to their own.
 */
export function rsvpJson(occurrenceId: SQL, onlyGuest?: unknown): SQL<RsvpAnswerJson[] | string> {
  const whose = onlyGuest === undefined ? sql`` : sql` and r.guest_id = ${onlyGuest}`;
  return sql<RsvpAnswerJson[] | string>`(select coalesce(json_agg(json_build_object('guestId', r.guest_id,
      'response', r.response)), '[]'::json)
    from ${rsvps} r where r.occurrence_id = ${occurrenceId} and r.response is not null${whose})`;
}
