export { OccurrenceCovers, type CoverSession } from './covers.js';
