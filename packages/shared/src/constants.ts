/**
 * Business constants from docs/product.md §9. Plain values only, no zod: the web's first screens (Sign In,
 * Home) import them, and a constant declared in a schema module would bring that module's zod
 * schemas, and zod, into their download (the shared modules are side-effect free, so a module none
 * of whose exports is used is left out).
 */
export const PAGE_SIZE = 50;
/** Largest page a list call may ask for (choice lists fetch with limit 1000). */
export const MAX_LIMIT = 1000;
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 500;
/** Pagination shows every page link up to this many pages. */
export const PAGINATION_FULL_PAGES = 5;
export const TOAST_DURATION_MS = 3000;
export const TIMEZONES = ['Europe/Istanbul', 'Europe/London'] as const;
export type Timezone = (typeof TIMEZONES)[number];
export const DEFAULT_TIMEZONE: Timezone = 'Europe/Istanbul';
/** The languages of the web app and of what guests receive (a user's `language`). */
export const LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Status shared by locations, groups and forms (docs/domain.md). */
export const RECORD_STATUSES = ['active', 'archived'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
/** What a lookup can belong to (docs/product.md §3 Lookup); none is stored as null. */
export const LOOKUPABLE_TYPES = ['users', 'groups', 'locations', 'events', 'forms', 'message-groups'] as const;
export type LookupableType = (typeof LOOKUPABLE_TYPES)[number];
/**
 * An occurrence is scheduled, then approved (Approve Schedule), then completed (its report was
 * sent); a cancelled one stays on the calendar, with no attendance, reminders or forms to fill.
 */
export const OCCURRENCE_STATUSES = ['scheduled', 'approved', 'completed', 'cancelled'] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];

/**
 * A guest's attendance at one session (docs/domain.md#attendance): `cancelled` is a cancellation
 * in time, `lateCancelled` one after the notice cutoff; no mark at all is "unmarked".
 */
export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused', 'cancelled', 'lateCancelled'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** The marks that may be set before a session starts (the others only from its start on). */
export const ATTENDANCE_AHEAD: readonly AttendanceStatus[] = ['cancelled', 'excused'];

/** Most rows one page of occurrences may hold (each row carries guests and submissions). */
export const OCCURRENCE_PAGE_MAX = 100;

/** The form Upcoming Events offers for filling (docs/product.md §2, §9): seeded, never deleted or archived. */
export const SESSION_NOTES_FORM_ID = 1;
/** Form 1's seeded title: while the form keeps it, every reader sees it in their own language. */
export const SESSION_NOTES_TITLE = 'Session notes';

/** Whether a form's title is the built-in one (form 1 as seeded), to be shown translated. */
export const isBuiltInFormTitle = (form: { id: number; title: string }): boolean =>
  form.id === SESSION_NOTES_FORM_ID && form.title === SESSION_NOTES_TITLE;

/**
 * What a logged message is (Message Log's Type column): to guests a reminder, a report, a monthly
 * report, a `cancellation` (a session of theirs was cancelled) or a `restoration` (deleting the
 * closure that cancelled it puts it back on); to guests and both organisers `cover` (a session
 * given to a substitute or back, docs/domain.md#cover); to an organiser `to-fill`, the
 * daily list of yesterday's sessions still to fill; to any user `password-reset`, the link to choose a
 * new password (its token never stored in the log, docs/domain.md#password-reset); to a billing account
 * `invoice`, an issued invoice with its PDF (docs/domain.md#billing).
 */
export const MESSAGE_TYPES = [
  'reminder',
  'report',
  'monthly-report',
  'to-fill',
  'cancellation',
  'restoration',
  'cover',
  'password-reset',
  'invoice',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** queued -> sending -> sent, or failed (with the error); Retry puts a failed one back to queued. */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * A cookie the server sets beside the (httpOnly) refresh cookie and clears with it: not a
 * credential, only a hint that this browser may have a session, so the web app opens Sign In at
 * once, without fetching the signed-in screens, when it has none.
 */
export const SESSION_HINT_COOKIE = 'ritim_session';
