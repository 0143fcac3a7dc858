import { errorMessage } from '../api/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages, parseId, type AuditEntityType } from '@ritim/shared';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from './toast';
import type { z } from 'zod';
import { translateMessage } from '../i18n';
import { Widget } from '../lib/widgets';
import { Spinner } from './spinner';
import { PageTitle } from './page-title';
import type { FormTextSection } from '../api/resources';
import { buttonClass, cardClass } from './ui';

/** A route's id parameter, canonical as the server reads it (shared parseId), else null. */
export const parseRouteId = (value: string | undefined): number | null => parseId(value);

/** A form screen's page: its title (document and heading), an optional line under it, the content. */
export function FormFrame({
  title,
  description,
  wide,
  children,
}: {
  title: string;
  description?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${wide ? 'max-w-4xl' : 'max-w-2xl'} space-y-6`}>
      <PageTitle title={title} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </div>
  );
}

export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={buttonClass.secondary}>
      {t('form.back')}
    </Link>
  );
}

/** A card in place of a form: loading, or why there is no form, with the way back. */
export function StatusCard({ backTo, action, children }: { backTo: string; action?: ReactNode; children: ReactNode }) {
  return (
    <>
      <div className={`${cardClass} px-6 py-10 text-center`}>{children}</div>
      <div className="flex flex-wrap gap-3">
        <BackLink to={backTo} />
        {action}
      </div>
    </>
  );
}

export function LoadingText() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-500">
      <Spinner />
      {t('common.loading')}
    </p>
  );
}

/** An error shown in a status card and, once, as a toast. */
export function ErrorText({ message, toastId }: { message: string; toastId: string }) {
  useEffect(() => {
    toast.error(message, { id: toastId });
  }, [message, toastId]);
  return (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

interface ItemLoaderProps<T, K extends QueryKey> {
  query: UseQueryOptions<T, Error, T, K>;
  /** 'Failed to fetch <item>: {error}' with the error filled in. */
  fetchFailed: (error: string) => string;
  backTo: string;
  children: (item: T) => ReactNode;
}

/** Loads one item for an edit screen: 'Loading...', or the failure (toast and card), or the form. */
export function ItemLoader<T, K extends QueryKey>({ query, fetchFailed, backTo, children }: ItemLoaderProps<T, K>) {
  const { data, error, isPending } = useQuery({ ...query, retry: false });
  if (data !== undefined) return children(data);
  return (
    <StatusCard backTo={backTo}>
      {isPending ? (
        <LoadingText />
      ) : (
        <ErrorText message={fetchFailed(errorMessage(error))} toastId={`fetch-${JSON.stringify(query.queryKey)}`} />
      )}
    </StatusCard>
  );
}

/**
 * The item a route's id parameter names (`/things/:id`): an id that is no positive whole number is
 * refused at once, asking nothing; else ItemLoader loads it. `children` also gets the id.
 */
export function RouteItem<T, K extends QueryKey>({
  param,
  query,
  fetchFailed,
  backTo,
  children,
}: Omit<ItemLoaderProps<T, K>, 'query' | 'children'> & {
  param: string | undefined;
  query: (id: number) => UseQueryOptions<T, Error, T, K>;
  children: (item: T, id: number) => ReactNode;
}) {
  const id = parseRouteId(param);
  if (id === null) {
    return (
      <StatusCard backTo={backTo}>
        <ErrorText message={fetchFailed(translateMessage(messages.invalidId))} toastId={`bad-id-${backTo}-${param}`} />
      </StatusCard>
    );
  }
  return (
    <ItemLoader key={id} query={query(id)} fetchFailed={fetchFailed} backTo={backTo}>
      {(item) => children(item, id)}
    </ItemLoader>
  );
}

interface FormCardProps<I extends FieldValues, O extends FieldValues> {
  form: UseFormReturn<I, unknown, O>;
  onSubmit: (values: O) => Promise<void>;
  submitLabel: string;
  backTo: string;
  /** Above the fields (a summary of the record, say). */
  header?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * The card every form sits in: the fields in a fieldset that is disabled while saving, then Back
 * and the submit button (with a spinner while busy). The field components find the form through
 * its FormProvider.
 */
export function FormCard<I extends FieldValues, O extends FieldValues>({
  form,
  onSubmit,
  submitLabel,
  backTo,
  header,
  children,
  testId,
}: FormCardProps<I, O>) {
  const submitting = form.formState.isSubmitting;
  const submit = form.handleSubmit(onSubmit);
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className={cardClass} data-testid={testId}>
        {header}
        <fieldset disabled={submitting} className="min-w-0 divide-y divide-slate-200">
          {children}
        </fieldset>
        <div className="flex items-center justify-end gap-3 rounded-b-lg border-t border-slate-200 bg-slate-50 px-6 py-4">
          <BackLink to={backTo} />
          <button type="submit" disabled={submitting} className={buttonClass.primary}>
            {submitting && <Spinner />}
            {submitLabel}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/** A titled group of fields inside a FormCard, laid out in a responsive grid. */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="px-6 py-6">
      {title && <h2 className="mb-4 text-sm font-semibold text-slate-900">{title}</h2>}
      <div className="grid gap-6 sm:grid-cols-2 [&>:not([class*=col-span])]:sm:col-span-2">{children}</div>
    </div>
  );
}

/**
 * A save that tells the user how it went (docs/product.md §8): the success toast and the way on, or the
 * server's reason (else the screen's default) in a red toast while the user stays on the form
 * with everything they typed.
 */
export function useSubmitWithFeedback() {
  const navigate = useNavigate();
  return async (
    save: () => Promise<unknown>,
    texts: { success: string; failure: string; then?: string | ((saved: unknown) => string) },
  ) => {
    let saved: unknown;
    try {
      saved = await save();
    } catch (error) {
      toast.error(errorMessage(error, texts.failure));
      return;
    }
    toast.success(texts.success);
    const then = typeof texts.then === 'function' ? texts.then(saved) : texts.then;
    if (then) await navigate(then);
  };
}

/** The texts of a section's create/edit screen (docs/product.md §2, §8). */
export interface EntityFormTexts {
  createTitle: string;
  editTitle: string;
  submitCreate: string;
  submitUpdate: string;
  created: string;
  updated: string;
  saveFailed: string;
  /** 'Failed to fetch <item>: {error}' */
  fetchFailed: (error: string) => string;
  description?: string;
}

/** A section's create/edit texts from its keys (`<section>.createTitle`...), in the user's language; `description` if it has one. */
function useSectionFormTexts(section: FormTextSection, description?: string): EntityFormTexts {
  const { t } = useTranslation();
  return {
    createTitle: t(`${section}.createTitle`),
    editTitle: t(`${section}.editTitle`),
    submitCreate: t(`${section}.createTitle`),
    submitUpdate: t(`${section}.submitUpdate`),
    created: t(`${section}.created`),
    updated: t(`${section}.updated`),
    saveFailed: t('common.saveFailed'),
    fetchFailed: (error) => t(`${section}.fetchFailed`, { error }),
    ...(description === undefined ? {} : { description }),
  };
}

export interface EntityFormProps<T, S extends z.ZodType<FieldValues, FieldValues>, K extends QueryKey = QueryKey> {
  /** The route parameter that holds the id in edit mode (`locationId`); without it, create mode. */
  idParam: string;
  /** The list: Back goes there, and so does a successful save. */
  listPath: string;
  texts: EntityFormTexts;
  /** The item to edit (its api.ts). */
  itemQuery: (id: number) => UseQueryOptions<T, Error, T, K>;
  /** Validates the values before anything is sent (the shared contract). */
  schema: S;
  /** The form's starting values: from the item when editing, else the defaults. */
  defaults: (item: T | undefined) => z.input<S>;
  /** Creates (no item) or updates (the item) through the section's API. */
  save: (values: z.output<S>, item: T | undefined) => Promise<unknown>;
  /** The fields (field components from form-fields), given the item being edited. */
  children: (context: { item: T | undefined; form: UseFormReturn<z.input<S>, unknown, z.output<S>> }) => ReactNode;
  /** Wider page for forms with many fields. */
  wide?: boolean;
  /** Where a successful save goes, given what it answered (else the list). */
  savedPath?: (saved: unknown) => string;
  /** Under the form when editing: what acts on the item apart from its fields (a panel of its own). */
  below?: (item: T) => ReactNode;
  /** The audit section of the item: its History panel shows under the form when editing (admins). */
  history?: AuditEntityType;
}

function EntityFormBody<T, S extends z.ZodType<FieldValues, FieldValues>, K extends QueryKey>({
  item,
  props,
}: {
  item: T | undefined;
  props: EntityFormProps<T, S, K>;
}) {
  const { texts, schema, listPath } = props;
  const submitWithFeedback = useSubmitWithFeedback();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues: props.defaults(item) as never,
  });
  const editing = item !== undefined;
  return (
    <FormCard
      form={form}
      submitLabel={editing ? texts.submitUpdate : texts.submitCreate}
      backTo={listPath}
      onSubmit={(values) =>
        submitWithFeedback(() => props.save(values, item), {
          success: editing ? texts.updated : texts.created,
          failure: texts.saveFailed,
          then: props.savedPath ?? listPath,
        })
      }
    >
      {props.children({ item, form })}
    </FormCard>
  );
}

/**
 * A section's create and edit screen in one (docs/product.md §2): create mode without the id parameter,
 * edit mode with it (the item is loaded first). Title, Back, the submit label, the toasts and
 * the disabled fieldset while saving all come from here; a section gives its schema, defaults,
 * save and fields.
 */
export function EntityForm<T, S extends z.ZodType<FieldValues, FieldValues>, K extends QueryKey>(
  props: EntityFormProps<T, S, K>,
) {
  const param = useParams()[props.idParam];
  const { texts, listPath } = props;
  if (param === undefined) {
    return (
      <FormFrame title={texts.createTitle} description={texts.description} wide={props.wide}>
        <EntityFormBody item={undefined} props={props} />
      </FormFrame>
    );
  }
  return (
    <FormFrame title={texts.editTitle} description={texts.description} wide={props.wide}>
      <RouteItem param={param} query={props.itemQuery} fetchFailed={texts.fetchFailed} backTo={listPath}>
        {(item, id) => (
          <>
            <EntityFormBody item={item} props={props} />
            {props.below?.(item)}
            {props.history && <Widget name="HistoryPanel" entityType={props.history} entityId={id} />}
          </>
        )}
      </RouteItem>
    </FormFrame>
  );
}

/** A section declared with defineResource (api/resources.ts) and its form. */
interface FormResource<T, K extends QueryKey> {
  section: string;
  form?: { idParam: string; texts: FormTextSection };
  itemQuery: (id: number) => UseQueryOptions<T, Error, T, K>;
  useSave: () => (values: never, item: T | undefined) => Promise<unknown>;
}

/**
 * The create and edit form of a section declared with defineResource: the route's id parameter,
 * the list it returns to (`/<section>`), its texts and its item and save come from the declaration;
 * the section gives its contract, its starting values and its fields (and `save` when it sends
 * something else than the values).
 */
export function ResourceForm<T, S extends z.ZodType<FieldValues, FieldValues>, K extends QueryKey>({
  resource,
  description,
  save,
  ...props
}: Omit<EntityFormProps<T, S, K>, 'idParam' | 'listPath' | 'texts' | 'itemQuery' | 'save'> & {
  resource: FormResource<T, K>;
  description?: string;
  save?: EntityFormProps<T, S, K>['save'];
}) {
  if (!resource.form) throw new Error(`${resource.section} declares no form (defineResource's second argument)`);
  const texts = useSectionFormTexts(resource.form.texts, description);
  const saveValues = resource.useSave() as EntityFormProps<T, S, K>['save'];
  return (
    <EntityForm
      {...props}
      idParam={resource.form.idParam}
      listPath={`/${resource.section}`}
      texts={texts}
      itemQuery={resource.itemQuery}
      save={save ?? saveValues}
    />
  );
}
