import type { ClosureResult, ClosureScope, CreateClosureInput } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/toast';
import { errorMessage } from '../../api/errors';
import { locationChoicesQuery } from '../../api/locations';
import { peopleQuery } from '../../api/people';
import { FilterSelect } from '../../components/filter-select';
import { PageTitle } from '../../components/page-title';
import { TextField } from '../../components/text-field';
import { buttonClass, cardClass, inputClass } from '../../components/ui';
import { WithChoices } from '../../components/with-choices';
import { useSession } from '../../auth/session-store';
import { formatDateTime } from '../../lib/dates';
import { fullName } from '../../lib/names';
import { todayIn } from '../../lib/wall-clock';
import { usePreviewClosure, useCreateClosure } from './api';
import { NotifyOption } from './notify-option';

type ScopeKind = ClosureScope['kind'];
const choiceTexts = { loading: 'common.loading', failed: 'calendar.choicesFailed' } as const;

/**
 * /closures/create (docs/product.md §12): title, days and scope; Preview shows the sessions that
 * would be cancelled and those kept (with why) and their guests, then 'Close these days' stores
 * it, telling the guests when 'Tell these guests' is ticked.
 */
export function ClosureFormScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const zone = user?.timezone ?? 'UTC';
  const today = todayIn(zone);
  const [title, setTitle] = useState('');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [kind, setKind] = useState<ScopeKind>('all');
  const [scopeId, setScopeId] = useState<number | undefined>();
  const [notify, setNotify] = useState(false);
  const preview = usePreviewClosure();
  const createClosure = useCreateClosure();
  const scopeSelectId = useId();

  const input = (): CreateClosureInput => ({
    title,
    from,
    to,
    timezone: zone,
    scope: kind === 'all' ? { kind } : { kind, id: scopeId ?? 0 },
  });
  // A change to what is asked makes the preview stale: it goes until asked again.
  const change =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      preview.reset();
    };

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    preview.mutate(input());
  };
  const onConfirm = () =>
    createClosure.mutate(
      { ...input(), notify },
      {
        onSuccess: (result) => {
          toast.success(t('closures.created', { title: result.closure.title, count: result.cancelled.length }));
          void navigate('/closures');
        },
        onError: (error) => toast.error(errorMessage(error, t('common.saveFailed'))),
      },
    );

  return (
    <div className="space-y-6">
      <PageTitle title={t('closures.create')} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('closures.create')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('closures.formHint', { zone })}</p>
      </div>
      <form onSubmit={onPreview} className={`${cardClass} p-4 sm:p-6`}>
        <fieldset disabled={preview.isPending || createClosure.isPending} className="grid gap-4 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label={t('common.title')}
            value={title}
            required
            maxLength={500}
            onChange={(event) => change(setTitle)(event.target.value)}
          />
          <TextField
            type="date"
            label={t('closures.from')}
            value={from}
            required
            onChange={(event) => change(setFrom)(event.target.value)}
          />
          <TextField
            type="date"
            label={t('closures.to')}
            value={to}
            min={from}
            required
            onChange={(event) => change(setTo)(event.target.value)}
          />
          <div>
            <label htmlFor={scopeSelectId} className="block text-sm font-medium text-slate-900">
              {t('closures.scope')}
            </label>
            <select
              id={scopeSelectId}
              value={kind}
              onChange={(event) => {
                change(setKind)(event.target.value as ScopeKind);
                setScopeId(undefined);
              }}
              className={`${inputClass} mt-2 pr-8`}
            >
              <option value="all">{t('closures.scopeAll')}</option>
              <option value="location">{t('closures.scopeKindLocation')}</option>
              <option value="organiser">{t('closures.scopeKindOrganiser')}</option>
            </select>
          </div>
          {kind !== 'all' && <ScopeChoice kind={kind} value={scopeId} onChange={change(setScopeId)} />}
        </fieldset>
        {preview.isError && (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {errorMessage(preview.error, t('closures.previewFailed'))}
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.secondary} disabled={preview.isPending}>
            {preview.isPending ? t('common.loading') : t('closures.preview')}
          </button>
          <Link to="/closures" className={buttonClass.secondary}>
            {t('closures.back')}
          </Link>
        </div>
      </form>
      {preview.data && (
        <Preview
          result={preview.data}
          zone={zone}
          busy={createClosure.isPending}
          notify={notify}
          onNotifyChange={setNotify}
          onConfirm={onConfirm}
          canConfirm={!preview.isPending}
        />
      )}
    </div>
  );
}

/** The location or organiser a scope names, from the choices. */
function ScopeChoice({
  kind,
  value,
  onChange,
}: {
  kind: 'location' | 'organiser';
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const locations = useQuery({ ...locationChoicesQuery(), enabled: kind === 'location' });
  const organisers = useQuery({ ...peopleQuery('editor'), enabled: kind === 'organiser' });
  if (kind === 'location') {
    return (
      <WithChoices label={t('closures.scopeKindLocation')} query={locations} texts={choiceTexts}>
        {(data) => (
          <FilterSelect
            label={t('closures.scopeKindLocation')}
            emptyLabel={t('closures.choose')}
            value={value}
            options={data.items.map((location) => ({ value: location.id, label: location.name }))}
            onChange={onChange}
          />
        )}
      </WithChoices>
    );
  }
  return (
    <WithChoices label={t('closures.scopeKindOrganiser')} query={organisers} texts={choiceTexts}>
      {(data) => (
        <FilterSelect
          label={t('closures.scopeKindOrganiser')}
          emptyLabel={t('closures.choose')}
          value={value}
          options={data.items.map((person) => ({ value: person.id, label: fullName(person) }))}
          onChange={onChange}
        />
      )}
    </WithChoices>
  );
}

/**
 * What the closure would do: the sessions it cancels and those it keeps, with why, and the guests
 * of those it cancels (who 'Tell these guests' messages); then confirm.
 */
function Preview({
  result,
  zone,
  busy,
  canConfirm,
  notify,
  onNotifyChange,
  onConfirm,
}: {
  result: ClosureResult;
  zone: string;
  busy: boolean;
  canConfirm: boolean;
  notify: boolean;
  onNotifyChange: (notify: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const when = (startsAt: string) => formatDateTime(startsAt, zone);
  return (
    <section aria-labelledby="closure-preview" className={`${cardClass} space-y-4 p-4 sm:p-6`}>
      <h2 id="closure-preview" className="text-lg font-semibold text-slate-900">
        {t('closures.previewTitle')}
      </h2>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          {t('closures.willCancel', { count: result.cancelled.length })}
        </h3>
        {result.cancelled.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">{t('closures.noneToCancel')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="closure-cancelled">
            {result.cancelled.map((session) => (
              <li key={session.occurrenceId} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span className="font-medium">{session.title}</span>
                <span className="text-slate-600 tabular-nums">{when(session.startsAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {result.kept.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {t('closures.willKeep', { count: result.kept.length })}
          </h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="closure-kept">
            {result.kept.map((session) => (
              <li key={session.occurrenceId} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span className="font-medium">{session.title}</span>
                <span className="text-slate-600">
                  {when(session.startsAt)} · {t(`closures.kept.${session.reason}`)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.guests.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {t('closures.guests', { count: result.guests.length })}
          </h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="closure-guests">
            {result.guests.map((guest) => (
              <li key={guest.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span className="font-medium">{guest.name}</span>
                <span className="text-slate-600">{t('closures.guestSessions', { count: guest.sessionCount })}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.guests.length > 0 ? (
        <NotifyOption
          label={t('closures.tellGuests')}
          hint={t('closures.tellGuestsHint')}
          checked={notify}
          disabled={busy}
          onChange={onNotifyChange}
        />
      ) : (
        result.cancelled.length > 0 && <p className="text-sm text-slate-500">{t('closures.tellNobody')}</p>
      )}
      <button type="button" className={buttonClass.danger} onClick={onConfirm} disabled={busy || !canConfirm}>
        {busy ? t('common.loading') : t('closures.confirm')}
      </button>
    </section>
  );
}
