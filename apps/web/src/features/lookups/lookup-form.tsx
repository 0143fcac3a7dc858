import { errorMessage } from '../../api/errors';
import {
  createLookupSchema,
  LOOKUP_KEY_MAX,
  LOOKUP_TEXT_MAX,
  LOOKUPABLE_TYPES,
  type CreateLookup,
  type CreateLookupInput,
  type Lookup,
  type LookupableType,
} from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorText, FormSection, ResourceForm } from '../../components/entity-form';
import { SelectInput, TextInput, type Choice } from '../../components/form-fields';
import { lookupableRecordsQuery, lookupChoicesQuery, lookups } from './api';
import { parentChoices, RECORD_NAMES, TYPE_LABELS, type LookupableRecord } from './lookup-choices';

type LookupForm = UseFormReturn<CreateLookupInput, unknown, CreateLookup>;

/** Keeps the current value among the choices even when the list does not hold it (archived, say). */
function withCurrent(choices: Choice<number>[], current: number | null | undefined, label: () => string) {
  if (current == null || choices.some((choice) => choice.value === current)) return choices;
  return [{ value: current, label: label() }, ...choices];
}

/**
 * The Lookupable Record select: the records of the chosen type from GET /api/{type}?limit=1000.
 * The select is mounted anew once its choices arrive, so the form's value shows as chosen.
 */
function RecordSelect({ type, lookup }: { type: LookupableType; lookup: Lookup | undefined }) {
  const { t } = useTranslation();
  const nameOf = RECORD_NAMES[type];
  const records = useQuery(lookupableRecordsQuery<LookupableRecord>(type));
  const label = t('lookups.lookupableRecord');
  const typeLabel = t(TYPE_LABELS[type]);

  if (records.isPending || records.isError) {
    return (
      <div>
        <SelectInput
          key={`${type}:waiting`}
          name="lookupableId"
          label={label}
          options={[]}
          emptyLabel={records.isPending ? t('common.loading') : t('lookups.chooseRecord')}
          numeric
          disabled
        />
        {records.isError && (
          <div className="mt-2">
            <ErrorText
              message={t('lookups.fetchTypeFailed', {
                type,
                error: errorMessage(records.error),
              })}
              toastId={`fetch-lookupable-${type}`}
            />
          </div>
        )}
      </div>
    );
  }
  const choices = withCurrent(
    records.data.items.map((record) => ({ value: record.id, label: nameOf(record) })),
    lookup?.lookupableType === type ? lookup.lookupableId : null,
    () => lookup?.lookupableDisplay ?? `#${lookup?.lookupableId}`,
  );
  return (
    <SelectInput
      key={`${type}:ready`}
      name="lookupableId"
      label={label}
      options={choices}
      emptyLabel={t('lookups.chooseRecord')}
      hint={choices.length === 0 ? t('lookups.noRecordsOfType', { type: typeLabel }) : undefined}
      numeric
      required
    />
  );
}

/** The optional Parent select: every other lookup (GET /api/lookups?limit=1000) but its own descendants. */
function ParentSelect({ lookup }: { lookup: Lookup | undefined }) {
  const { t } = useTranslation();
  const lookups = useQuery(lookupChoicesQuery());
  const label = t('lookups.parent');
  if (!lookups.isSuccess) {
    return (
      <div>
        <SelectInput
          key="parent:waiting"
          name="parentId"
          label={label}
          options={[]}
          emptyLabel={lookups.isPending ? t('common.loading') : t('lookups.noParent')}
          numeric
          disabled
        />
        {lookups.isError && (
          <div className="mt-2">
            <ErrorText
              message={t('lookups.fetchFailed', { error: errorMessage(lookups.error) })}
              toastId="fetch-lookup-parents"
            />
          </div>
        )}
      </div>
    );
  }
  const choices = withCurrent(
    parentChoices(lookups.data.items, lookup?.id),
    lookup?.parentId,
    () => `#${lookup?.parentId}`,
  );
  return (
    <SelectInput
      key="parent:ready"
      name="parentId"
      label={label}
      hint={t('lookups.parentHint')}
      options={choices}
      emptyLabel={t('lookups.noParent')}
      numeric
    />
  );
}

function LookupFields({ lookup, form }: { lookup: Lookup | undefined; form: LookupForm }) {
  const { t } = useTranslation();
  const type = useWatch({ control: form.control, name: 'lookupableType' });

  // Another type means another list of records: the chosen one no longer applies.
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name === 'lookupableType') form.setValue('lookupableId', null);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const typeChoices = LOOKUPABLE_TYPES.map((value) => ({ value, label: t(TYPE_LABELS[value]) }));
  return (
    <>
      <FormSection>
        <TextInput
          name="key"
          label={t('lookups.key')}
          placeholder={t('lookups.keyPlaceholder')}
          hint={t('lookups.keyHint')}
          required
          autoFocus
          maxLength={LOOKUP_KEY_MAX}
        />
        <TextInput
          name="value"
          label={t('lookups.value')}
          placeholder={t('lookups.valuePlaceholder')}
          required
          maxLength={LOOKUP_TEXT_MAX}
        />
        <TextInput
          name="label"
          label={t('lookups.label')}
          placeholder={t('lookups.labelPlaceholder')}
          required
          maxLength={LOOKUP_TEXT_MAX}
        />
      </FormSection>
      <FormSection>
        <SelectInput
          name="lookupableType"
          label={t('lookups.lookupableType')}
          hint={t('lookups.typeHint')}
          options={typeChoices}
          emptyLabel={t('common.none')}
        />
        {type && type !== 'none' && <RecordSelect type={type} lookup={lookup} />}
      </FormSection>
      <FormSection>
        <ParentSelect lookup={lookup} />
      </FormSection>
    </>
  );
}

/**
 * /lookups/create and /lookups/:lookupId/edit (docs/product.md §2): Key, Value, Label, Lookupable Type and
 * Record, Parent. Like every form here it returns to the list only when the save succeeded (docs/product.md §4).
 */
export function LookupFormScreen() {
  const { t } = useTranslation();
  return (
    <ResourceForm
      resource={lookups}
      description={t('lookups.description')}
      schema={createLookupSchema}
      defaults={(lookup?: Lookup): CreateLookupInput => ({
        key: lookup?.key ?? '',
        value: lookup?.value ?? '',
        label: lookup?.label ?? '',
        lookupableType: lookup?.lookupableType ?? null,
        lookupableId: lookup?.lookupableId ?? null,
        parentId: lookup?.parentId ?? null,
      })}
    >
      {({ item, form }) => <LookupFields lookup={item} form={form} />}
    </ResourceForm>
  );
}
