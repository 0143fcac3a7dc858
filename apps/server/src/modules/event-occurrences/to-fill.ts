import { SESSION_NOTES_FORM_ID } from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import { attendance, formSubmissions, users } from '../../platform/db/schema.js';
import { guestListOf } from './rules.js';

/**
 * What is still to fill about a session (docs/domain.md#attendance), on `occurrence` (a row with
 * id, event_id and has_guest_override): a guest that counts (its own list, else its event's;
 * active) without an attendance mark or without a Session notes submission about them; a session
 * without such guests when it has no Session notes submission at all. Whether it started, and
 * that it is not cancelled, are the callers' conditions.
 */
export function toFillCondition(occurrence: SQL): SQL {
  const guests = sql`${guestListOf(occurrence)} guest_list join ${users} g on g.id = guest_list.user_id and g.status = 'active'`;
  const notes = sql`select 1 from ${formSubmissions} s
    where s.occurrence_id = ${occurrence}.id and s.form_id = ${SESSION_NOTES_FORM_ID}`;
  return sql`(exists (select 1 from ${guests}
      where not exists (select 1 from ${attendance} a where a.occurrence_id = ${occurrence}.id and a.guest_id = g.id)
        or not exists (${notes} and s.guest_id = g.id))
    or (not exists (select 1 from ${guests}) and not exists (${notes})))`;
}
