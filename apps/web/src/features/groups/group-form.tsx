import { createGroupSchema, GROUP_NAME_MAX_LENGTH, type GroupDetail } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { ChipList } from '../../components/chip-list';
import { CreatedLine } from '../../components/created-line';
import { FormSection, ResourceForm } from '../../components/entity-form';
import { NameInput } from '../../components/form-fields';
import { groups } from './api';

/** The forms a group has (docs/product.md §3 Group), read-only here: the form editor assigns them. */
function GroupForms({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  return (
    <ChipList
      testId="group-forms"
      title={t('nav.forms')}
      items={group.forms.map((form) => ({ id: form.id, label: form.title }))}
      empty={t('groups.noForms')}
      hint={t('groups.formsHint')}
    />
  );
}

/** /groups/create and /groups/:groupId/edit (docs/product.md §2): one Name field, trimmed and required. */
export function GroupFormScreen() {
  const { t } = useTranslation();
  return (
    <ResourceForm
      resource={groups}
      schema={createGroupSchema}
      defaults={(group?: GroupDetail) => ({ name: group?.name ?? '' })}
    >
      {({ item: group }) => (
        <FormSection>
          <NameInput placeholder={t('groups.namePlaceholder')} maxLength={GROUP_NAME_MAX_LENGTH} />
          {group && <GroupForms group={group} />}
          {group && <CreatedLine record={group} />}
        </FormSection>
      )}
    </ResourceForm>
  );
}
