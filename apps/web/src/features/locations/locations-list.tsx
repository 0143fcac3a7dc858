import { LOCATION_SORTS } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { NamedRecordList } from '../../components/named-record-list';
import { locations } from './api';

/** Locations (docs/product.md §2): Id, Name, Create User; archived ones behind the 'Show archived' filter. */
export function LocationsList() {
  const { t } = useTranslation();
  return (
    <NamedRecordList
      resource={locations}
      path="/locations"
      sorts={LOCATION_SORTS}
      texts={{ title: t('nav.locations'), description: t('locations.description'), create: t('locations.create') }}
    />
  );
}
