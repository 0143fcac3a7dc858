import { ApiError, codedMessageOf } from './errors';
import { apiRequest, type QueryParams } from './client';

/** One page of a list and the number of items across all pages. */
export interface ListResult<T> {
  items: T[];
  totalCount: number;
}

const SECTION_NAME = /^[A-Za-z0-9-]+$/;

/** The list response keeps its items under the camelCase section name (docs/product.md §7). */
export function sectionKey(section: string): string {
  return section.replace(/-([a-zA-Z0-9])/g, (_, char: string) => char.toUpperCase());
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
