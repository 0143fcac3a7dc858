import { MAX_LIMIT, type CreateFormInput, type Form, type FormSummary, type UpdateFormInput } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { formKeys } from '../../api/forms';
import { create, list, remove, update } from '../../api/resources';
import type { ListQuery } from '../../components/list-page';

const SECTION = 'forms';

export const formListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: formKeys.list(query),
    queryFn: ({ signal }) => list<FormSummary>(SECTION, query, signal),
  });

/** A group as the form editor's checklist needs it. */
export interface GroupChoice {
  id: number;
  name: string;
}

/**
 * The groups a form can belong to: the active ones, fetched with the choice-list limit (docs/product.md §9).
 * Under the 'groups' key, so changes in the Groups section refresh it.
 */
export const groupChoicesQuery = () =>
  queryOptions({
    queryKey: ['groups', 'choices'] as const,
    queryFn: ({ signal }) => list<GroupChoice>('groups', { limit: MAX_LIMIT }, signal),
    retry: false,
  });

export const deleteForm = (form: FormSummary) => remove(SECTION, form.id);

export function useCreateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFormInput) => create<Form>(SECTION, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.lists() }),
  });
}

export function useUpdateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateFormInput }) => update<Form>(SECTION, id, changes),
    onSuccess: async (form) => {
      queryClient.setQueryData(formKeys.detail(form.id), form);
      await queryClient.invalidateQueries({ queryKey: formKeys.lists() });
    },
  });
}
