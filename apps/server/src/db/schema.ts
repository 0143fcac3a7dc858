import { DEFAULT_TIMEZONE } from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'editor', 'guest'] }).notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    name: text('name'),
    surname: text('surname'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    timezone: text('timezone').notNull().default(DEFAULT_TIMEZONE),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`)],
);

/** Opaque refresh tokens, stored hashed; a family is one sign-in and all its rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Failed sign-ins, counted per username and per IP over a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

/**
 * The text a list's `q` searches, folded by ritim_fold (case, Turkish letters, accents) and kept
 * by PostgreSQL itself; a trigram index on it serves `like '%q%'`.
 */
const searchColumn = (expression: SQL) => text('search').generatedAlwaysAs(expression);
const searchIndex = (table: string, column: AnyPgColumn) =>
  index(`${table}_search_idx`).using('gin', sql`${column} gin_trgm_ops`);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    search: searchColumn(sql`ritim_fold(name)`),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One index per (filter, sort) the list offers, ending in the id tie-breaker, so a page is an
  // index range scan whatever the table size.
  (t) => [
    index('locations_name_idx').on(t.name, t.id),
    index('locations_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('locations_status_name_idx').on(t.status, t.name, t.id),
    index('locations_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('locations', t.search),
  ],
);
