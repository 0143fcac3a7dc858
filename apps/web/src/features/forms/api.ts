import type { CreateFormInput, Form, FormSummary, UpdateFormInput } from '@ritim/shared';
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
