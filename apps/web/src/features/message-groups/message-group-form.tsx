import {
  CHAT_ID_MAX_LENGTH,
  createMessageGroupSchema,
  MESSAGE_GROUP_NAME_MAX_LENGTH,
  type MessageGroup,
} from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { EntityForm, FormSection } from '../../components/entity-form';
import { TextInput } from '../../components/form-fields';
import { messageGroupQuery, useCreateMessageGroup, useUpdateMessageGroup } from './api';

/** Who is in the group, read-only here: users join one through the user form. */
function Members({ group }: { group: MessageGroup }) {
  const { t } = useTranslation();
  return (
    <div data-testid="message-group-users">
      <h3 className="text-sm font-medium text-slate-900">{t('nav.users')}</h3>
      {group.users.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t('messageGroups.noMembers')}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {group.users.map((user) => (
            <li
              key={user.id}
              className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset"
            >
              {user.username}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-slate-500">{t('messageGroups.membersHint')}</p>
    </div>
  );
}

/** /message-groups/create and /message-groups/:messageGroupId/edit: a name and the optional chat id. */
export function MessageGroupFormScreen() {
  const { t } = useTranslation();
  const createMessageGroup = useCreateMessageGroup();
  const updateMessageGroup = useUpdateMessageGroup();
  return (
    <EntityForm
      idParam="messageGroupId"
      listPath="/message-groups"
      texts={{
        createTitle: t('messageGroups.createTitle'),
        editTitle: t('messageGroups.editTitle'),
        submitCreate: t('messageGroups.createTitle'),
        submitUpdate: t('messageGroups.submitUpdate'),
        created: t('messageGroups.created'),
        updated: t('messageGroups.updated'),
        saveFailed: t('common.saveFailed'),
        fetchFailed: (error) => t('messageGroups.fetchFailed', { error }),
      }}
      itemQuery={messageGroupQuery}
      schema={createMessageGroupSchema}
      defaults={(group?: MessageGroup) => ({ name: group?.name ?? '', externalId: group?.externalId ?? '' })}
      save={(values, group) =>
        group
          ? updateMessageGroup.mutateAsync({
              id: group.id,
              changes: { name: values.name, externalId: values.externalId ?? null },
            })
          : createMessageGroup.mutateAsync(values)
      }
    >
      {({ item: group }) => (
        <FormSection>
          <TextInput
            name="name"
            label={t('common.name')}
            placeholder={t('messageGroups.namePlaceholder')}
            required
            autoFocus
            maxLength={MESSAGE_GROUP_NAME_MAX_LENGTH}
          />
          <TextInput
            name="externalId"
            label={t('messageGroups.chatId')}
            placeholder={t('messageGroups.chatIdPlaceholder')}
            hint={t('messageGroups.chatIdHint')}
            maxLength={CHAT_ID_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
          />
          {group && <Members group={group} />}
        </FormSection>
      )}
    </EntityForm>
  );
}
