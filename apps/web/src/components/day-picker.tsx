import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDay, shiftDay } from '../lib/dates';
import { todayIn } from '../lib/wall-clock';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { buttonClass, inputClass } from './ui';
import { useLatestSearchParams } from './use-latest-search-params';

/**
 * The chosen day, kept in the URL as ?date= (today in the user's zone when there is none or it is
 * not a day); choosing another starts again at page 1, keeping the search.
 */
export function useDayParam(zone: string): [string, (day: string) => void] {
  const [searchParams, setSearchParams] = useLatestSearchParams();
  const day = parseDay(searchParams.get('date')) ?? todayIn(zone);
  const setDay = useCallback(
    (next: string) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        params.set('date', next);
        params.delete('page');
        return params;
      }),
    [setSearchParams],
  );
  return [day, setDay];
}

/** The day (or, for the monthly report, the month) the list shows: a date input, a step either way, Today. */
export function DayPicker({
  day,
  zone,
  unit,
  onChange,
}: {
  day: string;
  zone: string;
  unit: 'day' | 'month';
  onChange: (day: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const stepClass = `${buttonClass.secondary} px-2`;
  return (
    <div className="flex items-center gap-2 sm:shrink-0" data-testid="day-picker">
      <label htmlFor={id} className="sr-only">
        {t('common.day')}
      </label>
      <button
        type="button"
        className={stepClass}
        aria-label={t(unit === 'day' ? 'common.previousDay' : 'common.previousMonth')}
        onClick={() => onChange(shiftDay(day, -1, unit))}
      >
        <ChevronLeftIcon className="size-4" />
      </button>
      <input
        id={id}
        type="date"
        value={day}
        required
        className={`${inputClass} min-w-0 flex-1 sm:w-40 sm:flex-none`}
        data-testid="day-input"
        // A cleared or half-typed date keeps the day shown until a whole one is entered.
        onChange={(event) => {
          const next = parseDay(event.target.value);
          if (next) onChange(next);
        }}
      />
      <button
        type="button"
        className={stepClass}
        aria-label={t(unit === 'day' ? 'common.nextDay' : 'common.nextMonth')}
        onClick={() => onChange(shiftDay(day, 1, unit))}
      >
        <ChevronRightIcon className="size-4" />
      </button>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={day === todayIn(zone)}
        onClick={() => onChange(todayIn(zone))}
      >
        {t('common.today')}
      </button>
    </div>
  );
}
