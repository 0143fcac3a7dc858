import { errorMessage } from '../../api/errors';
import {
  repeatOptionsSchema,
  REPEAT_FREQUENCIES,
  WEEKDAY_CODES,
  MAX_OCCURRENCE_COUNT,
  DEFAULT_TIMEZONE,
  CURRENCIES,
  type Event,
} from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityForm, FormFrame, FormSection } from '../../components/entity-form';
import { GuestsField } from '../../components/guests-field';
import { WithChoices } from '../../components/with-choices';
import {
  CheckboxInput,
  CheckboxListInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  RadioGroupInput,
  SelectInput,
  TextAreaInput,
  TextInput,
  TimeInput,
  type Choice,
} from '../../components/form-fields';
import { Spinner } from '../../components/spinner';
import { translateMessage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import {
  eventQuery,
  locationChoicesQuery,
  previewQuery,
  useCreateEvent,
  useSplitEvent,
  useUpdateEvent,
  type PreviewRequest,
} from './api';
import { ruleDaysText } from './rule-days';
import { ApplyToSection, useSeriesSplit } from './series-split';
import { peopleQuery, type PersonChoice } from '../../api/people';
import {
  eventDefaults,
  eventFormSchema,
  eventPayload,
  firstAllowedEndDay,
  lastAllowedEndDay,
  REPEAT_FIELDS,
  repeatOf,
  type EventFormInput,
} from './event-values';
import { fullName } from '../../lib/names';
import { useDebounced } from '../../lib/use-debounced';
import { ConflictWarnings } from '../../entities/occurrence/conflict-warnings';
import { useSession } from '../../auth/session-store';

/** The repeat frequencies' names: the calendar's words for a day, week and month. */
const FREQUENCY_LABELS = {
  day: 'common.day',
  week: 'common.week',
  month: 'common.month',
  year: 'events.year',
} as const satisfies Record<(typeof REPEAT_FREQUENCIES)[number], string>;

/** How many dates the preview shows. */
const PREVIEW_SIZE = 5;
const PREVIEW_DELAY_MS = 400;

/** 'name surname (first group name)' (docs/product.md §2). */
export const organiserLabel = (person: PersonChoice) => {
  const group = person.groups?.[0]?.name;
  return group ? `${fullName(person)} (${group})` : fullName(person);
};

function LocationField({ event }: { event: Event | undefined }) {
  const { t } = useTranslation();
  const locations = useQuery(locationChoicesQuery());
  return (
    <WithChoices label={t('items.Location')} query={locations}>
      {(data) => {
        const options: Choice[] = data.items
          .filter((location) => location.status === undefined || location.status === 'active')
          .map((location) => ({ value: location.id, label: location.name }));
        if (event && !options.some((option) => option.value === event.location.id)) {
          options.push({ value: event.location.id, label: event.location.name });
        }
        return (
          <SelectInput
            name="locationId"
            label={t('items.Location')}
            numeric
            required
            emptyLabel={t('events.chooseLocation')}
            options={options}
            className="sm:col-span-1"
          />
        );
      }}
    </WithChoices>
  );
}

function OrganiserField({ event }: { event: Event | undefined }) {
  const { t } = useTranslation();
  const editors = useQuery(peopleQuery('editor'));
  return (
    <WithChoices label={t('common.organiser')} query={editors}>
      {(data) => {
        const options: Choice[] = data.items.map((person) => ({ value: person.id, label: organiserLabel(person) }));
        if (event && !options.some((option) => option.value === event.organiser.id)) {
          options.push({ value: event.organiser.id, label: fullName(event.organiser) });
        }
        return (
          <SelectInput
            name="organiserId"
            label={t('common.organiser')}
            numeric
            required
            emptyLabel={t('events.chooseOrganiser')}
            options={options}
            className="sm:col-span-1"
          />
        );
      }}
    </WithChoices>
  );
}

/** The organiser's zone: the chosen editor's, else the event's, else none (the browser's). */
function useOrganiserZone(event: Event | undefined): string | undefined {
  const organiserId = useWatch<EventFormInput, 'organiserId'>({ name: 'organiserId' });
  const editors = useQuery(peopleQuery('editor'));
  const chosen = editors.data?.items.find((person) => person.id === organiserId);
  if (chosen) return chosen.timezone;
  if (event && event.organiser.id === organiserId) return event.organiser.timezone;
  return undefined;
}

/**
 * The next few dates of the rule as it stands (POST /api/events/preview), in the organiser's
 * zone, with the Days text and how many there are in all; the refusal's reason when the rule
 * cannot be saved.
 */
function Preview({ event, zone }: { event: Event | undefined; zone: string | undefined }) {
  const { t } = useTranslation();
  const values = useWatch<EventFormInput>() as EventFormInput;
  const viewerZone = useSession().user?.timezone ?? DEFAULT_TIMEZONE;
  const organiserId = typeof values.organiserId === 'number' ? values.organiserId : undefined;

  let request: PreviewRequest | null = null;
  let problem: string | undefined;
  // Who, where and how long, for the double-booking check (a 'To' before the start is the
  // form's own error: the check then uses the default length).
  const endTime =
    /^\d{2}:\d{2}$/.test(values.endTime ?? '') && values.endTime >= (values.start ?? '').slice(11)
      ? values.endTime
      : undefined;
  const clashes = {
    ...(typeof values.locationId === 'number' ? { locationId: values.locationId } : {}),
    guestIds: values.guestIds ?? [],
    ...(endTime ? { endTime } : {}),
    ...(event ? { eventId: event.id } : {}),
  };
  if (values.keepRule && event) {
    request = { organiserId, rrule: event.rrule, limit: PREVIEW_SIZE, ...clashes };
  } else {
    const parsed = repeatOptionsSchema.safeParse(repeatOf(values));
    if (parsed.success) request = { organiserId, repeat: parsed.data, limit: PREVIEW_SIZE, ...clashes };
    else problem = parsed.error.issues[0]?.message;
  }
  const settled = useDebounced(request, PREVIEW_DELAY_MS);
  const preview = useQuery(previewQuery(settled));

  let body: ReactNode;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(values.start ?? '')) {
    body = <p className="text-sm text-slate-500">{t('events.previewNeedsStart')}</p>;
  } else if (problem) {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {translateMessage(problem)}
      </p>
    );
  } else if (preview.isError) {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(preview.error)}
      </p>
    );
  } else if (!preview.data || JSON.stringify(settled) !== JSON.stringify(request)) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner />
        {t('events.previewLoading')}
      </p>
    );
  } else {
    const data = preview.data;
    const shownZone = zone ?? data.timezone;
    const days = ruleDaysText(data.rrule, t) ?? data.rruleByDayText;
    body = (
      <>
        {days && <p className="text-sm font-medium text-slate-900">{days}</p>}
        {data.occurrenceStates.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">{t('events.previewEmpty')}</p>
        ) : (
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700 tabular-nums" data-testid="event-preview-dates">
            {data.occurrenceStates.map(({ start, past, cancelled }) => (
              <li key={start} className={past || cancelled ? 'text-slate-500' : undefined}>
                {cancelled ? <s>{formatDateTime(start, shownZone)}</s> : formatDateTime(start, shownZone)}
                {past && ` (${t('events.previewPast')})`}
                {cancelled && <span className="text-red-700"> ({t('events.previewCancelled')})</span>}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-1 text-sm text-slate-500">{t('events.previewTotal', { count: data.totalCount })}</p>
        <ConflictWarnings list={data} zone={viewerZone} />
      </>
    );
  }
  return (
    <section
      aria-label={t('events.previewTitle')}
      className="rounded-md bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset"
      data-testid="event-preview"
    >
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('events.previewTitle')}</h3>
      <div aria-live="polite">{body}</div>
    </section>
  );
}

/** Start, To, 'Does not repeat' and, when the event repeats, the rule's fields (docs/product.md §2, §4). */
function WhenFields({ event }: { event: Event | undefined }) {
  const { t } = useTranslation();
  const { setValue, watch } = useFormContext<EventFormInput>();
  const zone = useOrganiserZone(event);
  const doesNotRepeat = useWatch<EventFormInput, 'doesNotRepeat'>({ name: 'doesNotRepeat' });
  const frequency = useWatch<EventFormInput, 'frequency'>({ name: 'frequency' });
  const endType = useWatch<EventFormInput, 'endType'>({ name: 'endType' });
  const keepRule = useWatch<EventFormInput, 'keepRule'>({ name: 'keepRule' });

  // A rule the form cannot show is kept until one of the repeat fields changes.
  useEffect(() => {
    if (!keepRule) return;
    const subscription = watch((_, { name }) => {
      if (name && REPEAT_FIELDS.some((field) => name === field || name.startsWith(`${field}.`))) {
        setValue('keepRule', false);
      }
    });
    return () => subscription.unsubscribe();
  }, [keepRule, watch, setValue]);

  const frequencyOptions = REPEAT_FREQUENCIES.map((value) => ({ value, label: t(FREQUENCY_LABELS[value]) }));
  const weekdayOptions = WEEKDAY_CODES.map((value) => ({ value, label: t(`events.weekdayNames.${value}`) }));
  const endOptions: Choice[] = [
    { value: 'never', label: t('events.endsNever'), description: t('events.endsNeverHint') },
    { value: 'on', label: t('events.endsOn') },
    { value: 'after', label: t('events.endsAfter') },
  ];

  return (
    <>
      <DateTimeInput
        name="start"
        label={t('common.startDate')}
        required
        hint={zone ? t('common.timesIn', { zone }) : t('events.timesInLocal')}
        className="sm:col-span-1"
      />
      <TimeInput name="endTime" label={t('events.to')} required className="sm:col-span-1" />
      {keepRule && event && (
        <p className="text-sm text-slate-700" data-testid="kept-rule">
          {t('events.keptRule', { days: ruleDaysText(event.rrule, t) ?? event.rruleByDayText })}
        </p>
      )}
      <CheckboxInput name="doesNotRepeat" label={t('events.doesNotRepeat')} />
      {!doesNotRepeat && (
        <>
          <NumberInput
            name="interval"
            label={t('events.repeatEvery')}
            min={1}
            max={1000}
            step={1}
            required
            className="sm:col-span-1"
          />
          <SelectInput
            name="frequency"
            label={t('events.frequency')}
            options={frequencyOptions}
            required
            className="sm:col-span-1"
          />
          {frequency === 'week' && (
            <CheckboxListInput name="weekdays" label={t('events.weekdays')} options={weekdayOptions} />
          )}
          <RadioGroupInput name="endType" label={t('events.ends')} options={endOptions} className="sm:col-span-1" />
          <div className="sm:col-span-1">
            {endType === 'on' && (
              <DateInput
                name="endOn"
                label={t('events.endDate')}
                min={firstAllowedEndDay()}
                max={lastAllowedEndDay()}
                required
              />
            )}
            {endType === 'after' && (
              <NumberInput
                name="endCount"
                label={t('events.occurrenceCount')}
                min={1}
                max={MAX_OCCURRENCE_COUNT}
                step={1}
                required
              />
            )}
          </div>
        </>
      )}
      <Preview event={event} zone={zone} />
    </>
  );
}

/**
 * /events/create and /events/:eventId/edit (docs/product.md §2, §4, §5, §9): the event, its place and
 * people, and when it happens, entered in the organiser's zone, with a preview of the dates.
 */
export function EventFormScreen() {
  const { t } = useTranslation();
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const splitEvent = useSplitEvent();
  // Opened from an occurrence ('Edit series from here'): this and following, or all.
  const split = useSeriesSplit();
  if (split.pending) {
    return (
      <FormFrame title={t('events.editTitle')} description={t('events.formDescription')} wide>
        {split.pending}
      </FormFrame>
    );
  }
  return (
    <EntityForm
      idParam="eventId"
      listPath="/events"
      history="events"
      wide
      texts={{
        createTitle: t('events.createTitle'),
        editTitle: t('events.editTitle'),
        description: t('events.formDescription'),
        submitCreate: t('events.createTitle'),
        submitUpdate: t('events.submitUpdate'),
        created: t('events.created'),
        updated: split.savedText ?? t('events.updated'),
        saveFailed: t('common.saveFailed'),
        fetchFailed: (error) => t('events.fetchFailed', { error }),
      }}
      itemQuery={eventQuery}
      schema={eventFormSchema}
      defaults={(event?: Event) => eventDefaults(split.shown(event))}
      save={(values, event) => {
        const shown = split.shown(event);
        const payload = eventPayload(values, shown ? eventDefaults(shown) : undefined);
        if (event && split.splitFrom !== undefined) {
          return splitEvent.mutateAsync({ id: event.id, fromOccurrenceId: split.splitFrom, changes: payload });
        }
        return event ? updateEvent.mutateAsync({ id: event.id, changes: payload }) : createEvent.mutateAsync(payload);
      }}
      {...(split.savedPath ? { savedPath: split.savedPath } : {})}
    >
      {({ item: event, form }) => (
        <>
          {event && split.active && <ApplyToSection split={split} event={event} form={form} />}
          <FormSection title={t('items.Event')}>
            <TextInput name="title" label={t('common.title')} required autoFocus={!event} maxLength={200} />
            <TextAreaInput name="description" label={t('common.description')} maxLength={5000} />
            <TextInput
              name="conferenceLink"
              label={t('events.conferenceLink')}
              type="url"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={2000}
            />
            <PriceFields />
          </FormSection>
          <FormSection title={t('events.peopleSection')}>
            <LocationField event={event} />
            <OrganiserField event={event} />
            <GuestsField guests={event?.guests ?? []} />
          </FormSection>
          <FormSection title={t('common.when')}>
            <WhenFields event={split.shown(event)} />
          </FormSection>
        </>
      )}
    </EntityForm>
  );
}

/**
 * The price per guest per session (docs/domain.md#billing): a decimal as people write it (750,
 * 12.50 or 12,50) and its currency; an empty box is not billed. The form sends minor units.
 */
function PriceFields() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextInput
        name="priceAmount"
        label={t('events.price')}
        hint={t('events.priceHint')}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        className="sm:col-span-2"
      />
      <SelectInput
        name="priceCurrency"
        label={t('events.currency')}
        options={CURRENCIES.map((value) => ({ value, label: value }))}
        required
      />
    </div>
  );
}
