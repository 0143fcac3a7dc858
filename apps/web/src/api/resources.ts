import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, codedMessageOf } from './errors';
import { apiRequest, type QueryParams } from './client';

/** One page of a list and the number of items across all pages. */
export interface ListResult<T> {
  items: T[];
  totalCount: number;
}

/** A section's path under /api: a name, or names joined by `/` (`billing/accounts`). */
const SECTION_NAME = /^[A-Za-z0-9-]+(\/[A-Za-z0-9-]+)*$/;

/**
 * The list response keeps its items under the camelCase section name (docs/product.md §7); a
 * section under another joins them (`billing/accounts`: `billingAccounts`).
 */
export function sectionKey(section: string): string {
  return section.replace(/[-/]([a-zA-Z0-9])/g, (_, char: string) => char.toUpperCase());
}

function assertSection(section: string) {
  if (!SECTION_NAME.test(section)) throw new Error('Invalid item name');
}

/** A success body carrying a top-level message is a failure (docs/product.md §7). */
function rejectMessage<T>(body: T, status = 400): T {
  const coded = codedMessageOf(body);
  if (coded) throw new ApiError(status, coded);
  return body;
}

export async function list<T>(section: string, query: QueryParams, signal?: AbortSignal): Promise<ListResult<T>> {
  assertSection(section);
  const body = await apiRequest<Record<string, unknown>>(section, { query, signal });
  const items = body?.[sectionKey(section)];
  return {
    items: Array.isArray(items) ? (items as T[]) : [],
    totalCount: typeof body?.totalCount === 'number' ? body.totalCount : 0,
  };
}

export function get<T>(section: string, id: number | string, signal?: AbortSignal): Promise<T> {
  assertSection(section);
  return apiRequest<T>(`${section}/${encodeURIComponent(id)}`, { signal });
}

export async function create<T>(section: string, body: unknown): Promise<T> {
  assertSection(section);
  return rejectMessage(await apiRequest<T>(section, { method: 'POST', body }));
}

/** PATCH /{section}/{id}[/{suffix}] (the suffix serves variants such as users' my-profile). */
export async function update<T>(section: string, id: number | string, body: unknown, suffix?: string): Promise<T> {
  assertSection(section);
  const path = `${section}/${encodeURIComponent(id)}${suffix ? `/${suffix}` : ''}`;
  return rejectMessage(await apiRequest<T>(path, { method: 'PATCH', body }));
}

export async function remove(section: string, id: number | string): Promise<void> {
  assertSection(section);
  rejectMessage(await apiRequest<unknown>(`${section}/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}

/** A page of a section's list as the list screens ask for it (list state lives in the URL). */
export interface PageQuery extends QueryParams {
  limit: number;
  offset: number;
  q?: string;
  sort?: string;
}

/**
 * A section on the generic list and form (docs/architecture.md#web-layers), declared once: its
 * query keys, its list and item queries, its delete, and its create and update hooks. `Row` is a
 * list row, `Item` what one GET and the writes answer. An update puts its answer into the item's
 * cache; every write reads the lists again (a row may move, appear or leave); nothing else. (A
 * created item is read afresh when opened: what else links to it may change meanwhile.)
 */
/** The sections whose create/edit texts sit under the same keys (`<section>.createTitle`...). */
export type FormTextSection = 'locations' | 'groups' | 'lookups' | 'messageGroups' | 'billing';

export function defineResource<Row extends { id: number }, Item extends { id: number }, Create, Update>(
  section: string,
  /** Its create and edit form (components/entity-form's ResourceForm): the route's id parameter and the texts' section key. */
  form?: { idParam: string; texts: FormTextSection },
) {
  const keys = {
    all: [section] as const,
    lists: () => [section, 'list'] as const,
    list: (query: PageQuery) => [section, 'list', query] as const,
    detail: (id: number) => [section, 'detail', id] as const,
  };
  /** A write: its answer becomes the item's cache when `keep` (an update), and the lists read again. */
  const useWrite = <Input>(write: (input: Input) => Promise<Item>, keep: boolean) => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: write,
      onSuccess: async (item: Item) => {
        if (keep) queryClient.setQueryData(keys.detail(item.id), item);
        await queryClient.invalidateQueries({ queryKey: keys.lists() });
      },
    });
  };
  const createOne = (input: Create) => create<Item>(section, input);
  const updateOne = ({ id, changes }: { id: number; changes: Update }) => update<Item>(section, id, changes);
  return {
    section,
    form,
    keys,
    listQuery: (query: PageQuery) =>
      queryOptions({ queryKey: keys.list(query), queryFn: ({ signal }) => list<Row>(section, query, signal) }),
    itemQuery: (id: number) =>
      queryOptions({ queryKey: keys.detail(id), queryFn: ({ signal }) => get<Item>(section, id, signal) }),
    remove: (row: Row) => remove(section, row.id),
    useCreate: () => useWrite(createOne, false),
    useUpdate: () => useWrite(updateOne, true),
    /** The form's save: an update of `item` when there is one, else a create, with the same values. */
    useSave: () => {
      const created = useWrite(createOne, false);
      const updated = useWrite(updateOne, true);
      return (values: Create & Update, item: { id: number } | undefined) =>
        item ? updated.mutateAsync({ id: item.id, changes: values }) : created.mutateAsync(values);
    },
  };
}
