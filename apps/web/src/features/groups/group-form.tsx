import { createGroupSchema, GROUP_NAME_MAX_LENGTH, type GroupDetail } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session-store';
import { EntityForm, FormSection } from '../../components/entity-form';
import { TextInput } from '../../components/form-fields';
import { formatDateTime } from '../../lib/dates';
import { groupQuery, useCreateGroup, useUpdateGroup } from './api';

/** The forms a group has (docs/product.md §3 Group), read-only here: the form editor assigns them. */
function GroupForms({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  return (
    <div data-testid="group-forms">
      <h3 className="text-sm font-medium text-slate-900">{t('nav.forms')}</h3>
      {group.forms.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t('groups.noForms')}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {group.forms.map((form) => (
            <li
              key={form.id}
              className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset"
            >
              {form.title}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-slate-500">{t('groups.formsHint')}</p>
    </div>
  );
}

/** /groups/create and /groups/:groupId/edit (docs/product.md §2): one Name field, trimmed and required. */
export function GroupFormScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const createGroup = useCreateGroup();
  const updateGroup = useUpdateGroup();
  return (
    <EntityForm
      idParam="groupId"
      listPath="/groups"
      texts={{
        createTitle: t('groups.createTitle'),
        editTitle: t('groups.editTitle'),
        submitCreate: t('groups.createTitle'),
        submitUpdate: t('groups.submitUpdate'),
        created: t('groups.created'),
        updated: t('groups.updated'),
        saveFailed: t('common.saveFailed'),
        fetchFailed: (error) => t('groups.fetchFailed', { error }),
      }}
      itemQuery={groupQuery}
      schema={createGroupSchema}
      defaults={(group?: GroupDetail) => ({ name: group?.name ?? '' })}
      save={(values, group) =>
        group ? updateGroup.mutateAsync({ id: group.id, changes: values }) : createGroup.mutateAsync(values)
      }
    >
      {({ item: group }) => {
        const created = group ? formatDateTime(group.createdAt, user?.timezone) : '';
        return (
          <FormSection>
            <TextInput
              name="name"
              label={t('common.name')}
              placeholder={t('groups.namePlaceholder')}
              required
              autoFocus
              maxLength={GROUP_NAME_MAX_LENGTH}
            />
            {group && <GroupForms group={group} />}
            {group && created && (
              <p className="text-sm text-slate-500">
                {group.user
                  ? t('common.createdBy', { date: created, username: group.user.username })
                  : t('common.createdOn', { date: created })}
              </p>
            )}
          </FormSection>
        );
      }}
    </EntityForm>
  );
}
