import { errorMessage } from '../../api/errors';
import {
  createFormSchema,
  FORM_DESCRIPTION_MAX,
  FORM_SCHEMA_EXAMPLE,
  FORM_SCHEMA_LIMITS,
  FORM_TITLE_MAX,
  formatFormSchema,
  parseFormSchemaText,
  type Form,
} from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { confirmAction } from '../../components/confirm';
import { CreatedLine } from '../../components/created-line';
import { EntityForm, FormSection } from '../../components/entity-form';
import { CheckboxListInput, TextAreaInput, TextInput, type Choice } from '../../components/form-fields';
import { buttonClass } from '../../components/ui';
import { formQuery } from '../../api/forms';
import { groupChoicesQuery, type GroupChoice } from '../../api/groups';
import { useCreateForm, useUpdateForm } from './api';

/**
 * The editor's values: the schema is JSON text, checked as it would be on the server (a syntax
 * error says where it is, a format error names the field); its output is the parsed schema or null.
 */
const formEditorSchema = z.object({
  title: createFormSchema.shape.title,
  description: createFormSchema.shape.description,
  schema: z.string().transform((text, ctx) => {
    const result = parseFormSchemaText(text);
    if (result.success) return result.data;
    ctx.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  }),
  groupIds: z.array(z.number().int()),
});

const SCHEMA_POSITION = /\(line (\d+), column (\d+)\)$/;

/** The schema's JSON text, with where its error is, the format at hand and an example to start from. */
function SchemaField() {
  const { t } = useTranslation();
  const id = useId();
  const { formState, getFieldState, setValue, getValues } = useFormContext<z.input<typeof formEditorSchema>>();
  const error = getFieldState('schema', formState).error?.message;

  // After a submit that the schema stopped, put the caret where the problem is.
  const { submitCount } = formState;
  useEffect(() => {
    const textarea = document.getElementById(id);
    const position = error ? SCHEMA_POSITION.exec(error) : null;
    if (!(textarea instanceof HTMLTextAreaElement) || !position || document.activeElement !== textarea) return;
    const lines = textarea.value.split('\n');
    const line = Number(position[1]);
    const offset = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0) + Number(position[2]) - 1;
    textarea.setSelectionRange(offset, offset);
    // Only on submit: moving the caret while the user types would fight them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  const applyExample = () => {
    if (getValues('schema').trim() && !confirmAction(t('forms.replaceWithExample'))) return;
    setValue('schema', formatFormSchema(FORM_SCHEMA_EXAMPLE), {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  };

  return (
    <div>
      <TextAreaInput
        id={id}
        name="schema"
        label={t('forms.schema')}
        hint={t('forms.schemaHint')}
        rows={16}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        maxLength={FORM_SCHEMA_LIMITS.text}
        placeholder={'{\n  "fields": []\n}'}
        className="[&_textarea]:font-mono [&_textarea]:text-xs [&_textarea]:leading-5"
        data-testid="form-schema"
      />
      <details className="mt-3 rounded-md bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
        <summary className="cursor-pointer font-medium text-slate-900">{t('forms.schemaFormatSummary')}</summary>
        <p className="mt-2">{t('forms.schemaFormatIntro')}</p>
        <p className="mt-3 font-medium text-slate-900">{t('forms.schemaExample')}</p>
        {/* Focusable: it scrolls, so a keyboard user must be able to scroll it. */}
        <pre
          tabIndex={0}
          className="mt-1 max-h-72 overflow-auto rounded bg-white p-3 font-mono text-xs ring-1 ring-slate-200 ring-inset"
        >
          {formatFormSchema(FORM_SCHEMA_EXAMPLE)}
        </pre>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={applyExample}>
          {t('forms.useExample')}
        </button>
      </details>
    </div>
  );
}

/**
 * The groups checklist: the active groups (GET /api/groups?limit=1000) plus those the form already
 * has, so saving never drops a group the list does not show (an archived one, say).
 */
function GroupsField({ current }: { current: GroupChoice[] }) {
  const { t } = useTranslation();
  const groups = useQuery(groupChoicesQuery());
  const byId = new Map<number, GroupChoice>();
  for (const group of [...(groups.data?.items ?? []), ...current]) byId.set(group.id, group);
  const options: Choice<number>[] = [...byId.values()]
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .map((group) => ({ value: group.id, label: group.name }));
  return (
    <div data-testid="form-groups">
      <CheckboxListInput
        name="groupIds"
        label={t('nav.groups')}
        hint={t('forms.groupsHint')}
        options={options}
        emptyText={groups.isPending ? t('common.groupsLoading') : groups.isError ? undefined : t('common.groupsEmpty')}
      />
      {groups.isPending && options.length > 0 && (
        <p role="status" className="mt-2 text-sm text-slate-500">
          {t('common.groupsLoading')}
        </p>
      )}
      {groups.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('common.groupsFailed', { error: errorMessage(groups.error) })}
        </p>
      )}
    </div>
  );
}

function VersionNote({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <div data-testid="form-version">
      <p className="text-sm font-medium text-slate-900">{t('forms.versionCurrent', { version: form.version })}</p>
      <p className="mt-1 text-sm text-slate-500">{t('forms.versionHint', { next: form.version + 1 })}</p>
    </div>
  );
}

/** /forms/create and /forms/:formId/edit (docs/product.md §2 Forms): Title, Description, Schema (JSON), Groups. */
export function FormEditorScreen() {
  const { t } = useTranslation();
  const createForm = useCreateForm();
  const updateForm = useUpdateForm();
  return (
    <EntityForm
      idParam="formId"
      listPath="/forms"
      wide
      texts={{
        createTitle: t('forms.createTitle'),
        editTitle: t('forms.editTitle'),
        submitCreate: t('forms.createTitle'),
        submitUpdate: t('forms.submitUpdate'),
        created: t('forms.created'),
        updated: t('forms.updated'),
        saveFailed: t('common.saveFailed'),
        fetchFailed: (error) => t('common.formFetchFailed', { error }),
      }}
      itemQuery={formQuery}
      schema={formEditorSchema}
      defaults={(form?: Form) => ({
        title: form?.title ?? '',
        description: form?.description ?? '',
        schema: formatFormSchema(form?.schema),
        groupIds: form?.groupIds ?? [],
      })}
      save={(values, form) =>
        form ? updateForm.mutateAsync({ id: form.id, changes: values }) : createForm.mutateAsync(values)
      }
    >
      {({ item: form }) => (
        <FormSection>
          <TextInput
            name="title"
            label={t('common.title')}
            placeholder={t('forms.titlePlaceholder')}
            required
            autoFocus
            maxLength={FORM_TITLE_MAX}
          />
          <TextAreaInput name="description" label={t('common.description')} rows={2} maxLength={FORM_DESCRIPTION_MAX} />
          {form && <VersionNote form={form} />}
          <SchemaField />
          <GroupsField current={form?.groups ?? []} />
          {form && <CreatedLine record={form} />}
        </FormSection>
      )}
    </EntityForm>
  );
}
