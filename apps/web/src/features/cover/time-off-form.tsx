import { TIME_OFF_REASON_MAX, type CreateTimeOffInput, type TimeOffResult } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors';
import { peopleQuery } from '../../api/people';
import { useSession } from '../../auth/session-store';
import { FilterSelect } from '../../components/filter-select';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast';
import { buttonClass, cardClass } from '../../components/ui';
import { WithChoices } from '../../components/with-choices';
import { formatDateTime } from '../../lib/dates';
import { fullName } from '../../lib/names';
import { todayIn } from '../../lib/wall-clock';
import { useCreateTimeOff, usePreviewTimeOff } from './api';

const choiceTexts = { loading: 'common.loading', failed: 'calendar.choicesFailed' } as const;

/**
 * /time-off/create (docs/domain.md#time-off): whose (an admin picks an editor, an editor records
 * their own), the first and last day and why; 'Show affected sessions' asks the server as a dry
 * run, then 'Save time off' records it (it cancels nothing) and an admin goes on to its cover plan.
 */
export function TimeOffFormScreen() {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const navigate = useNavigate();
  const zone = user?.timezone ?? 'UTC';
  const today = todayIn(zone);
  const admin = role === 'admin';
  const [userId, setUserId] = useState<number | undefined>(admin || !user ? undefined : Number(user.id));
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [reason, setReason] = useState('');
  const preview = usePreviewTimeOff();
  const createTimeOff = useCreateTimeOff();

  const input = (): CreateTimeOffInput => ({ userId: userId ?? 0, from, to, reason: reason.trim() || null });
  // A change to what is asked makes the affected sessions stale: they go until asked again.
  const change =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      preview.reset();
      createTimeOff.reset();
    };

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    preview.mutate(input());
  };
  const onSave = () =>
    createTimeOff.mutate(input(), {
      onSuccess: ({ timeOff }) => {
        toast.success(t('cover.saved', { name: timeOff.user.name }));
        void navigate(admin && timeOff.id !== null ? `/time-off/${timeOff.id}/cover-plan` : '/time-off');
      },
    });

  return (
    <div className="space-y-6">
      <PageTitle title={t('cover.newTimeOff')} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('cover.newTimeOff')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('cover.formHint')}</p>
      </div>
      <form onSubmit={onPreview} className={`${cardClass} p-4 sm:p-6`}>
        <fieldset disabled={preview.isPending || createTimeOff.isPending} className="grid gap-4 sm:grid-cols-2">
          {admin ? (
            <UserChoice value={userId} onChange={change(setUserId)} />
          ) : (
            <div>
              <p className="text-sm font-medium text-slate-900">{t('items.User')}</p>
              <p className="mt-2 py-2 text-sm text-slate-700" data-testid="time-off-self">
                {user?.username}
              </p>
            </div>
          )}
          <div className="hidden sm:block" />
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
          <TextField
            className="sm:col-span-2"
            label={t('cancellation.reason')}
            value={reason}
            maxLength={TIME_OFF_REASON_MAX}
            onChange={(event) => change(setReason)(event.target.value)}
          />
        </fieldset>
        {preview.isError && (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {errorMessage(preview.error, t('cover.previewFailed'))}
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="submit"
            className={buttonClass.secondary}
            disabled={preview.isPending || userId === undefined}
            aria-busy={preview.isPending || undefined}
          >
            {preview.isPending && <Spinner />}
            {t('cover.preview')}
          </button>
          <Link to="/time-off" className={buttonClass.secondary}>
            {t('cover.back')}
          </Link>
        </div>
      </form>
      {preview.data && (
        <AffectedOccurrences
          result={preview.data}
          zone={zone}
          busy={createTimeOff.isPending}
          error={createTimeOff.isError ? errorMessage(createTimeOff.error, t('common.saveFailed')) : undefined}
          onSave={onSave}
        />
      )}
    </div>
  );
}

/** The editor whose time off it is: the active editors, one to choose. */
function UserChoice({ value, onChange }: { value: number | undefined; onChange: (value: number | undefined) => void }) {
  const { t } = useTranslation();
  const editors = useQuery(peopleQuery('editor'));
  return (
    <WithChoices label={t('items.User')} query={editors} texts={choiceTexts}>
      {(data) => (
        <FilterSelect
          label={t('items.User')}
          emptyLabel={t('closures.choose')}
          value={value}
          options={data.items.map((person) => ({ value: person.id, label: fullName(person) }))}
          onChange={onChange}
        />
      )}
    </WithChoices>
  );
}

/** The sessions of theirs on those days (nothing is cancelled), then 'Save time off'. */
function AffectedOccurrences({
  result,
  zone,
  busy,
  error,
  onSave,
}: {
  result: TimeOffResult;
  zone: string;
  busy: boolean;
  error: string | undefined;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="time-off-preview" className={`${cardClass} space-y-4 p-4 sm:p-6`}>
      <div>
        <h2 id="time-off-preview" className="text-lg font-semibold text-slate-900">
          {t('cover.previewTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {result.affected.length === 0
            ? t('cover.noneAffected')
            : t('cover.affected', { count: result.affected.length })}
        </p>
      </div>
      {result.affected.length > 0 && (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="time-off-affected">
          {result.affected.map((session) => (
            <li key={session.occurrenceId} className="flex flex-wrap justify-between gap-2 py-1.5">
              <span className="font-medium">{session.title}</span>
              <span className="text-slate-600 tabular-nums">{formatDateTime(session.startsAt, zone)}</span>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="button"
        className={buttonClass.primary}
        onClick={onSave}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy && <Spinner />}
        {t('cover.save')}
      </button>
    </section>
  );
}
