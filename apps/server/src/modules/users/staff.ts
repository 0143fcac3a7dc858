import type { Role } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { personName } from '../../lib/names.js';
import { idArray } from './active-guests.js';

/** A person as cover and time off read them: their role, status, zone and full name. */
export interface StaffMember {
  id: number;
  name: string;
  role: Role;
  active: boolean;
  timezone: string;
  language: string;
  email: string | null;
  phone: string | null;
}

const rowsOf = async (db: Executor, where: ReturnType<typeof sql>): Promise<StaffMember[]> => {
  const result =
    await db.execute(sql`select u.id, u.username, u.name, u.surname, u.role, u.status, u.timezone, u.language,
    u.email, u.phone
    from ${users} u where ${where} order by u.id`);
  return (
    result as {
      rows: {
        id: unknown;
        username: string;
        name: string | null;
        surname: string | null;
        role: Role;
        status: string;
        timezone: string;
        language: string;
        email: string | null;
        phone: string | null;
      }[];
    }
  ).rows.map((row) => ({
    id: Number(row.id),
    name: personName(row.name, row.surname, row.username),
    role: row.role,
    active: row.status === 'active',
    timezone: row.timezone,
    language: row.language,
    email: row.email,
    phone: row.phone,
  }));
};

/** The users of `ids` that exist, by id. */
export function staffByIds(db: Executor, ids: readonly number[]): Promise<StaffMember[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf(db, sql`u.id = any(${idArray(ids)}::integer[])`);
}

/** Every active editor, by id: who may organise a session, and so cover one. */
export function activeEditors(db: Executor): Promise<StaffMember[]> {
  return rowsOf(db, sql`u.role = 'editor' and u.status = 'active'`);
}
