import { errorMessage } from '../../api/errors';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { confirmAction } from '../../components/confirm';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { buttonClass, inputClass } from '../../components/ui';
import { copyText } from '../../lib/clipboard';
import { calendarFeedQuery, useResetCalendarFeed } from './api';

function FeedAddress({ userId, url }: { userId: number; url: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const reset = useResetCalendarFeed(userId);

  const copy = async () => {
    if (await copyText(url)) {
      toast.success(t('profile.feed.copied'));
      return;
    }
    // Selected, the address is one keystroke from the user's own copy.
    input.current?.focus();
    input.current?.select();
    toast.error(t('profile.feed.copyFailed'));
  };
  const resetAddress = () => {
    if (!confirmAction(t('profile.feed.confirmReset'))) return;
    reset.mutate(undefined, {
      onSuccess: () => toast.success(t('profile.feed.resetDone')),
      onError: (error) => toast.error(t('profile.feed.resetFailed', { error: errorMessage(error) })),
    });
  };

  return (
    <div className="space-y-3 px-4 py-5 sm:px-6">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {t('profile.feed.address')}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={input}
          id={inputId}
          type="text"
          readOnly
          value={url}
          spellCheck={false}
          className={`${inputClass} font-mono`}
          data-testid="calendar-feed-url"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex shrink-0 gap-3">
          <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
            {t('profile.feed.copy')}
          </button>
          <button type="button" className={buttonClass.secondary} disabled={reset.isPending} onClick={resetAddress}>
            {reset.isPending && <Spinner />}
            {t('profile.feed.reset')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** My Profile's calendar subscription: the secret .ics address, to copy or replace. */
export function CalendarFeedSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const feed = useQuery(calendarFeedQuery(userId));
  let body;
  if (feed.data) {
    body = <FeedAddress userId={userId} url={feed.data.url} />;
  } else if (feed.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3 px-4 py-5 sm:px-6">
        <p role="alert" className="text-sm text-red-700">
          {t('profile.feed.loadFailed', { error: errorMessage(feed.error) })}
        </p>
        <button type="button" className={buttonClass.secondary} onClick={() => void feed.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    body = (
      <p role="status" className="flex items-center gap-2 px-4 py-5 text-sm text-slate-500 sm:px-6">
        <Spinner />
        {t('profile.feed.loading')}
      </p>
    );
  }
  return (
    <Panel id="calendar-feed" title={t('profile.feed.title')} subtitle={t('profile.feed.description')}>
      {body}
    </Panel>
  );
}
