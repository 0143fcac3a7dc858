import { errorMessage } from '../../api/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_TIMEZONE, type EventOccurrence } from '@ritim/shared';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  FormCard,
  FormFrame,
  FormSection,
  RouteItem,
  StatusCard,
  useSubmitWithFeedback,
} from '../../components/entity-form';
import { DateTimeInput } from '../../components/form-fields';
import { GuestsField } from '../../components/guests-field';
import { Widget } from '../../lib/widgets';
import { formatDateTime } from '../../lib/dates';
import { occurrenceQuery, useUpdateOccurrence } from '../../api/occurrences';
import { useOccurrenceConflicts } from '../../api/conflicts';
import { ConflictWarnings } from '../../entities/occurrence/conflict-warnings';
import { useSession } from '../../auth/session-store';
import {
  fullName,
  occurrenceDefaults,
  occurrenceFormSchema,
  occurrencePayload,
  organiserZone,
  type OccurrenceFormInput,
  type OccurrenceFormValues,
} from './occurrence-values';

/** Back and a successful save both lead here (docs/product.md §2). */
const LIST_PATH = '/upcoming-events';

/** What the screen shows of the occurrence without changing it: pairs of term and value. */
function Details({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="font-medium text-slate-500">{term}</dt>
          <dd className="mt-1 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const choiceTexts = { loading: 'common.loading', failed: 'occurrences.choicesFailed' } as const;

/**
 * The double bookings the new time and guests would make (POST …/preview with PATCH's body), as
 * they are typed, in the viewer's zone; saving still works.
 */
function ConflictCheck({
  occurrence,
  control,
}: {
  occurrence: EventOccurrence;
  control: Control<OccurrenceFormInput, unknown, OccurrenceFormValues>;
}) {
  const zone = useSession().user?.timezone ?? DEFAULT_TIMEZONE;
  const values = useWatch({ control });
  const parsed = occurrenceFormSchema.safeParse(values);
  const changes = parsed.success ? occurrencePayload(parsed.data, occurrence) : null;
  const { query, settled } = useOccurrenceConflicts(occurrence.id, changes);
  if (!changes) return null;
  return (
    <div className="sm:col-span-2" data-testid="occurrence-conflicts">
      <ConflictWarnings
        list={query.data}
        zone={zone}
        pending={!settled && !query.isError}
        error={query.isError ? errorMessage(query.error) : undefined}
        showNone
      />
    </div>
  );
}

function OccurrenceForm({ occurrence }: { occurrence: EventOccurrence }) {
  const { t } = useTranslation();
  const updateOccurrence = useUpdateOccurrence();
  const submitWithFeedback = useSubmitWithFeedback();
  const form = useForm<OccurrenceFormInput, unknown, OccurrenceFormValues>({
    resolver: zodResolver(occurrenceFormSchema),
    defaultValues: occurrenceDefaults(occurrence),
  });
  return (
    <FormCard
      form={form}
      testId="occurrence-form"
      header={
        // The event's title and organiser belong to the event: shown here, changed in Events.
        <div className="border-b border-slate-200 px-6 py-5" data-testid="occurrence-event">
          <Details
            items={[
              [t('common.title'), occurrence.event.title],
              [t('common.organiser'), fullName(occurrence.event.organiser)],
            ]}
          />
        </div>
      }
      submitLabel={t('occurrences.submitUpdate')}
      backTo={LIST_PATH}
      onSubmit={(values) =>
        submitWithFeedback(
          () => updateOccurrence.mutateAsync({ id: occurrence.id, changes: occurrencePayload(values, occurrence) }),
          { success: t('occurrences.updated'), failure: t('common.updateFailed'), then: LIST_PATH },
        )
      }
    >
      <FormSection>
        <GuestsField guests={occurrence.guests} texts={choiceTexts} wide />
        <DateTimeInput
          name="occurrenceDate"
          label={t('common.startDate')}
          required
          hint={t('occurrences.startHint', { zone: organiserZone(occurrence) })}
          className="sm:col-span-1"
        />
        <ConflictCheck occurrence={occurrence} control={form.control} />
      </FormSection>
    </FormCard>
  );
}

/** A completed occurrence (its report went out): what it was, and that it stays so. */
function CompletedOccurrence({ occurrence }: { occurrence: EventOccurrence }) {
  const { t } = useTranslation();
  const zone = organiserZone(occurrence);
  return (
    <StatusCard backTo={LIST_PATH}>
      <p role="status" className="text-sm font-medium text-slate-900" data-testid="occurrence-completed">
        {t('occurrences.completedNote')}
      </p>
      <div className="mx-auto mt-6 max-w-xl text-left">
        <Details
          items={[
            [t('common.title'), occurrence.event.title],
            [t('common.organiser'), fullName(occurrence.event.organiser)],
            [t('common.guests'), occurrence.guests.map(fullName).join(', ')],
            [t('common.startDate'), `${formatDateTime(occurrence.occurrenceDate, zone)} (${zone})`],
          ]}
        />
      </div>
    </StatusCard>
  );
}

/**
 * Edit Event Occurrence (docs/product.md §2, §5, admin): this occurrence's own guest list and its start, in
 * the organiser's zone. A completed one is shown read-only.
 */
export function EditOccurrenceScreen() {
  const { t } = useTranslation();
  return (
    <FormFrame title={t('occurrences.editTitle')} description={t('occurrences.editDescription')} wide>
      <RouteItem
        param={useParams().occurrenceId}
        query={occurrenceQuery}
        fetchFailed={(error) => t('common.occurrenceFetchFailed', { error })}
        backTo={LIST_PATH}
      >
        {(occurrence) => (
          <>
            {occurrence.status === 'completed' ? (
              <CompletedOccurrence occurrence={occurrence} />
            ) : (
              <OccurrenceForm key={occurrence.id} occurrence={occurrence} />
            )}
            <Widget name="HistoryPanel" entityType="event-occurrences" entityId={occurrence.id} />
          </>
        )}
      </RouteItem>
    </FormFrame>
  );
}
