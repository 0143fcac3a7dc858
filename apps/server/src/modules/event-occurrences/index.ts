export { dayStatus, holdApprovedDays } from './approved-days.js';
export { CalendarReads } from './calendar-reads.js';
export { ClashRepository } from './clashes.js';
export {
  cancelClosedOccurrences,
  closedCancellationsInsert,
  closedSpans,
  closureOfStart,
} from './closed-occurrences.js';
export { organisers, placeAndOrganiser, type PlaceAndOrganiser } from './columns.js';
export { ConflictChecker } from './conflicts.js';
export { attendanceJson, coverJson, personNameSql } from './embedded.js';
export { guestOccurrencesBetween } from './guest-month.js';
export { OccurrenceReads, occurrenceIdsOfEvent, type GuestContactRow } from './reads.js';
export { eventTitleOf, nextStartOf, occurrenceRefOf, startsWithin } from './references.js';
export {
  guestListOf,
  guestsAmong,
  notCancelled,
  OCCURRENCE_NOT_FOUND,
  organiserOf,
  organisesOrAdmin,
  occurrenceOrganiserId,
} from './rules.js';
export { seriesInsert, SeriesRepository, seriesStarts } from './series.js';
export { OccurrenceChanges } from './status.js';
export { toFillCondition } from './to-fill.js';
