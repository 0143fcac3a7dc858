import { GROUP_SORTS } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { NamedRecordList } from '../../components/named-record-list';
import { groups } from './api';

/** Groups (docs/product.md §2): Id, Name, Create User; archived ones behind the 'Show archived' filter. */
export function GroupsList() {
  const { t } = useTranslation();
  return (
    <NamedRecordList
      resource={groups}
      path="/groups"
      sorts={GROUP_SORTS}
      texts={{ title: t('nav.groups'), description: t('groups.description'), create: t('groups.create') }}
    />
  );
}
