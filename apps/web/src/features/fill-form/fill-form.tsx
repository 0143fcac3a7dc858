import { errorMessage } from '../../api/errors';
import {
  DEFAULT_TIMEZONE,
  SUBMISSION_TEXT_MAX,
  type EventOccurrence,
  type Form,
  type FormField,
  type ListboxField as ListboxFieldSchema,
  type Lookup,
} from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useSession } from '../../auth/session-store';
import {
  ErrorText,
  FormCard,
  FormFrame,
  FormSection,
  LoadingText,
  parseRouteId,
  StatusCard,
  useSubmitWithFeedback,
} from '../../components/entity-form';
import {
  CheckboxInput,
  CheckboxListInput,
  DateInput,
  NumberInput,
  RadioGroupInput,
  SelectInput,
  TextAreaInput,
  TextInput,
  TimeInput,
} from '../../components/form-fields';
import { Widget } from '../../lib/widgets';
import { cardClass } from '../../components/ui';
import { shownFormTitle } from '../../lib/form-title';
import { canTakeAttendance } from '../../entities/occurrence/attendance';
import { formatDateTime } from '../../lib/dates';
import { formQuery } from '../../api/forms';
import { occurrenceQuery } from '../../api/occurrences';
import { listboxLookupsQuery, useSubmitForm } from './api';
import {
  dependentListboxes,
  fieldKey,
  findSubmission,
  initialValues,
  listboxChoices,
  lookupKeysOf,
  missingRequired,
  occurrenceDay,
  submissionData,
  type FillValues,
} from './fill-values';
import { fullName } from '../../lib/names';
import { organiserZone } from '../../entities/occurrence/rows';

/** Where Back goes before the occurrence is known. */
const UPCOMING = '/upcoming-events';

/** One field of the schema as its control (docs/form-schema.md): the five kinds, inputs by subtype. */
function SchemaField({
  field,
  index,
  fields,
  lookups,
}: {
  field: FormField;
  index: number;
  fields: readonly FormField[];
  lookups: readonly Lookup[];
}) {
  const { t } = useTranslation();
  const name = fieldKey(index);
  const label = field.required ? t('fillForm.requiredLabel', { label: field.label }) : field.label;
  const common = { name, label, disabled: field.disabled };
  switch (field.type) {
    case 'input': {
      const props = { ...common, required: field.required, placeholder: field.placeholder };
      switch (field.subtype ?? 'text') {
        case 'number':
          return <NumberInput {...props} step="any" className="sm:col-span-1" />;
        case 'date':
          return <DateInput {...props} className="sm:col-span-1" />;
        case 'time':
          return <TimeInput {...props} className="sm:col-span-1" />;
        default:
          return (
            <TextInput
              {...props}
              type={field.subtype ?? 'text'}
              maxLength={SUBMISSION_TEXT_MAX}
              className="sm:col-span-1"
              // Addresses are typed as they are, not as words.
              autoCapitalize={field.subtype === 'email' || field.subtype === 'url' ? 'none' : undefined}
              spellCheck={field.subtype === 'email' || field.subtype === 'url' ? false : undefined}
            />
          );
      }
    }
    case 'textarea':
      return (
        <TextAreaInput
          {...common}
          required={field.required}
          placeholder={field.placeholder}
          rows={4}
          maxLength={SUBMISSION_TEXT_MAX}
        />
      );
    case 'radiogroup':
      return <RadioGroupInput {...common} options={field.options} />;
    case 'checkbox':
      return field.multiple ? (
        <CheckboxListInput {...common} options={field.options ?? []} />
      ) : (
        <CheckboxInput {...common} />
      );
    case 'listbox': {
      const parentIndex = field.parent === undefined ? -1 : fields.findIndex((other) => other.name === field.parent);
      const parent = fields[parentIndex];
      return (
        <ListboxField
          name={name}
          label={label}
          field={field}
          lookups={lookups}
          parent={parent?.type === 'listbox' ? { key: fieldKey(parentIndex), field: parent } : undefined}
        />
      );
    }
  }
}

/** A listbox: a select of its lookups, for a dependent one only those under the parent's choice. */
function ListboxField({
  name,
  label,
  field,
  lookups,
  parent,
}: {
  name: string;
  label: string;
  field: ListboxFieldSchema;
  lookups: readonly Lookup[];
  parent?: { key: string; field: ListboxFieldSchema };
}) {
  const { t } = useTranslation();
  // Without a parent this watches the listbox itself, and the value is not used.
  const watched = useWatch<FillValues>({ name: parent?.key ?? name });
  const choices = listboxChoices(field, lookups, parent && { lookupKey: parent.field.lookupKey, value: watched });
  const hint =
    choices === null
      ? t('fillForm.chooseParentFirst', { parent: parent?.field.label ?? '' })
      : choices.length === 0
        ? t('fillForm.noChoices')
        : undefined;
  return (
    <SelectInput
      name={name}
      label={label}
      options={choices ?? []}
      emptyLabel={t('fillForm.choose')}
      required={field.required}
      disabled={field.disabled || !choices?.length}
      hint={hint}
      className="sm:col-span-1"
    />
  );
}

/** The occurrence and form the answers are about, above the fields. */
function Context({ occurrence, form }: { occurrence: EventOccurrence; form: Form }) {
  const { t } = useTranslation();
  const zone = organiserZone(occurrence);
  const rows: [string, ReactNode][] = [
    [t('items.Event'), occurrence.event.title],
    [
      t('common.when'),
      t('fillForm.whenValue', {
        start: formatDateTime(occurrence.occurrenceDate, zone),
        end: formatDateTime(occurrence.endDate, zone).slice(-5),
        zone,
      }),
    ],
    [t('common.place'), occurrence.event.location.name],
    [t('items.Form'), shownFormTitle(form, t)],
  ];
  return (
    <dl
      className="grid gap-x-6 gap-y-3 border-b border-slate-200 px-6 py-5 text-sm sm:grid-cols-2"
      data-testid="fill-context"
    >
      {rows.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-slate-500">{term}</dt>
          <dd className="mt-0.5 font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface FillProps {
  form: Form;
  occurrence: EventOccurrence;
  guestId: number | null;
  lookups: readonly Lookup[];
  /** Upcoming Events on the occurrence's day: Back and a successful save go there. */
  backTo: string;
}

/**
 * The fields of the form, started from the guest's earlier submission if there is one. A change
 * to a listbox clears the listboxes below it; a required field left empty is named before
 * anything is sent, and the server's refusal keeps everything typed.
 */
function FillFormFields({ form, occurrence, guestId, lookups, backTo }: FillProps) {
  const { t } = useTranslation();
  const fields = useMemo(() => form.schema?.fields ?? [], [form.schema]);
  const submitForm = useSubmitForm();
  const submitWithFeedback = useSubmitWithFeedback();

  const resolver: Resolver<FillValues> = (values) => {
    const missing = missingRequired(fields, values);
    if (missing.length === 0) return { values, errors: {} };
    const errors: FieldErrors<FillValues> = Object.fromEntries(
      missing.map(({ key, label }) => [key, { type: 'required', message: t('fillForm.required', { label }) }]),
    );
    return { values: {}, errors };
  };
  const answers = useForm<FillValues>({
    resolver,
    defaultValues: initialValues(fields, findSubmission(occurrence, form.id, guestId)?.submissionData),
  });

  const dependents = useMemo(() => dependentListboxes(fields), [fields]);
  useEffect(
    () =>
      answers.subscribe({
        formState: { values: true },
        // Only the user's own changes: the clearing below is not one, so nothing is cleared twice.
        callback: ({ name, type }) => {
          if (type !== 'change' || !name) return;
          for (const key of dependents.get(name) ?? []) answers.setValue(key, null);
        },
      }),
    [answers, dependents],
  );

  // Said before anything is typed; the server refuses such a save regardless.
  const notes = [
    occurrence.status === 'completed' ? t('fillForm.completedNote') : '',
    form.status === 'archived' ? t('fillForm.archivedNote') : '',
  ].filter(Boolean);

  return (
    <FormCard
      form={answers}
      testId="fill-form"
      header={<Context occurrence={occurrence} form={form} />}
      submitLabel={answers.formState.isSubmitting ? t('fillForm.saving') : t('fillForm.save')}
      backTo={backTo}
      onSubmit={(values) =>
        submitWithFeedback(
          () =>
            submitForm.mutateAsync({
              formId: form.id,
              data: submissionData(fields, values),
              eventOccurrenceId: occurrence.id,
              guestId,
            }),
          { success: t('fillForm.submitted'), failure: t('fillForm.saveFailed'), then: backTo },
        )
      }
    >
      <FormSection>
        {notes.map((note) => (
          <p key={note} role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {note}
          </p>
        ))}
        {fields.length === 0 ? (
          <p className="text-sm text-slate-600">{t('fillForm.noFields')}</p>
        ) : (
          fields.some((field) => field.required) && (
            <p className="text-sm text-slate-500">{t('fillForm.requiredNote')}</p>
          )
        )}
        {fields.map((field, index) => (
          <SchemaField key={field.name} field={field} index={index} fields={fields} lookups={lookups} />
        ))}
      </FormSection>
    </FormCard>
  );
}

/** Loads the listboxes' choices (when the form has listboxes and the organiser has groups), then the fields. */
function FillFormBody(props: Omit<FillProps, 'lookups'>) {
  const { t } = useTranslation();
  const keys = lookupKeysOf(props.form.schema?.fields ?? []);
  const groupIds = props.occurrence.event.organiser.groupIds;
  const asks = keys.length > 0 && groupIds.length > 0;
  const lookups = useQuery({ ...listboxLookupsQuery(keys, groupIds), enabled: asks, retry: false });
  if (asks && !lookups.data) {
    return (
      <StatusCard backTo={props.backTo}>
        {lookups.error ? (
          <ErrorText
            message={t('fillForm.lookupsFetchFailed', { error: errorMessage(lookups.error) })}
            toastId="fill-form-lookups"
          />
        ) : (
          <LoadingText />
        )}
      </StatusCard>
    );
  }
  return <FillFormFields {...props} lookups={lookups.data ?? []} />;
}

/**
 * /forms/:formId/form-submission/:eventOccurrenceId?guestId=&guestName= (docs/product.md §2, §8): an
 * organiser (or an admin) fills a form about one guest of one occurrence. The form and the
 * occurrence load together; then the guest's earlier answers, if any, fill the fields. Above the
 * form, the guest's attendance is marked (every guest's when the form is about no one guest).
 */
export function FillFormScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const formId = parseRouteId(params.formId);
  const occurrenceId = parseRouteId(params.eventOccurrenceId);
  const guestParam = searchParams.get('guestId');
  // No guestId: a submission about no one guest of the occurrence.
  const guestId = guestParam === null || guestParam === '' ? null : parseRouteId(guestParam);
  const badLink = formId === null || occurrenceId === null || (guestParam && guestId === null);

  // Not refreshed on focus: the fields must not change under someone typing (a newer version of
  // the form shows the next time it is opened; the server judges the save against the current one).
  const loadOnce = { enabled: !badLink, retry: false, refetchOnWindowFocus: false } as const;
  const form = useQuery({ ...formQuery(formId ?? 0), ...loadOnce });
  const occurrence = useQuery({ ...occurrenceQuery(occurrenceId ?? 0), ...loadOnce });

  const guest = occurrence.data?.guests.find((person) => person.id === guestId);
  const guestName = searchParams.get('guestName')?.trim() || (guest ? fullName(guest) : '');
  const title = guestName ? t('fillForm.title', { guest: guestName }) : t('fillForm.titleNoGuest');
  const backTo = occurrence.data
    ? `${UPCOMING}?date=${occurrenceDay(occurrence.data, user?.timezone ?? DEFAULT_TIMEZONE)}`
    : UPCOMING;

  let content: ReactNode;
  if (badLink) {
    content = (
      <StatusCard backTo={UPCOMING}>
        <ErrorText message={t('fillForm.invalidLink')} toastId="fill-form-bad-link" />
      </StatusCard>
    );
  } else if (form.error || occurrence.error) {
    const message = form.error
      ? t('common.formFetchFailed', { error: errorMessage(form.error) })
      : t('common.occurrenceFetchFailed', { error: errorMessage(occurrence.error) });
    content = (
      <StatusCard backTo={backTo}>
        <ErrorText message={message} toastId={`fill-form-fetch-${formId}-${occurrenceId}`} />
      </StatusCard>
    );
  } else if (!form.data || !occurrence.data) {
    content = (
      <StatusCard backTo={backTo}>
        <LoadingText />
      </StatusCard>
    );
  } else if (guestId !== null && !guest) {
    content = (
      <StatusCard backTo={backTo}>
        <ErrorText
          message={t('fillForm.notAGuest', { guest: guestName || `#${guestId}` })}
          toastId={`fill-form-not-a-guest-${guestId}`}
        />
      </StatusCard>
    );
  } else {
    content = (
      <>
        {canTakeAttendance(occurrence.data, user) && occurrence.data.guests.length > 0 && (
          <section
            aria-labelledby="fill-attendance"
            className={`${cardClass} px-4 py-4 sm:px-6`}
            data-testid="fill-attendance"
          >
            <h2 id="fill-attendance" className="mb-2 text-base font-semibold text-slate-900">
              {t('nav.attendance')}
            </h2>
            <Widget
              name="AttendanceMarking"
              key={`${occurrence.data.id}-${guestId}`}
              occurrence={occurrence.data}
              guestIds={guestId === null ? undefined : [guestId]}
            />
          </section>
        )}
        <FillFormBody
          key={`${form.data.id}-${form.data.version}-${occurrence.data.id}-${guestId}`}
          form={form.data}
          occurrence={occurrence.data}
          guestId={guestId}
          backTo={backTo}
        />
      </>
    );
  }
  return (
    <FormFrame title={title} wide>
      {content}
    </FormFrame>
  );
}
