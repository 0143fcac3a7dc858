import { zodResolver } from '@hookform/resolvers/zod';
import { createLocationSchema, type Location } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { TextField } from '../../components/text-field';
import { buttonClass, cardClass } from '../../components/ui';
import { useSession } from '../../auth/session-store';
import { translateMessage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { locationQuery, useCreateLocation, useUpdateLocation } from './api';

function FormFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="max-w-2xl space-y-6">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/locations" className={buttonClass.secondary}>
      {t('form.back')}
    </Link>
  );
}

/**
 * Create or edit a location (spec §2): one Name field, trimmed and required. A failed save keeps
 * the user on the form with the server's reason, so nothing typed is lost.
 */
function LocationForm({ location }: { location?: Location }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const createLocation = useCreateLocation();
  const updateLocation = useUpdateLocation();
  const editing = location !== undefined;
  const title = editing ? t('locations.editTitle') : t('locations.createTitle');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(createLocationSchema), defaultValues: { name: location?.name ?? '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (editing) {
        await updateLocation.mutateAsync({ id: location.id, changes: values });
        toast.success(t('locations.updated'));
      } else {
        await createLocation.mutateAsync(values);
        toast.success(t('locations.created'));
      }
      await navigate('/locations');
    } catch (error) {
      toast.error(
        error instanceof Error && error.message ? translateMessage(error.message) : t('locations.saveFailed'),
      );
    }
  });

  const created = location ? formatDateTime(location.createdAt, user?.timezone) : '';
  return (
    <FormFrame title={title}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className={cardClass}>
        <fieldset disabled={isSubmitting} className="space-y-6 px-6 py-6">
          <TextField
            label={t('locations.name')}
            placeholder={t('locations.namePlaceholder')}
            required
            autoFocus
            maxLength={200}
            error={errors.name?.message ? translateMessage(errors.name.message) : undefined}
            {...register('name')}
          />
          {location && created && (
            <p className="text-sm text-slate-500">
              {location.user
                ? t('locations.createdBy', { date: created, username: location.user.username })
                : t('locations.createdOn', { date: created })}
            </p>
          )}
        </fieldset>
        <div className="flex items-center justify-end gap-3 rounded-b-lg border-t border-slate-200 bg-slate-50 px-6 py-4">
          <BackLink />
          <button type="submit" disabled={isSubmitting} className={buttonClass.primary}>
            {isSubmitting && <Spinner />}
            {editing ? t('locations.submitUpdate') : t('locations.submitCreate')}
          </button>
        </div>
      </form>
    </FormFrame>
  );
}

function EditLocation({ locationId }: { locationId: string }) {
  const { t } = useTranslation();
  const { data, error, isPending } = useQuery({ ...locationQuery(Number(locationId)), retry: false });
  const message = error ? t('locations.fetchFailed', { error: translateMessage(error.message) }) : null;

  useEffect(() => {
    if (message) toast.error(message, { id: `location-${locationId}-fetch` });
  }, [message, locationId]);

  if (data) return <LocationForm key={data.id} location={data} />;
  return (
    <FormFrame title={t('locations.editTitle')}>
      <div className={`${cardClass} px-6 py-10`}>
        {isPending ? (
          <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-500">
            <Spinner />
            {t('app.loading')}
          </p>
        ) : (
          <p role="alert" className="text-center text-sm text-red-700">
            {message}
          </p>
        )}
      </div>
      <BackLink />
    </FormFrame>
  );
}

/** /locations/create and /locations/:locationId/edit. */
export function LocationFormScreen() {
  const { locationId } = useParams();
  return locationId ? <EditLocation key={locationId} locationId={locationId} /> : <LocationForm />;
}
