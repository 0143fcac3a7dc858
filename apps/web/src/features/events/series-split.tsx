import { errorMessage } from '../../api/errors';
import type { Event, EventContinuation } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorText, FormSection, LoadingText, parseRouteId, StatusCard } from '../../components/entity-form';
import { RadioChoices } from '../../components/form-fields';
import { formatDateTime } from '../../lib/dates';
import { continuationQuery } from './api';
import { eventDefaults, REPEAT_FIELDS, type EventFormInput, type EventFormValues } from './event-values';

/** What Edit Event opened from an occurrence ('Edit series from here') applies a save to. */
export type ApplyTo = 'this' | 'following' | 'all';

/** The event as its later part starts out: the rule continued from the occurrence. */
function continuedEvent(event: Event, continuation: EventContinuation): Event {
  return {
    ...event,
    rrule: continuation.rrule,
    timezone: continuation.timezone,
    repeat: continuation.repeat,
    rruleByDayText: continuation.rruleByDayText,
    endDate: continuation.endDate,
    nextOccurrence: continuation.occurrenceDate,
  };
}

/** The fields a change of 'Apply to' sets again: when the event happens. */
const WHEN_FIELDS = [...REPEAT_FIELDS, 'endTime', 'keepRule'] as const;

/**
 * Edit Event at `/events/:eventId/edit?from=<occurrenceId>`: the save applies to this and the
 * following occurrences (a new event from that occurrence on, PATCH with fromOccurrenceId; the
 * form starts from the rule continued there) or to the whole series. Without `from`, inactive.
 */
export function useSeriesSplit() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const eventId = parseRouteId(useParams().eventId);
  const occurrenceId = parseRouteId(params.get('from') ?? undefined);
  const active = eventId !== null && occurrenceId !== null;
  const query = useQuery({ ...continuationQuery(eventId ?? 0, occurrenceId ?? 0), enabled: active });
  const [applyTo, setApplyTo] = useState<ApplyTo>('following');
  const continuation = active ? query.data : undefined;
  const following = continuation !== undefined && applyTo === 'following';

  /** The event the form shows and compares a save with: its later part when splitting. */
  const shown = (event: Event | undefined) => (event && following ? continuedEvent(event, continuation) : event);

  return {
    active,
    applyTo,
    continuation,
    shown,
    /** Until the continuation is in, a card in place of the form (loading, or why not). */
    pending:
      active && !query.data ? (
        <StatusCard backTo="/events">
          {query.isError ? (
            <ErrorText
              message={t('events.fetchFailed', { error: errorMessage(query.error) })}
              toastId={`continuation-${eventId}-${occurrenceId}`}
            />
          ) : (
            <LoadingText />
          )}
        </StatusCard>
      ) : null,
    /** The save's changes, with fromOccurrenceId when they apply from the occurrence on. */
    splitFrom: following ? continuation.fromOccurrenceId : undefined,
    /** The success toast of a split. */
    savedText: following
      ? t('events.splitSaved', { date: formatDateTime(continuation.occurrenceDate, continuation.timezone) })
      : undefined,
    /** A split lands on the new event. */
    savedPath: following ? (saved: unknown) => `/events/${(saved as Event).id}/edit` : undefined,
    setApplyTo,
  };
}

export type SeriesSplit = ReturnType<typeof useSeriesSplit>;

/**
 * 'Apply to': this occurrence (opens Edit Event Occurrence), this and following, or all series.
 * Changing it sets the When fields to that part's rule and keeps the rest of what was typed.
 */
export function ApplyToSection({
  split,
  event,
  form,
}: {
  split: SeriesSplit;
  event: Event;
  form: UseFormReturn<EventFormInput, unknown, EventFormValues>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const continuation = split.continuation;
  if (!continuation) return null;
  const date = formatDateTime(continuation.occurrenceDate, continuation.timezone);

  const choose = (applyTo: ApplyTo) => {
    if (applyTo === 'this') {
      void navigate(`/event-occurrences/${continuation.fromOccurrenceId}/edit`);
      return;
    }
    split.setApplyTo(applyTo);
    const start = eventDefaults(applyTo === 'following' ? continuedEvent(event, continuation) : event);
    const when = Object.fromEntries(WHEN_FIELDS.map((field) => [field, start[field as keyof EventFormInput]]));
    form.reset({ ...form.getValues(), ...when }, { keepDefaultValues: true });
  };

  return (
    <FormSection title={t('common.editSeriesFromHere')}>
      <RadioChoices<ApplyTo>
        label={t('events.applyTo')}
        value={split.applyTo}
        onChange={choose}
        options={[
          { value: 'this', label: t('events.applyThis'), description: t('events.applyThisHint', { date }) },
          {
            value: 'following',
            label: t('events.applyFollowing'),
            description: continuation.wholeSeries
              ? t('events.applyFollowingFirst', { date })
              : t('events.applyFollowingHint', { date }),
          },
          { value: 'all', label: t('events.applyAll'), description: t('events.applyAllHint') },
        ]}
      />
      {split.applyTo === 'following' && continuation.blockedBy && (
        <p role="alert" className="text-sm text-red-700">
          {t('events.splitBlocked', {
            date: formatDateTime(continuation.blockedBy.occurrenceDate, continuation.timezone),
          })}
        </p>
      )}
    </FormSection>
  );
}
