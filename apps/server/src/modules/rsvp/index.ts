export { pairKey, RsvpTokens } from './tokens.js';
