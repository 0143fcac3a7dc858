import {
  CURRENCIES,
  DEFAULT_END_DAYS_AHEAD,
  MAX_MONEY_AMOUNT,
  DEFAULT_OCCURRENCE_COUNT,
  defineMessages,
  eventMessages,
  MAX_OCCURRENCE_COUNT,
  REPEAT_FREQUENCIES,
  WEEKDAY_CODES,
  type CreateEvent,
  type Event,
  type RepeatOptions,
} from '@ritim/shared';
import { DateTime } from 'luxon';
import { z } from 'zod';

/**
 * The event form's values and their client-side checks (docs/product.md §5): every refusal the server would
 * give for them is shown on the field before anything is sent. Messages are the shared texts (or
 * message keys of events.ts, translated by the field components).
 */

/** The form's own texts (the server's are in eventMessages). */
export const formMessages = defineMessages('eventForm', {
  locationRequired: 'Location is required',
  organiserRequired: 'Organiser is required',
  startRequired: 'Start date is required',
  endTimeRequired: 'To is required',
  endDateRequired: 'End date is required',
  intervalInvalid: 'Repeat every must be a whole number of at least 1',
  countInvalid: 'Occurrences must be a whole number of at least 1',
  priceInvalid: 'Write the price as a number with at most two decimals, like 750 or 12.50',
  priceTooLarge: 'The price is at most 1,000,000.00',
});

/** A price as typed: digits with at most two decimals after a point or a comma ('12.50', '12,5'). */
const PRICE = /^\d{1,9}(?:[.,]\d{1,2})?$/;

/**
 * The minor units (pence, kuruş, cents) of a price as typed, counted in integers so no float
 * rounding creeps in; undefined for an empty box, NaN when it is not a price.
 */
export function minorUnits(typed: string): number | undefined {
  const value = typed.trim();
  if (value === '') return undefined;
  if (!PRICE.test(value)) return Number.NaN;
  const [whole = '', fraction = ''] = value.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Minor units as the box shows them: '750', '12.50'. */
export const typedPrice = (amount: number) =>
  amount % 100 === 0 ? String(amount / 100) : `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const requiredId = (message: string) =>
  z.union([z.number(), z.null()]).refine((value): value is number => typeof value === 'number' && value > 0, message);

/** A number field: undefined when empty, NaN when not a number (NumberInput). */
const wholeNumber = (message: string) =>
  z.number({ error: message }).refine((value) => Number.isInteger(value) && value >= 1, message);

export const eventFormSchema = z
  .object({
    title: z.string().trim().min(1, eventMessages.titleRequired).max(200, 'Event title must be at most 200 characters'),
    description: z.string().max(5000, 'Description must be at most 5000 characters'),
    conferenceLink: z
      .string()
      .trim()
      .max(2000, 'Conference link must be at most 2000 characters')
      .refine(
        (value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value),
        eventMessages.conferenceLinkInvalid,
      ),
    locationId: requiredId(formMessages.locationRequired),
    organiserId: requiredId(formMessages.organiserRequired),
    guestIds: z.array(z.number()),
    start: z.string().regex(WALL_CLOCK, formMessages.startRequired),
    endTime: z.string().regex(TIME, formMessages.endTimeRequired),
    doesNotRepeat: z.boolean(),
    interval: z.unknown(),
    frequency: z.enum(REPEAT_FREQUENCIES),
    weekdays: z.array(z.enum(WEEKDAY_CODES)),
    endType: z.enum(['never', 'on', 'after']),
    endOn: z.string(),
    endCount: z.unknown(),
    /** Editing a rule the form cannot show: true until a repeat field changes, and the rule is kept. */
    keepRule: z.boolean(),
    /** Per guest per session, as typed (empty: not billed), and its currency. */
    priceAmount: z.string(),
    priceCurrency: z.enum(CURRENCIES),
  })
  .superRefine((values, ctx) => {
    const price = minorUnits(values.priceAmount);
    if (price !== undefined && Number.isNaN(price)) {
      ctx.addIssue({ code: 'custom', path: ['priceAmount'], message: formMessages.priceInvalid });
    } else if (price !== undefined && price > MAX_MONEY_AMOUNT) {
      ctx.addIssue({ code: 'custom', path: ['priceAmount'], message: formMessages.priceTooLarge });
    }
    if (WALL_CLOCK.test(values.start) && TIME.test(values.endTime) && values.start.slice(11) > values.endTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: eventMessages.startAfterEnd });
    }
    if (values.doesNotRepeat || values.keepRule) return;
    const interval = wholeNumber(formMessages.intervalInvalid).max(1000).safeParse(values.interval);
    if (!interval.success) ctx.addIssue({ code: 'custom', path: ['interval'], message: formMessages.intervalInvalid });
    if (values.endType === 'after') {
      const count = wholeNumber(formMessages.countInvalid).safeParse(values.endCount);
      if (!count.success) ctx.addIssue({ code: 'custom', path: ['endCount'], message: formMessages.countInvalid });
      else if (count.data > MAX_OCCURRENCE_COUNT) {
        ctx.addIssue({ code: 'custom', path: ['endCount'], message: eventMessages.maxCount });
      }
    }
    if (values.endType === 'on') {
      if (!DAY.test(values.endOn)) {
        ctx.addIssue({ code: 'custom', path: ['endOn'], message: formMessages.endDateRequired });
      } else if (values.endOn > lastAllowedEndDay()) {
        ctx.addIssue({ code: 'custom', path: ['endOn'], message: eventMessages.untilTooFar });
      } else if (WALL_CLOCK.test(values.start) && values.endOn < values.start.slice(0, 10)) {
        ctx.addIssue({ code: 'custom', path: ['endOn'], message: eventMessages.startAfterEnd });
      }
    }
  });

export type EventFormInput = z.input<typeof eventFormSchema>;
export type EventFormValues = z.output<typeof eventFormSchema>;

/** The repeat fields: changing any of them replaces a rule the form could not show. */
export const REPEAT_FIELDS = [
  'start',
  'doesNotRepeat',
  'interval',
  'frequency',
  'weekdays',
  'endType',
  'endOn',
  'endCount',
];

const today = () => DateTime.local().startOf('day');
/** The 'On' date's bounds: today .. one year ahead (docs/product.md §5, §9). */
export const firstAllowedEndDay = () => today().toISODate() ?? '';
export const lastAllowedEndDay = () => today().plus({ years: 1 }).toISODate() ?? '';

/** The wall-clock start `yyyy-MM-ddTHH:mm` of the next full hour in `zone` (else the browser's). */
export function nextFullHour(zone?: string, now: DateTime = DateTime.now()): { start: string; endTime: string } {
  const here = zone ? now.setZone(zone) : now;
  const start = (here.isValid ? here : now).startOf('hour').plus({ hours: 1 });
  const end = start.plus({ hours: 1 });
  // An event from 23:00 ends at midnight: keep it within the day (23:59) so start is not after end.
  const endTime = end.hasSame(start, 'day') ? end.toFormat('HH:mm') : '23:59';
  return { start: start.toFormat("yyyy-MM-dd'T'HH:mm"), endTime };
}

/** The event's first start and end time of day as wall clock in its zone. */
function wallClockOf(event: Event): { start: string; endTime: string } {
  const start =
    event.repeat?.start.slice(0, 16) ??
    DateTime.fromISO(event.nextOccurrence ?? event.endDate, { zone: event.timezone }).toFormat("yyyy-MM-dd'T'HH:mm");
  const end = DateTime.fromISO(event.endDate, { zone: event.timezone });
  return { start, endTime: end.isValid ? end.toFormat('HH:mm') : start.slice(11) };
}

/** The form's starting values: the event's, else the defaults of docs/product.md §2. */
export function eventDefaults(event: Event | undefined, now: DateTime = DateTime.now()): EventFormInput {
  const { start, endTime } = event ? wallClockOf(event) : nextFullHour(undefined, now);
  const repeat = event?.repeat;
  const rule = repeat && !repeat.doesNotRepeat ? repeat : undefined;
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    conferenceLink: event?.conferenceLink ?? '',
    locationId: event?.location.id ?? null,
    organiserId: event?.organiser.id ?? null,
    guestIds: [...(event?.guestIds ?? [])],
    start,
    endTime,
    doesNotRepeat: event ? (repeat ? repeat.doesNotRepeat : event.doesNotRepeat) : true,
    interval: rule?.interval ?? 1,
    frequency: rule?.frequency ?? 'week',
    weekdays: [...(rule?.weekdays ?? [])],
    endType: rule?.end.type ?? 'after',
    endOn:
      rule?.end.type === 'on'
        ? rule.end.date
        : (now.startOf('day').plus({ days: DEFAULT_END_DAYS_AHEAD }).toISODate() ?? ''),
    endCount: rule?.end.type === 'after' ? rule.end.count : DEFAULT_OCCURRENCE_COUNT,
    keepRule: event !== undefined && repeat === null,
    priceAmount: event?.price ? typedPrice(event.price.amount) : '',
    priceCurrency: event?.price?.currency ?? 'TRY',
  };
}

/** The repeat choices the server takes (docs/product.md §4), from checked values. */
export function repeatOf(
  values: Pick<
    EventFormValues,
    'start' | 'doesNotRepeat' | 'interval' | 'frequency' | 'weekdays' | 'endType' | 'endOn' | 'endCount'
  >,
): RepeatOptions {
  if (values.doesNotRepeat) return { doesNotRepeat: true, start: values.start };
  const end: Extract<RepeatOptions, { doesNotRepeat: false }>['end'] =
    values.endType === 'never'
      ? { type: 'never' }
      : values.endType === 'on'
        ? { type: 'on', date: values.endOn }
        : { type: 'after', count: Number(values.endCount) };
  return {
    doesNotRepeat: false,
    start: values.start,
    frequency: values.frequency,
    interval: Number(values.interval),
    weekdays: values.frequency === 'week' ? values.weekdays : [],
    end,
  };
}

/** The price the server takes: minor units and the currency, or null (not billed) for an empty box. */
export function priceOf(values: Pick<EventFormValues, 'priceAmount' | 'priceCurrency'>): CreateEvent['price'] {
  const amount = minorUnits(values.priceAmount);
  return amount === undefined || Number.isNaN(amount) ? null : { amount, currency: values.priceCurrency };
}

/**
 * What POST/PATCH /api/events gets. The rule is left out when a rule the form cannot show is
 * kept, and on edit the rule and the end time are sent only when they changed (`initial`: the
 * form's starting values), so a change of title does not regenerate the occurrences.
 */
export function eventPayload(values: EventFormValues, initial?: EventFormInput): CreateEvent {
  const repeat = repeatOf(values);
  const sameRule =
    initial !== undefined && !initial.keepRule && JSON.stringify(repeat) === JSON.stringify(repeatOf(initial));
  return {
    title: values.title,
    description: values.description.trim() || null,
    conferenceLink: values.conferenceLink || null,
    locationId: values.locationId,
    organiserId: values.organiserId,
    guestIds: values.guestIds,
    price: priceOf(values),
    ...(initial !== undefined && initial.endTime === values.endTime && (values.keepRule || sameRule)
      ? {}
      : { endTime: values.endTime }),
    ...(values.keepRule || sameRule ? {} : { repeat }),
  };
}
