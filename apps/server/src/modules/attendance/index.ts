export { AttendanceMarks } from './marks.js';
export { pricedPairs, type PricedPair } from './priced-pairs.js';
