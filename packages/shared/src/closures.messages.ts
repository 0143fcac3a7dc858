import { defineMessages } from './messages.js';

/** Texts of closures: days a whole office, a location or an organiser is closed (docs/domain.md#closures). */
export const closureMessages = defineMessages('closures', {
  titleRequired: 'A closure title is required',
  titleTooLong: 'The title is at most 500 characters',
  rangeInverted: 'The closure’s last day (to) must not be before its first (from)',
  rangeTooLong: 'A closure covers at most 366 days',
  scopeInvalid: 'scope must be {kind: "all"}, {kind: "location", id} or {kind: "organiser", id}',
  scopeIdRequired: 'A location or organiser scope needs the id of one',
  unknownLocation: 'The scope’s location does not exist',
  unknownOrganiser: 'The scope’s organiser does not exist',
  notFound: 'Closure not found',
});
