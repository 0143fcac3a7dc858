import { createLocationSchema, type Location } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { CreatedLine } from '../../components/created-line';
import { FormSection, ResourceForm } from '../../components/entity-form';
import { NameInput } from '../../components/form-fields';
import { locations } from './api';

/** /locations/create and /locations/:locationId/edit (docs/product.md §2): one Name field, trimmed and required. */
export function LocationFormScreen() {
  const { t } = useTranslation();
  return (
    <ResourceForm
      resource={locations}
      schema={createLocationSchema}
      defaults={(location?: Location) => ({ name: location?.name ?? '' })}
    >
      {({ item: location }) => (
        <FormSection>
          <NameInput placeholder={t('locations.namePlaceholder')} maxLength={200} />
          {location && <CreatedLine record={location} />}
        </FormSection>
      )}
    </ResourceForm>
  );
}
