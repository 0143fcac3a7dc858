import {
  ATTENDANCE_STATUSES,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  CURRENCIES,
  DEFAULT_TIMEZONE,
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  LOOKUPABLE_TYPES,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  OCCURRENCE_STATUSES,
  PAYMENT_METHODS,
  RSVP_RESPONSES,
} from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The text a list's `q` searches, folded by ritim_fold (case, Turkish letters, accents) and kept
 * by PostgreSQL itself; a trigram index on it serves `like '%q%'`.
 */
const searchColumn = (expression: SQL) => text('search').generatedAlwaysAs(expression);
const searchIndex = (table: string, column: AnyPgColumn) =>
  index(`${table}_search_idx`).using('gin', sql`${column} gin_trgm_ops`);

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
    /** The language the web starts in for this user, and of the messages and reports they receive. */
    language: text('language', { enum: ['en', 'tr'] })
      .notNull()
      .default('en'),
    /** Where this user's messages go when set (a group chat), else to the user directly. */
    messageGroupId: integer('message_group_id').references((): AnyPgColumn => messageGroups.id, {
      onDelete: 'set null',
    }),
    /**
     * Raised by a change or reset of the password (and a deactivation): an access token carries the
     * version it was signed at (`sv`), and one carrying an older version is refused (platform/access/sign-in-versions.ts).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    search: searchColumn(
      sql`ritim_fold(coalesce(username, '') || ' ' || coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_username_idx').on(t.username, t.id),
    index('users_role_status_idx').on(t.role, t.status, t.id),
    index('users_message_group_idx').on(t.messageGroupId),
    searchIndex('users', t.search),
  ],
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

/**
 * A user's calendar subscription (ICS feed). The URL's token is an HMAC of the user id and
 * `nonce` under a key derived from the server secret, so the same URL can be shown again; only
 * its hash is stored and looked up. A reset draws a new nonce: the old URL stops working.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
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
 * A forgotten password's reset link (docs/domain.md#password-reset): only the token's hash is kept;
 * it works once, until `expiresAt`.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * Two-factor sign-in (docs/domain.md#two-factor): the TOTP secret sealed with the server's key
 * (platform/sealed.ts), pending until `enabledAt`; `lastStep` is the 30-second step of the last code
 * accepted, so a code is never accepted twice.
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** The recovery codes of two-factor sign-in, each stored as its hash and spent once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** A sign-in waiting for its second step: its hash, single use, short-lived (a user's expired ones go at their next sign-in). */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_key').on(t.tokenHash),
    index('two_factor_challenges_user_idx').on(t.userId),
  ],
);

/** The status column of the archivable sections (locations, groups, forms, events). */
const recordStatus = () =>
  text('status', { enum: ['active', 'archived'] })
    .notNull()
    .default('active');

/**
 * The list indexes of an archivable section: one per (filter, sort) its list offers, ending in the
 * id tie-breaker, so a page is an index range scan whatever the table size; plus the search index.
 */
const archivableListIndexes = (
  table: string,
  by: 'name' | 'title',
  t: { id: ExtraConfigColumn; status: ExtraConfigColumn; createdAt: ExtraConfigColumn; search: ExtraConfigColumn },
  sortColumn: ExtraConfigColumn,
) => [
  index(`${table}_${by}_idx`).on(sortColumn, t.id),
  index(`${table}_created_at_idx`).on(t.createdAt.desc().nullsFirst(), t.id),
  index(`${table}_status_${by}_idx`).on(t.status, sortColumn, t.id),
  index(`${table}_status_created_at_idx`).on(t.status, t.createdAt.desc().nullsFirst(), t.id),
  searchIndex(table, t.search),
];

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    search: searchColumn(sql`ritim_fold(name)`),
    status: recordStatus(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [...archivableListIndexes('locations', 'name', t, t.name)],
);

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    search: searchColumn(sql`ritim_fold(name)`),
    status: recordStatus(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [...archivableListIndexes('groups', 'name', t, t.name)],
);

/** Group membership; a group with members cannot be deleted (archive it instead). */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId, t.userId)],
);

/** A chat (for example a WhatsApp group) that messages to its members go to. */
export const messageGroups = pgTable(
  'message_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The transport's id of the chat, when it has one (set by hand or by sync). */
    externalId: text('external_id'),
    search: searchColumn(sql`ritim_fold(name || ' ' || coalesce(external_id, ''))`),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('message_groups_external_id_key').on(t.externalId),
    index('message_groups_name_idx').on(t.name, t.id),
    searchIndex('message_groups', t.search),
  ],
);

export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    /** The form's fields (see packages/shared form-schema); null means no fields yet. */
    schema: jsonb('schema'),
    /** Goes up by one each time the schema changes. */
    version: integer('version').notNull().default(1),
    search: searchColumn(sql`ritim_fold(title || ' ' || coalesce(description, ''))`),
    status: recordStatus(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [...archivableListIndexes('forms', 'title', t, t.title)],
);

/** Which groups' organisers use a form. */
export const formGroups = pgTable(
  'form_groups',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.formId, t.groupId] }), index('form_groups_group_idx').on(t.groupId, t.formId)],
);

/**
 * Choices for form listboxes: key (which list), value, label, an optional parent (for dependent
 * lists) and an optional record they belong to (lookupable type + id). The per-type columns are
 * generated from (type, id) and carry RESTRICT foreign keys, so the database itself refuses a
 * lookup pointing at a missing record and the deletion of a record a lookup points at.
 */
export const lookups = pgTable(
  'lookups',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => lookups.id, { onDelete: 'restrict' }),
    lookupableType: text('lookupable_type', { enum: LOOKUPABLE_TYPES }),
    lookupableId: integer('lookupable_id'),
    userRef: integer('user_ref')
      .generatedAlwaysAs(sql`case when lookupable_type = 'users' then lookupable_id end`)
      .references(() => users.id, { onDelete: 'restrict' }),
    groupRef: integer('group_ref')
      .generatedAlwaysAs(sql`case when lookupable_type = 'groups' then lookupable_id end`)
      .references(() => groups.id, { onDelete: 'restrict' }),
    locationRef: integer('location_ref')
      .generatedAlwaysAs(sql`case when lookupable_type = 'locations' then lookupable_id end`)
      .references(() => locations.id, { onDelete: 'restrict' }),
    formRef: integer('form_ref')
      .generatedAlwaysAs(sql`case when lookupable_type = 'forms' then lookupable_id end`)
      .references(() => forms.id, { onDelete: 'restrict' }),
    eventRef: integer('event_ref')
      .generatedAlwaysAs(sql`case when lookupable_type = 'events' then lookupable_id end`)
      .references((): AnyPgColumn => events.id, { onDelete: 'restrict' }),
    messageGroupRef: integer('message_group_ref')
      .generatedAlwaysAs(sql`case when lookupable_type = 'message-groups' then lookupable_id end`)
      .references(() => messageGroups.id, { onDelete: 'restrict' }),
    search: searchColumn(sql`ritim_fold(key || ' ' || value || ' ' || label)`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lookups_key_idx').on(t.key, t.id),
    index('lookups_value_idx').on(t.value, t.id),
    index('lookups_parent_idx').on(t.parentId),
    index('lookups_lookupable_idx').on(t.lookupableType, t.lookupableId, t.key),
    index('lookups_user_ref_idx').on(t.userRef),
    index('lookups_group_ref_idx').on(t.groupRef),
    index('lookups_location_ref_idx').on(t.locationRef),
    index('lookups_form_ref_idx').on(t.formRef),
    index('lookups_message_group_ref_idx').on(t.messageGroupRef),
    index('lookups_event_ref_idx').on(t.eventRef),
    searchIndex('lookups', t.search),
  ],
);

/**
 * A series of sessions. `rrule` is RFC 5545 text with `DTSTART;TZID=<zone>` evaluated in `timezone`
 * (the organiser's zone when saved); `startsAt`/`endDate` are the first occurrence's start and end,
 * and every occurrence lasts as long as the first. A never-ending series has occurrences up to
 * `generatedUntil`, which the horizon job keeps twelve months ahead.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    conferenceLink: text('conference_link'),
    rrule: text('rrule').notNull(),
    timezone: text('timezone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    doesNotRepeat: boolean('does_not_repeat').notNull().default(false),
    /** Set for never-ending series: occurrences exist up to this instant. */
    generatedUntil: timestamp('generated_until', { withTimezone: true }),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    search: searchColumn(sql`ritim_fold(title || ' ' || coalesce(description, ''))`),
    status: recordStatus(),
    /** What each guest is charged per session, in minor units of `price_currency`; both null: not billed (docs/domain.md#billing). */
    priceAmount: integer('price_amount'),
    priceCurrency: text('price_currency', { enum: CURRENCIES }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'events_price_check',
      sql`(${t.priceAmount} is null and ${t.priceCurrency} is null) or (${t.priceAmount} >= 0 and ${t.priceCurrency} in ('TRY', 'GBP', 'EUR', 'USD'))`,
    ),
    ...archivableListIndexes('events', 'title', t, t.title),
    index('events_status_repeat_idx').on(t.status, t.doesNotRepeat, t.id),
    index('events_organiser_idx').on(t.organiserId),
    index('events_location_idx').on(t.locationId),
    index('events_horizon_idx').on(t.generatedUntil),
  ],
);

export const eventGuests = pgTable(
  'event_guests',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_guests_user_idx').on(t.userId, t.eventId)],
);

/** One dated session of an event; (event, start) is unique, so generating twice creates nothing twice. */
export const eventOccurrences = pgTable(
  'event_occurrences',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: OCCURRENCE_STATUSES }).notNull().default('scheduled'),
    /** When set, the occurrence's own guest list (occurrence_guests) replaces the event's. */
    hasGuestOverride: boolean('has_guest_override').notNull().default(false),
    /**
     * Set when an admin moved it off the rule's time: the rule then carries an EXDATE for the old
     * time, and regenerating the series keeps this occurrence.
     */
    moved: boolean('moved').notNull().default(false),
    /**
     * The substitute while it is covered (docs/domain.md#cover), else null: the session's organiser
     * is this one when set, its event's otherwise (rules.ts, `organiserOf`). The record of the cover
     * (who gave it, when, and whose it was) is its occurrence_covers row.
     */
    coverOrganiserId: integer('cover_organiser_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_occurrences_event_start_key').on(t.eventId, t.startsAt),
    /** An organiser's covered sessions (their lists, feeds and the free checks). */
    index('event_occurrences_cover_organiser_idx')
      .on(t.coverOrganiserId, t.startsAt)
      .where(sql`${t.coverOrganiserId} is not null`),
    /**
     * Lists by start (the (starts_at, id) order and keyset). It also carries what the clash check
     * tests for each session at a time, so it reads only the index for the sessions of others.
     */
    index('event_occurrences_starts_at_idx').on(t.startsAt, t.id, t.eventId, t.endsAt, t.hasGuestOverride),
    index('event_occurrences_status_starts_at_idx').on(t.status, t.startsAt),
    /**
     * Clash checks: the longest session (how far back from an interval a start may lie and still
     * overlap it), and the rare sessions longer than a day.
     */
    index('event_occurrences_duration_idx').on(sql`(${t.endsAt} - ${t.startsAt})`),
  ],
);

export const occurrenceGuests = pgTable(
  'occurrence_guests',
  {
    occurrenceId: integer('occurrence_id')
      .notNull()
      .references(() => eventOccurrences.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.occurrenceId, t.userId] }),
    index('occurrence_guests_user_idx').on(t.userId, t.occurrenceId),
  ],
);

/**
 * A guest's attendance at one session (docs/domain.md#attendance): one row per (session, guest)
 * once marked; no row is "unmarked". It is the session's history, like its submissions: a session
 * with attendance is never deleted by regenerating its series.
 */
export const attendance = pgTable(
  'attendance',
  {
    occurrenceId: integer('occurrence_id')
      .notNull()
      .references(() => eventOccurrences.id, { onDelete: 'restrict' }),
    guestId: integer('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    note: text('note'),
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
    /*
     * What the summary reads of the mark's session and list, copied by the database's triggers
     * (migration 0011) whenever the session, its list or its event's list changes, so that a
     * year's summary reads the marks alone (docs/domain.md#attendance-summary). Never written by
     * the app.
     */
    /** The session's start. */
    sessionStartsAt: timestamp('session_starts_at', { withTimezone: true }),
    /** The session's event. */
    sessionEventId: integer('session_event_id'),
    /** Whether the session counts: it is not cancelled. */
    sessionCounts: boolean('session_counts'),
    /** Whether the guest is on the session's list (its own if it has one, else its event's). */
    onList: boolean('on_list'),
  },
  (t) => [
    primaryKey({ columns: [t.occurrenceId, t.guestId] }),
    index('attendance_guest_idx').on(t.guestId, t.occurrenceId),
    index('attendance_session_start_idx').on(t.sessionStartsAt),
    index('attendance_event_guest_idx').on(t.sessionEventId, t.guestId),
  ],
);

/**
 * A cancelled session's cancellation (docs/domain.md#cancellation): a row exactly while its
 * occurrence is `cancelled` (written and removed in one transaction with the status), with the
 * reason, who cancelled it and when, and the status it had before, which Restore puts back. Its
 * own `id` names each cancellation, so cancelling again after a restore messages the guests anew.
 */
export const occurrenceCancellations = pgTable(
  'occurrence_cancellations',
  {
    id: serial('id').primaryKey(),
    occurrenceId: integer('occurrence_id')
      .notNull()
      .references(() => eventOccurrences.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    previousStatus: text('previous_status', { enum: OCCURRENCE_STATUSES }).notNull(),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
    /** The closure that cancelled it (docs/domain.md#closures); deleting the closure restores it. */
    closureId: integer('closure_id').references((): AnyPgColumn => closures.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('occurrence_cancellations_occurrence_key').on(t.occurrenceId),
    index('occurrence_cancellations_closure_idx').on(t.closureId),
  ],
);

/**
 * A covered session's cover (docs/domain.md#cover): a row exactly while its occurrence's
 * `cover_organiser_id` is set (written and removed in one transaction with it), with whose session
 * it was, who gave it to the substitute and when.
 */
export const occurrenceCovers = pgTable(
  'occurrence_covers',
  {
    occurrenceId: integer('occurrence_id')
      .primaryKey()
      .references((): AnyPgColumn => eventOccurrences.id, { onDelete: 'cascade' }),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    originalOrganiserId: integer('original_organiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    coveredBy: integer('covered_by').references(() => users.id, { onDelete: 'set null' }),
    coveredAt: timestamp('covered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('occurrence_covers_organiser_at_idx').on(t.organiserId, t.coveredAt)],
);

/**
 * An editor's working hours (docs/domain.md#working-hours): intervals of a week in their zone,
 * `day` 0 (Monday) to 6 (Sunday), minutes from midnight, `from_minute < to_minute`, no two
 * overlapping on a day. None at all means no limit.
 */
export const workingHours = pgTable(
  'working_hours',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    fromMinute: smallint('from_minute').notNull(),
    toMinute: smallint('to_minute').notNull(),
  },
  (t) => [index('working_hours_user_idx').on(t.userId, t.day, t.fromMinute)],
);

/**
 * An editor's time off (docs/domain.md#time-off): the whole days `from_day`..`to_day` in their
 * zone when it was recorded, as the instants [starts_from, ends_before). It cancels nothing; it
 * says who needs cover and who is not free.
 */
export const timeOff = pgTable(
  'time_off',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    timezone: text('timezone').notNull(),
    startsFrom: timestamp('starts_from', { withTimezone: true }).notNull(),
    endsBefore: timestamp('ends_before', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_off_user_idx').on(t.userId, t.startsFrom),
    index('time_off_range_idx').on(t.endsBefore, t.startsFrom),
  ],
);

/**
 * The schedules an admin approved (docs/domain.md#statuses): Approve Schedule records its day as
 * the instants [starts_from, ends_before) it covers in the zone it was asked in; Unapprove takes
 * its day's instants out again (a row may be cut in two). A session made or moved later to a start
 * inside one is approved too, so reminders reach it.
 */
export const approvedDays = pgTable(
  'approved_days',
  {
    id: serial('id').primaryKey(),
    startsFrom: timestamp('starts_from', { withTimezone: true }).notNull(),
    endsBefore: timestamp('ends_before', { withTimezone: true }).notNull(),
  },
  (t) => [index('approved_days_range_idx').on(t.endsBefore, t.startsFrom)],
);

/**
 * Days closed for everyone, one location or one organiser (docs/domain.md#closures): the sessions
 * starting in [starts_from, ends_before) in its scope are cancelled with its title as the reason,
 * also those made later. `from_day`..`to_day` in `timezone` are what the admin chose.
 */
export const closures = pgTable(
  'closures',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    timezone: text('timezone').notNull(),
    startsFrom: timestamp('starts_from', { withTimezone: true }).notNull(),
    endsBefore: timestamp('ends_before', { withTimezone: true }).notNull(),
    scopeKind: text('scope_kind', { enum: ['all', 'location', 'organiser'] }).notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    organiserId: integer('organiser_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('closures_range_idx').on(t.startsFrom, t.endsBefore)],
);

/**
 * A guest's own answer to one session through their personal link (docs/domain.md#rsvp): one row
 * per (session, guest), made when a reminder carrying the link is queued. The token is
 * HMAC(key, session.guest.nonce) with a key derived from the server secret, so a later reminder
 * can carry the same link while only its hash is stored; `response` is null until they answer.
 */
export const rsvps = pgTable(
  'rsvps',
  {
    occurrenceId: integer('occurrence_id')
      .notNull()
      .references(() => eventOccurrences.id, { onDelete: 'cascade' }),
    guestId: integer('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    response: text('response', { enum: RSVP_RESPONSES }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.occurrenceId, t.guestId] }), uniqueIndex('rsvps_token_hash_key').on(t.tokenHash)],
);

/**
 * A make-up session (docs/domain.md#make-ups): `occurrence_id` is a session of the original's
 * event, with `guest_id` alone on its own list, booked for that guest of `of_occurrence_id` (who
 * missed it, or whose session was cancelled). One row per make-up session; deleting it drops the
 * row. A second make-up for the same (original, guest) is refused while the first is not cancelled.
 */
export const occurrenceMakeups = pgTable(
  'occurrence_makeups',
  {
    occurrenceId: integer('occurrence_id')
      .primaryKey()
      .references((): AnyPgColumn => eventOccurrences.id, { onDelete: 'cascade' }),
    ofOccurrenceId: integer('of_occurrence_id')
      .notNull()
      .references((): AnyPgColumn => eventOccurrences.id, { onDelete: 'cascade' }),
    guestId: integer('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bookedBy: integer('booked_by').references(() => users.id, { onDelete: 'set null' }),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('occurrence_makeups_of_idx').on(t.ofOccurrenceId, t.guestId)],
);

/**
 * A filled form about one guest of one occurrence (docs/product.md §3 Form submission): one per (form,
 * occurrence, guest), filling again updates it; `formVersion` is the form's version when it was
 * last saved. A submission about no one guest has a null guest (still one per form and occurrence).
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'restrict' }),
    occurrenceId: integer('occurrence_id')
      .notNull()
      .references(() => eventOccurrences.id, { onDelete: 'restrict' }),
    guestId: integer('guest_id').references(() => users.id, { onDelete: 'restrict' }),
    formVersion: integer('form_version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('form_submissions_form_occurrence_guest_key').on(t.formId, t.occurrenceId, t.guestId).nullsNotDistinct(),
    index('form_submissions_occurrence_idx').on(t.occurrenceId),
    index('form_submissions_guest_idx').on(t.guestId),
  ],
);

/**
 * The outbox and the Message Log (docs/domain.md): a row is written in the same transaction as the
 * decision to send, before anything is sent, and a job delivers it. `idempotencyKey` (type +
 * occurrence or month + recipient) is unique, so a decision taken twice queues nothing twice.
 * The recipient is a message group or a user, with the name kept as it was when queued;
 * `attachment` says what to render at delivery (a report image), not the bytes.
 */
export const messageLogs = pgTable(
  'message_logs',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    occurrenceId: integer('occurrence_id').references(() => eventOccurrences.id, { onDelete: 'restrict' }),
    formId: integer('form_id').references(() => forms.id, { onDelete: 'restrict' }),
    /** The month of a monthly report, YYYY-MM. */
    month: text('month'),
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'restrict' }),
    recipientMessageGroupId: integer('recipient_message_group_id').references(() => messageGroups.id, {
      onDelete: 'restrict',
    }),
    /** A billing account's email (a sent invoice): read anew at each delivery, like a user's. */
    recipientBillingAccountId: integer('recipient_billing_account_id').references(() => billingAccounts.id, {
      onDelete: 'restrict',
    }),
    recipientName: text('recipient_name').notNull(),
    /** The guests the message is about (a group message can be about several). */
    guestIds: integer('guest_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /**
     * What the body must not show in the log (a password reset link): sealed with the server's key
     * (platform/sealed.ts), put into the text only when it is sent, and cleared once it was.
     */
    secret: text('secret'),
    attachment: jsonb('attachment').$type<Record<string, unknown> | null>(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('message_logs_idempotency_key').on(t.idempotencyKey),
    index('message_logs_created_at_idx').on(t.createdAt, t.id),
    index('message_logs_status_created_at_idx').on(t.status, t.createdAt),
    index('message_logs_occurrence_idx').on(t.occurrenceId),
    index('message_logs_recipient_user_idx').on(t.recipientUserId),
    index('message_logs_recipient_group_idx').on(t.recipientMessageGroupId),
    index('message_logs_recipient_billing_account_idx').on(t.recipientBillingAccountId),
  ],
);

/**
 * The data version the read routes' answer cache keys on (platform/answer-cache.ts): one row whose
 * `version` a deferred trigger on every table the app reads bumps once per writing transaction,
 * at its commit (migration 0006, ritim_track_changes).
 */
export const dataVersion = pgTable('data_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The audit log (docs/domain.md#audit-log), append-only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE. The actor is kept by id and name without a foreign key, so deleting a user neither is
 * refused by their history nor loses who did what; `entity_name` keeps the thing's name likewise.
 * Each list filter has its index ending in (at, id), the list's order.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    entityType: text('entity_type', { enum: AUDIT_ENTITY_TYPES }).notNull(),
    entityId: integer('entity_id'),
    entityName: text('entity_name'),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }> | null>(),
    requestId: text('request_id'),
  },
  (t) => [
    // Ascending: read backwards they give `at desc, id desc` (nulls first, as ORDER BY ... DESC means);
    // a DESC NULLS LAST index would not serve that order.
    index('audit_logs_at_idx').on(t.at, t.id),
    index('audit_logs_entity_type_idx').on(t.entityType, t.at, t.id),
    index('audit_logs_entity_idx').on(t.entityType, t.entityId, t.at, t.id),
    index('audit_logs_actor_idx').on(t.actorId, t.at, t.id),
    index('audit_logs_action_idx').on(t.action, t.at, t.id),
  ],
);

/**
 * The audit log's row count, so its unfiltered list does not count a million index entries per
 * request: a statement trigger on audit_logs adds one row here per insert statement (its number of
 * rows; no row lock shared between writers), and the list folds them into one now and then
 * (modules/audit-logs/repository.ts). The sum of `rows` is the number of audit rows any snapshot
 * sees (migration 0019).
 */
export const auditLogCounts = pgTable('audit_log_counts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
});

/*
 * Billing (modules/billing, docs/domain.md#billing). Money is an integer of minor units beside its
 * ISO 4217 currency; sums are bigint.
 */
const currency = () => text('currency', { enum: CURRENCIES }).notNull();
const currencyCheck = (table: string, column: ExtraConfigColumn) =>
  check(`${table}_currency_check`, sql`${column} in ('TRY', 'GBP', 'EUR', 'USD')`);

/** The office's billing policy: one row (id true), made with its defaults when first read. */
export const billingPolicy = pgTable(
  'billing_policy',
  {
    id: boolean('id').primaryKey().default(true),
    chargedStatuses: text('charged_statuses').array().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('billing_policy_single_row', sql`${t.id}`)],
);

/** Who pays: a family or a person, for one or more guests. `own_guest_id`: the guest's own account, made by a run. */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    language: text('language', { enum: ['en', 'tr'] })
      .notNull()
      .default('en'),
    search: searchColumn(sql`ritim_fold(name || ' ' || coalesce(email, ''))`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('billing_accounts_name_idx').on(t.name, t.id),
    index('billing_accounts_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('billing_accounts', t.search),
  ],
);

/** The guests an account pays for: a guest is in at most one account (the primary key). */
export const billingAccountGuests = pgTable(
  'billing_account_guests',
  {
    guestId: integer('guest_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => billingAccounts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('billing_account_guests_account_idx').on(t.accountId, t.guestId)],
);

/** Prepaid sessions: a charged session of the account uses one instead of being priced. */
export const billingPackages = pgTable(
  'billing_packages',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => billingAccounts.id, { onDelete: 'restrict' }),
    sessions: integer('sessions').notNull(),
    amount: integer('amount').notNull(),
    currency: currency(),
    /** Only this event's sessions, when set. */
    eventId: integer('event_id').references(() => events.id, { onDelete: 'restrict' }),
    /** The last day (in the run's zone) of a session it may pay for, when set. */
    validUntil: date('valid_until', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_packages_account_idx').on(t.accountId, t.createdAt, t.id),
    check('billing_packages_sessions_check', sql`${t.sessions} > 0`),
    check('billing_packages_amount_check', sql`${t.amount} >= 0`),
    currencyCheck('billing_packages', t.currency),
  ],
);

/**
 * An invoice: one account, one currency, one month in a zone. A draft gathers the month's runs
 * (at most one draft per account, currency and month); issuing gives it its number and freezes it.
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => billingAccounts.id, { onDelete: 'restrict' }),
    currency: currency(),
    month: text('month').notNull(),
    timezone: text('timezone').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    /** `YYYY-NNNN`, gap-free per year, once issued. */
    number: text('number'),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('billing_invoices_draft_key')
      .on(t.accountId, t.currency, t.month)
      .where(sql`${t.status} = 'draft'`),
    uniqueIndex('billing_invoices_number_key').on(t.number),
    index('billing_invoices_account_idx').on(t.accountId, t.createdAt, t.id),
    index('billing_invoices_status_idx').on(t.status, t.createdAt, t.id),
    index('billing_invoices_month_idx').on(t.month, t.createdAt, t.id),
    index('billing_invoices_created_at_idx').on(t.createdAt, t.id),
    currencyCheck('billing_invoices', t.currency),
    check('billing_invoices_status_check', sql`${t.status} in ('draft', 'issued', 'void')`),
  ],
);

/**
 * One session of one guest on an invoice, as it stood when the line was made (the session and
 * its event may change or go later; the line keeps its start, title and mark). No foreign key to
 * the session or the guest, for that reason.
 */
export const billingInvoiceLines = pgTable(
  'billing_invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => billingInvoices.id, { onDelete: 'cascade' }),
    occurrenceId: integer('occurrence_id').notNull(),
    guestId: integer('guest_id').notNull(),
    guestName: text('guest_name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    amount: integer('amount').notNull(),
    packageId: integer('package_id').references(() => billingPackages.id, { onDelete: 'restrict' }),
    /** `adjustment`: a mark changed after the pair was invoiced; `amount` is the difference (negative or positive). */
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull().default('charge'),
    /** The invoice an adjustment corrects (the last that held the pair). */
    correctsInvoiceId: integer('corrects_invoice_id').references((): AnyPgColumn => billingInvoices.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    index('billing_invoice_lines_invoice_idx').on(t.invoiceId, t.startsAt, t.id),
    index('billing_invoice_lines_pair_idx').on(t.occurrenceId, t.guestId),
    index('billing_invoice_lines_package_idx').on(t.packageId),
  ],
);

/** The last number issued per year: issuing takes the next under this row's lock, so numbers have no gaps. */
export const billingInvoiceNumbers = pgTable('billing_invoice_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** Money received from an account. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => billingAccounts.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    currency: currency(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_payments_account_idx').on(t.accountId, t.receivedAt, t.id),
    check('billing_payments_amount_check', sql`${t.amount} > 0`),
    currencyCheck('billing_payments', t.currency),
  ],
);
