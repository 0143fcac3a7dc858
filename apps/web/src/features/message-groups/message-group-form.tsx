import {
  CHAT_ID_MAX_LENGTH,
  createMessageGroupSchema,
  MESSAGE_GROUP_NAME_MAX_LENGTH,
  type MessageGroup,
} from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { ChipList } from '../../components/chip-list';
import { FormSection, ResourceForm } from '../../components/entity-form';
import { NameInput, TextInput } from '../../components/form-fields';
import { messageGroups } from './api';

/** Who is in the group, read-only here: users join one through the user form. */
function Members({ group }: { group: MessageGroup }) {
  const { t } = useTranslation();
  return (
    <ChipList
      testId="message-group-users"
      title={t('nav.users')}
      items={group.users.map((user) => ({ id: user.id, label: user.username }))}
      empty={t('messageGroups.noMembers')}
      hint={t('messageGroups.membersHint')}
    />
  );
}

/** /message-groups/create and /message-groups/:messageGroupId/edit: a name and the optional chat id. */
export function MessageGroupFormScreen() {
  const { t } = useTranslation();
  const createMessageGroup = messageGroups.useCreate();
  const updateMessageGroup = messageGroups.useUpdate();
  return (
    <ResourceForm
      resource={messageGroups}
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
          <NameInput placeholder={t('messageGroups.namePlaceholder')} maxLength={MESSAGE_GROUP_NAME_MAX_LENGTH} />
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
    </ResourceForm>
  );
}
