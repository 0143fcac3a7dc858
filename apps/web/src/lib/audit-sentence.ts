import { REDACTED, type AuditEntityType, type AuditLog } from '@ritim/shared';
import type { TFunction } from 'i18next';
import type { Resources } from '../i18n/en';
import { dateTimeIn, formatStart, timeIn } from './wall-clock';

/**
 * An audit row in words (docs/domain.md#audit-log), in the viewer's language and time zone:
 * "admin moved 'Piano - Ayşe' from 10:00 to 11:00", "Someone tried to sign in as 'bob'".
 */

export interface SentenceOptions {
  /** The viewer's IANA zone: times and days are shown on its clock. */
  zone: string;
  /** The viewer's language ('en', 'tr'): day names follow it. */
  language: string;
}

type FieldKey =
  `audit.fields.${keyof Resources['audit']['fields']}` | 'conflicts.homeKind.organiser' | 'conflicts.homeKind.guest';

/** A recorded field (an API or a column name) -> the word for it; several names can mean one thing. */
const FIELD_WORDS: Record<string, FieldKey> = {
  name: 'audit.fields.name',
  surname: 'audit.fields.surname',
  title: 'audit.fields.title',
  description: 'audit.fields.description',
  status: 'audit.fields.status',
  startsAt: 'audit.fields.start',
  occurrenceDate: 'audit.fields.start',
  start: 'audit.fields.start',
  endsAt: 'audit.fields.end',
  endDate: 'audit.fields.end',
  endTime: 'audit.fields.end',
  username: 'audit.fields.username',
  password: 'audit.fields.password',
  passwordHash: 'audit.fields.password',
  role: 'audit.fields.role',
  email: 'audit.fields.email',
  phone: 'audit.fields.phone',
  address: 'audit.fields.address',
  timezone: 'audit.fields.timezone',
  language: 'audit.fields.language',
  messageGroupId: 'audit.fields.messageGroup',
  messageGroup: 'audit.fields.messageGroup',
  groups: 'audit.fields.groups',
  location: 'audit.fields.location',
  organiser: 'conflicts.homeKind.organiser',
  groupIds: 'audit.fields.groups',
  locationId: 'audit.fields.location',
  organiserId: 'conflicts.homeKind.organiser',
  guestIds: 'audit.fields.guests',
  guests: 'audit.fields.guests',
  guestId: 'conflicts.homeKind.guest',
  type: 'audit.fields.type',
  rrule: 'audit.fields.repeat',
  repeat: 'audit.fields.repeat',
  doesNotRepeat: 'audit.fields.doesNotRepeat',
  conferenceLink: 'audit.fields.conferenceLink',
  calendarFeedToken: 'audit.fields.calendarFeed',
  key: 'audit.fields.key',
  value: 'audit.fields.value',
  label: 'audit.fields.label',
  lookupableType: 'audit.fields.linkedRecord',
  lookupableId: 'audit.fields.linkedRecord',
  schema: 'audit.fields.formFields',
  version: 'audit.fields.version',
  reason: 'audit.fields.reason',
  cancellationReason: 'audit.fields.reason',
  response: 'audit.fields.answer',
  note: 'audit.fields.note',
  data: 'audit.fields.answers',
  submissionData: 'audit.fields.answers',
  hasGuestOverride: 'audit.fields.ownGuests',
  from: 'audit.fields.firstDay',
  to: 'audit.fields.lastDay',
  scope: 'audit.fields.scope',
  totpSecret: 'audit.fields.twoFactor',
  twoFactorEnabled: 'audit.fields.twoFactor',
  entries: 'audit.fields.marks',
};

/** Fields that only say a session's time changed (with its start): such an update is a move. */
const MOVE_FIELDS = new Set(['startsAt', 'occurrenceDate', 'endsAt', 'endDate', 'moved']);
const START_FIELDS = ['startsAt', 'occurrenceDate'] as const;

/** The longest a value stands in a sentence; the details show it whole. */
const SENTENCE_VALUE_MAX = 60;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A field's word in the viewer's language, or its recorded name when it has none. */
export function fieldLabel(field: string, t: TFunction): string {
  const word = FIELD_WORDS[field];
  return word ? t(word) : field;
}

/** A recorded value as words: quoted text, a date-time on the viewer's clock, yes/no, a list. */
export function formatValue(value: unknown, t: TFunction, zone: string, max = Infinity): string {
  if (value === REDACTED) return t('audit.hidden');
  if (value === null || value === undefined || value === '') return t('audit.nothing');
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) {
      const shown = dateTimeIn(value, zone);
      if (shown) return shown;
    }
    return `'${shorten(value, max)}'`;
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? t('audit.nothing')
      : shorten(value.map((item) => formatValue(item, t, zone)).join(', '), max);
  }
  const named = nameIn(value as Record<string, unknown>);
  return named ?? shorten(JSON.stringify(value), max);
}

/** What a record the API nests is called (a location, a person), quoted; undefined when it has no name. */
function nameIn(record: Record<string, unknown>): string | undefined {
  const text = (key: string) => (typeof record[key] === 'string' && record[key] ? record[key] : undefined);
  const person = [text('name'), text('surname')].filter(Boolean).join(' ');
  const name = person || text('title') || text('username') || text('label');
  if (name) return `'${name}'`;
  // An attendance mark: its status, and its note when it has one.
  const status = text('status');
  if (status) return text('note') ? `'${status}' ('${text('note')}')` : `'${status}'`;
  return undefined;
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A value a sentence can say whole: plain, or a nested record with a name (not a list). */
const sayable = (value: unknown) =>
  value === null ||
  typeof value !== 'object' ||
  (!Array.isArray(value) && nameIn(value as Record<string, unknown>) !== undefined);

/** Who did it: their username, 'The system' when no one did (a job), 'A guest' for a guest's own answer. */
function actorOf(row: AuditLog, t: TFunction): string {
  if (row.actor) return row.actor.username;
  return row.action === 'rsvp' ? t('audit.aGuest') : t('audit.system');
}

/** The record's name as a sentence quotes it, or its number when the row has no name. */
function nameOf(row: AuditLog): string {
  if (row.entityName) return `'${row.entityName}'`;
  return row.entityId === null ? '—' : `#${row.entityId}`;
}

function startChange(changes: NonNullable<AuditLog['changes']>) {
  for (const field of START_FIELDS) {
    const change = changes[field];
    if (change) return change;
  }
  return undefined;
}

/** The sections whose rows are about one session (its id is the session's). */
const SESSION_SECTIONS: readonly AuditEntityType[] = ['event-occurrences', 'attendance'];

/**
 * The start of the session a row is about, as recorded: the one it had (a move's first, a deleted
 * session's), else the one it got (a make-up's). The server records it beside every change of a
 * session; older rows may have none.
 */
function sessionStartOf(row: AuditLog): string | undefined {
  if (!SESSION_SECTIONS.includes(row.entityType) || !row.changes) return undefined;
  const start = startChange(row.changes);
  const value = typeof start?.from === 'string' ? start.from : start?.to;
  return typeof value === 'string' && ISO_INSTANT.test(value) ? value : undefined;
}

/** A session's move: both starts on the viewer's clock, as times when on one day, else with their days. */
function moveTexts(from: string, to: string, zone: string) {
  const fromDay = dateTimeIn(from, zone).slice(0, 10);
  const toDay = dateTimeIn(to, zone).slice(0, 10);
  return fromDay === toDay
    ? { sameDay: true, from: timeIn(from, zone), to: timeIn(to, zone) }
    : { sameDay: false, from: dateTimeIn(from, zone), to: dateTimeIn(to, zone) };
}

/** What every sentence may name: who, and the record as a name, an object and an owner. */
type Words = {
  actor: string;
  name: string;
  thing: string;
  of: string;
};

function updateSentence(row: AuditLog, t: TFunction, base: Words, options: SentenceOptions): string {
  const { zone } = options;
  // A session's start recorded as it stayed names the session: it is no change.
  const changes = Object.fromEntries(
    Object.entries(row.changes ?? {}).filter(
      ([field, change]) => !(START_FIELDS.includes(field as never) && change.from === change.to),
    ),
  );
  const fields = Object.keys(changes);
  const start = startChange(changes);
  if (
    row.entityType === 'event-occurrences' &&
    start &&
    typeof start.from === 'string' &&
    typeof start.to === 'string' &&
    fields.every((field) => MOVE_FIELDS.has(field))
  ) {
    const { sameDay, from, to } = moveTexts(start.from, start.to, zone);
    // Within one day the sentence gives the times only, and the name says which day.
    const name = sameDay
      ? occurrenceName(row, t, options, formatStart(start.from, zone, options.language, true))
      : nameOf(row);
    return t('audit.sentences.moved', { ...base, ...named(row, t, name), from, to });
  }
  // Marks are recorded per guest (a field each): the sentence says the marking, the details who got which.
  if (row.entityType === 'attendance') return t('audit.sentences.marked', base);
  if (fields.length === 0) return t('audit.sentences.updated', base);
  const only = fields.length === 1 ? changes[fields[0]!] : undefined;
  // A secret's values are never shown: that it changed is all there is to say.
  if (only && only.from !== REDACTED && sayable(only.from) && sayable(only.to)) {
    return t('audit.sentences.changedField', {
      ...base,
      field: fieldLabel(fields[0]!, t),
      from: formatValue(only.from, t, zone, SENTENCE_VALUE_MAX),
      to: formatValue(only.to, t, zone, SENTENCE_VALUE_MAX),
    });
  }
  const labels = [...new Set(fields.map((field) => fieldLabel(field, t)))];
  return t('audit.sentences.changedFields', { ...base, fields: labels.join(', ') });
}

/** The answer a guest gave, from the recorded response ('yes'/'no') or attendance mark. */
function answerOf(row: AuditLog, t: TFunction): string | undefined {
  const response = row.changes?.response?.to;
  if (response === 'yes') return `'${t('audit.answerYes')}'`;
  if (response === 'no') return `'${t('audit.answerNo')}'`;
  const status = row.changes?.status?.to;
  if (status === 'cancelled' || status === 'lateCancelled') return `'${t('audit.answerNo')}'`;
  return undefined;
}

const SENDS_MESSAGES: readonly AuditEntityType[] = ['message-logs'];

/** A session's name with the day and time it is on ("'Piano' on Tue 12/08 10:00"), when the row says it. */
function occurrenceName(row: AuditLog, t: TFunction, options: SentenceOptions, when?: string): string {
  const name = nameOf(row);
  const start = sessionStartOf(row);
  const shown = when ?? (start ? formatStart(start, options.zone, options.language) : '');
  return shown ? t('audit.sessionOn', { name, when: shown }) : name;
}

/** The words that name the record: as the name, the object and the owner of a sentence. */
const named = (row: AuditLog, t: TFunction, name: string) => ({
  name,
  thing: t(`audit.things.${row.entityType}`, { name }),
  of: t(`audit.thingsOf.${row.entityType}`, { name }),
});

/** The row as one sentence in the viewer's language and zone. */
export function auditSentence(row: AuditLog, t: TFunction, options: SentenceOptions): string {
  const { zone } = options;
  const actor = actorOf(row, t);
  // A session is named with its day and time (a make-up's are its own, so the sentence gives them).
  const base: Words = {
    actor,
    ...named(row, t, row.action === 'makeup' ? nameOf(row) : occurrenceName(row, t, options)),
  };
  switch (row.action) {
    case 'create':
      return t('audit.sentences.created', base);
    case 'update':
      return updateSentence(row, t, base, options);
    case 'delete':
      return t('audit.sentences.deleted', base);
    case 'archive':
      return t('audit.sentences.archived', base);
    case 'approve':
      return t('audit.sentences.approved', base);
    case 'unapprove':
      return t('audit.sentences.unapproved', base);
    case 'cancel': {
      const reason = row.changes?.reason?.to ?? row.changes?.cancellationReason?.to;
      return typeof reason === 'string' && reason
        ? t('audit.sentences.cancelledBecause', { ...base, reason: formatValue(reason, t, zone, SENTENCE_VALUE_MAX) })
        : t('audit.sentences.cancelled', base);
    }
    case 'restore':
      return t('audit.sentences.restored', base);
    case 'send':
      return SENDS_MESSAGES.includes(row.entityType)
        ? t('audit.sentences.sent', base)
        : t('audit.sentences.sentAbout', base);
    case 'retry':
      return SENDS_MESSAGES.includes(row.entityType)
        ? t('audit.sentences.retried', base)
        : t('audit.sentences.retriedAbout', base);
    case 'split':
      return t('audit.sentences.split', base);
    case 'makeup': {
      const start = sessionStartOf(row);
      return start
        ? t('audit.sentences.madeUpFor', { ...base, when: formatStart(start, zone, options.language) })
        : t('audit.sentences.madeUp', base);
    }
    case 'rsvp': {
      const answer = answerOf(row, t);
      return answer ? t('audit.sentences.answered', { ...base, answer }) : t('audit.sentences.answeredSomething', base);
    }
    case 'login':
      return t('audit.sentences.signedIn', { ...base, actor: row.actor?.username ?? name });
    case 'loginFailed':
      return t('audit.sentences.signInFailed', base);
    case 'passwordReset':
      return t('audit.sentences.passwordReset', base);
    case 'twoFactorEnable':
      return t('audit.sentences.twoFactorOn', base);
    case 'twoFactorDisable':
      return row.actor && row.entityId !== null && row.actor.id !== row.entityId
        ? t('audit.sentences.twoFactorOffFor', base)
        : t('audit.sentences.twoFactorOff', base);
    case 'twoFactorCodeFailed':
      return t('audit.sentences.twoFactorCodeFailed', base);
    case 'twoFactorDisableFailed':
      return t('audit.sentences.twoFactorDisableFailed', base);
    case 'passwordChangeFailed':
      return t('audit.sentences.passwordChangeFailed', base);
    case 'issue':
      return t('audit.sentences.issued', base);
    case 'void':
      return t('audit.sentences.voided', base);
  }
}

/** The row's field changes, each with its word and both values as words (the details view). */
export function auditChanges(row: AuditLog, t: TFunction, zone: string) {
  const changes = row.changes ?? {};
  return (
    Object.entries(changes)
      .filter(([field]) => !(NAMED_BY[field] && NAMED_BY[field] in changes))
      // A field recorded as it stayed (an approved session's start) says which one it was: the sentence's.
      .filter(([, change]) => JSON.stringify(change.from) !== JSON.stringify(change.to))
      .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
      .map(([field, change]) => ({
        field,
        label: fieldLabel(field, t),
        from: formatValue(change.from, t, zone),
        to: formatValue(change.to, t, zone),
      }))
  );
}

/** Ids a row also records by name (an event's guests): the details show the names only. */
const NAMED_BY: Record<string, string> = {
  guestIds: 'guests',
  groupIds: 'groups',
  locationId: 'location',
  organiserId: 'organiser',
  messageGroupId: 'messageGroup',
};

/** The details' order: as FIELD_WORDS lists the fields (the name first), then the rest as recorded. */
const FIELD_ORDER = new Map(Object.keys(FIELD_WORDS).map((field, index) => [field, index]));
const fieldOrder = (field: string) => FIELD_ORDER.get(field) ?? FIELD_ORDER.size;
