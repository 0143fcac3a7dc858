import {
  coverMessages,
  minutesOf,
  WEEK_DAYS,
  type Availability,
  type WeekDay,
  type WorkingInterval,
} from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast';
import { buttonClass, inputClass } from '../../components/ui';
import { translateMessage } from '../../i18n';
import { availabilityQuery, useSaveAvailability } from './api';

/** An interval as edited: a key of its own, and `to` as a time input holds it (midnight is 00:00, not 24:00). */
interface Row {
  key: number;
  day: WeekDay;
  from: string;
  to: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The end of an interval in minutes: 00:00 is the day's end (24:00). */
const endOf = (to: string) => (to === '00:00' ? 24 * 60 : minutesOf(to));
const shownTo = (to: string) => (to === '24:00' ? '00:00' : to);
const sentTo = (to: string) => (to === '00:00' ? '24:00' : to);
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * What is wrong with each row (by key), as the server would refuse it (docs/domain.md#working-hours):
 * a time missing, `from` not before `to`, or two intervals of a day overlapping (said under both).
 */
export function intervalProblems(rows: readonly Row[]): Map<number, string> {
  const problems = new Map<number, string>();
  for (const row of rows) {
    if (!TIME.test(row.from) || !TIME.test(row.to)) problems.set(row.key, translateMessage(coverMessages.timeInvalid));
    else if (minutesOf(row.from) >= endOf(row.to))
      problems.set(row.key, translateMessage(coverMessages.intervalInverted));
  }
  for (const day of WEEK_DAYS) {
    const valid = rows
      .filter((row) => row.day === day && !problems.has(row.key))
      .sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
    valid.forEach((row, i) => {
      const before = valid[i - 1];
      if (before && endOf(before.to) > minutesOf(row.from)) {
        const overlap = translateMessage(coverMessages.intervalsOverlap);
        problems.set(before.key, overlap);
        problems.set(row.key, overlap);
      }
    });
  }
  return problems;
}

/**
 * An editor's working hours (docs/domain.md#working-hours), on their edit page and their My
 * Profile: the week in their zone, each day's intervals added and removed; what the server would
 * refuse is said under the interval as it is typed; Save sends the whole week. An empty week means
 * no limit.
 */
export function WorkingHoursPanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const availability = useQuery(availabilityQuery(userId));
  const data = availability.data;
  return (
    <Panel
      id="working-hours"
      title={t('cover.workingHours')}
      subtitle={data ? t('cover.workingHoursHint', { zone: data.timezone }) : undefined}
    >
      {availability.isPending ? (
        <p role="status" className="flex items-center gap-2 px-4 py-5 text-sm text-slate-500 sm:px-6">
          <Spinner />
          {t('common.loading')}
        </p>
      ) : availability.isError || !data ? (
        <p role="alert" className="px-4 py-5 text-sm text-red-700 sm:px-6">
          {errorMessage(availability.error, t('cover.workingHoursFailed'))}
        </p>
      ) : (
        // Keyed by user only: a save keeps the rows (and the focus) as they are.
        <WeekEditor key={userId} userId={userId} availability={data} />
      )}
    </Panel>
  );
}

function WeekEditor({ userId, availability }: { userId: number; availability: Availability }) {
  const { t } = useTranslation();
  const save = useSaveAvailability(userId);
  const nextKey = useRef(availability.weekly.length);
  const form = useRef<HTMLFormElement>(null);
  const [rows, setRows] = useState<Row[]>(() =>
    availability.weekly.map((interval, key) => ({ key, ...interval, to: shownTo(interval.to) })),
  );
  const problems = intervalProblems(rows);
  const dayName = (day: WeekDay) => t(`events.weekdayNames.${day}`);

  const change = (key: number, part: 'from' | 'to', value: string) => {
    setRows((before) => before.map((row) => (row.key === key ? { ...row, [part]: value } : row)));
    save.reset();
  };
  const add = (day: WeekDay) => {
    // After the day's last interval (an hour long), else a working day's 09:00–17:00.
    const last = rows
      .filter((row) => row.day === day && TIME.test(row.to))
      .sort((a, b) => endOf(a.to) - endOf(b.to))
      .at(-1);
    const start = last ? Math.min(endOf(last.to), 23 * 60) : 9 * 60;
    const end = last ? Math.min(start + 60, 24 * 60) : 17 * 60;
    setRows((before) => [...before, { key: nextKey.current++, day, from: timeOf(start), to: timeOf(end) }]);
    save.reset();
  };
  const remove = (key: number) => {
    setRows((before) => before.filter((row) => row.key !== key));
    save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.size > 0) {
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const weekly: WorkingInterval[] = WEEK_DAYS.flatMap((day) =>
      rows
        .filter((row) => row.day === day)
        .sort((a, b) => minutesOf(a.from) - minutesOf(b.from))
        .map((row) => ({ day, from: row.from, to: sentTo(row.to) })),
    );
    save.mutate({ weekly }, { onSuccess: () => toast.success(t('cover.hoursSaved')) });
  };

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="space-y-4 px-4 py-5 sm:px-6"
      data-testid="working-hours-form"
    >
      <div className="divide-y divide-slate-100">
        {WEEK_DAYS.map((day) => {
          const ofDay = rows.filter((row) => row.day === day);
          return (
            <fieldset key={day} className="py-3" data-testid={`hours-${day}`}>
              <legend className="sr-only">{dayName(day)}</legend>
              <div className="grid gap-2 sm:grid-cols-[8rem_1fr] sm:gap-4">
                <p aria-hidden="true" className="pt-2 text-sm font-medium text-slate-900">
                  {dayName(day)}
                </p>
                <div className="space-y-2">
                  {ofDay.length === 0 && <p className="pt-2 text-sm text-slate-500">{t('cover.noHours')}</p>}
                  {ofDay.map((row) => (
                    <IntervalRow
                      key={row.key}
                      row={row}
                      dayName={dayName(day)}
                      problem={problems.get(row.key)}
                      disabled={save.isPending}
                      onChange={(part, value) => change(row.key, part, value)}
                      onRemove={() => remove(row.key)}
                    />
                  ))}
                  <button
                    type="button"
                    className={`${buttonClass.secondary} min-h-9`}
                    disabled={save.isPending}
                    onClick={() => add(day)}
                  >
                    <PlusIcon className="size-4" />
                    {t('cover.addInterval', { day: dayName(day) })}
                  </button>
                </div>
              </div>
            </fieldset>
          );
        })}
      </div>
      {save.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage(save.error, t('common.saveFailed'))}
        </p>
      )}
      <button
        type="submit"
        className={buttonClass.primary}
        disabled={save.isPending}
        aria-busy={save.isPending || undefined}
      >
        {save.isPending && <Spinner />}
        {t('cover.saveHours')}
      </button>
    </form>
  );
}

function IntervalRow({
  row,
  dayName,
  problem,
  disabled,
  onChange,
  onRemove,
}: {
  row: Row;
  dayName: string;
  problem: string | undefined;
  disabled: boolean;
  onChange: (part: 'from' | 'to', value: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const aria = problem ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-problem` } : {};
  return (
    <div>
      <div className="flex max-w-md items-center gap-2">
        <label htmlFor={`${id}-from`} className="sr-only">
          {t('cover.intervalFrom', { day: dayName })}
        </label>
        <div className="min-w-0 flex-1">
          <input
            id={`${id}-from`}
            type="time"
            value={row.from}
            disabled={disabled}
            onChange={(event) => onChange('from', event.target.value)}
            className={inputClass}
            {...aria}
          />
        </div>
        <span aria-hidden="true" className="text-slate-500">
          –
        </span>
        <label htmlFor={`${id}-to`} className="sr-only">
          {t('cover.intervalTo', { day: dayName })}
        </label>
        <div className="min-w-0 flex-1">
          <input
            id={`${id}-to`}
            type="time"
            value={row.to}
            disabled={disabled}
            onChange={(event) => onChange('to', event.target.value)}
            className={inputClass}
            {...aria}
          />
        </div>
        <button
          type="button"
          className="shrink-0 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
          disabled={disabled}
          aria-label={t('cover.removeInterval', { day: dayName, from: row.from, to: row.to })}
          onClick={onRemove}
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
