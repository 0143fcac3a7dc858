/**
 * A recurrence rule the engine refuses. The message is meant for the client: the events API answers
 * 400 with it. rrule.js's own parse messages ('unsupported RRULE parm: ...', 'Invalid empty string', ...)
 * keep their wording.
 */
export class RecurrenceError extends Error {
  readonly #cap: RecurrenceCap | undefined;

  constructor(message: string, cap?: RecurrenceCap) {
    super(message);
    this.#cap = cap;
    this.name = 'RecurrenceError';
  }

  /** Which business limit the rule exceeds, when that is the refusal (the API words those in the user's language). */
  get cap(): RecurrenceCap | undefined {
    return this.#cap;
  }
}

/** The business limits of docs/product.md §5 and §9. */
export const MAX_COUNT = 180;
export const recurrenceMessages = {
  maxCount: `Maximum number of occurrences is ${MAX_COUNT}`,
  untilTooFar: 'End date cannot be more than 1 year from now',
} as const;
export type RecurrenceCap = keyof typeof recurrenceMessages;
