export { OccurrenceCovers, type CoverOccurrence } from './covers.js';
