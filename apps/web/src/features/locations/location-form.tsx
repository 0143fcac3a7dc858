import { createLocationSchema, type Location } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session-store';
import { EntityForm, FormSection } from '../../components/entity-form';
import { TextInput } from '../../components/form-fields';
import { formatDateTime } from '../../lib/dates';
import { locationQuery, useCreateLocation, useUpdateLocation } from './api';

/** /locations/create and /locations/:locationId/edit (docs/product.md §2): one Name field, trimmed and required. */
export function LocationFormScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const createLocation = useCreateLocation();
  const updateLocation = useUpdateLocation();
  return (
    <EntityForm
      idParam="locationId"
      listPath="/locations"
      texts={{
        createTitle: t('locations.createTitle'),
        editTitle: t('locations.editTitle'),
        submitCreate: t('locations.createTitle'),
        submitUpdate: t('locations.submitUpdate'),
        created: t('locations.created'),
        updated: t('locations.updated'),
        saveFailed: t('common.saveFailed'),
        fetchFailed: (error) => t('locations.fetchFailed', { error }),
      }}
      itemQuery={locationQuery}
      schema={createLocationSchema}
      defaults={(location?: Location) => ({ name: location?.name ?? '' })}
      save={(values, location) =>
        location ? updateLocation.mutateAsync({ id: location.id, changes: values }) : createLocation.mutateAsync(values)
      }
    >
      {({ item: location }) => {
        const created = location ? formatDateTime(location.createdAt, user?.timezone) : '';
        return (
          <FormSection>
            <TextInput
              name="name"
              label={t('common.name')}
              placeholder={t('locations.namePlaceholder')}
              required
              autoFocus
              maxLength={200}
            />
            {location && created && (
              <p className="text-sm text-slate-500">
                {location.user
                  ? t('common.createdBy', { date: created, username: location.user.username })
                  : t('common.createdOn', { date: created })}
              </p>
            )}
          </FormSection>
        );
      }}
    </EntityForm>
  );
}
