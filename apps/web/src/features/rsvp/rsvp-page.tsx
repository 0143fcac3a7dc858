import type { Rsvp, RsvpResponse } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/errors';
import { LogoMark } from '../../components/logo-mark';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { buttonClass, cardClass } from '../../components/ui';
import { loadLanguage, translateMessage } from '../../i18n';
import { rsvpQuery, useAnswerRsvp } from './api';

/** Dates and times in the guest's zone and the page's language. */
const formatterIn = (zone: string, language: string) =>
  new Intl.DateTimeFormat(language === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: zone,
  });
/** `Saturday 11 April 2026, 10:00`. */
const formatIn = (instant: string, zone: string, language: string) =>
  formatterIn(zone, language).format(new Date(instant));
/** `Saturday, 11 April 2026, 10:00–11:00`: the day once when the session ends on the day it starts. */
const formatRangeIn = (start: string, end: string, zone: string, language: string) =>
  formatterIn(zone, language).formatRange(new Date(start), new Date(end));

/** What an answer's failure says: the server's reason (started, cancelled, unknown link) in words. */
const failureText = (error: unknown) => (error instanceof ApiError ? translateMessage(error) : errorMessage(error));

/**
 * A guest's own answer (docs/product.md §12), opened from the link in their reminder without an
 * account: the session in their zone, what answering "no" means now (in time or late), Yes and No,
 * and their current answer. The page speaks the guest's language. Made for a phone.
 */
export function RsvpPage() {
  const { t, i18n } = useTranslation();
  const token = useParams().token ?? '';
  const rsvp = useQuery(rsvpQuery(token));
  const answer = useAnswerRsvp(token);
  const language = rsvp.data?.guest.language;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!language) return;
    void loadLanguage(language)
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, [language]);

  const shell = (children: ReactNode) => (
    <main className="flex min-h-dvh flex-col bg-slate-50 px-4 py-8">
      <PageTitle title={t('rsvp.pageTitle')} />
      <div className="mx-auto w-full max-w-md">
        <div className="flex items-center justify-center gap-3">
          <LogoMark tileClass="size-9 rounded-xl bg-indigo-600" iconClass="size-6" />
          <span className="text-lg font-semibold tracking-tight text-slate-900">{t('app.name')}</span>
        </div>
        <div className={`${cardClass} mt-6 px-5 py-6`}>{children}</div>
      </div>
    </main>
  );

  if (rsvp.isPending || (rsvp.data && !ready)) {
    return shell(
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner /> {t('common.loading')}
      </p>,
    );
  }
  if (rsvp.isError) {
    const unknown = rsvp.error instanceof ApiError && rsvp.error.status === 404;
    return shell(
      <>
        <h1 className="text-xl font-semibold text-slate-900">{t('rsvp.pageTitle')}</h1>
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="rsvp-error">
          {unknown ? t('rsvp.notFound') : t('rsvp.loadFailed', { error: failureText(rsvp.error) })}
        </p>
      </>,
    );
  }
  return shell(<RsvpDetails rsvp={rsvp.data} language={i18n.language} answer={answer} />);
}

function RsvpDetails({
  rsvp,
  language,
  answer,
}: {
  rsvp: Rsvp;
  language: string;
  answer: ReturnType<typeof useAnswerRsvp>;
}) {
  const { t } = useTranslation();
  const { session } = rsvp;
  const zone = session.timezone;
  // The moment the page opened: whether a "no" is still in time, as the server will judge it.
  const [openedAt] = useState(() => Date.now());
  const inTime = openedAt < new Date(rsvp.cutoff).getTime();
  const send = (response: RsvpResponse) => answer.mutate({ response });
  const current =
    rsvp.response === 'yes' ? t('rsvp.answerYes') : rsvp.response === 'no' ? t('rsvp.answerNo') : t('rsvp.answerNone');
  const cancelled = session.status === 'cancelled';
  // Nothing to answer once cancelled or started: the page says which, and offers nothing to press.
  const closed = !rsvp.answerable;
  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900">{session.title}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('rsvp.greeting', { name: rsvp.guest.name })}</p>
      <dl className="mt-4 space-y-2 text-sm">
        <div>
          <dt className="font-medium text-slate-900">{t('common.when')}</dt>
          <dd className="text-slate-700">
            <span data-testid="rsvp-when">{formatRangeIn(session.startsAt, session.endsAt, zone, language)}</span>
            <span className="block text-xs text-slate-500">{t('common.timesIn', { zone })}</span>
          </dd>
        </div>
        {session.location && (
          <div>
            <dt className="font-medium text-slate-900">{t('rsvp.where')}</dt>
            <dd className="text-slate-700">{session.location}</dd>
          </div>
        )}
        {session.organiser && (
          <div>
            <dt className="font-medium text-slate-900">{t('common.organiser')}</dt>
            <dd className="text-slate-700">{session.organiser}</dd>
          </div>
        )}
        {session.conferenceLink && !closed && (
          <div>
            <dt className="font-medium text-slate-900">{t('rsvp.join')}</dt>
            <dd>
              <a className="break-all text-indigo-700 underline" href={session.conferenceLink}>
                {session.conferenceLink}
              </a>
            </dd>
          </div>
        )}
      </dl>
      {closed ? (
        <p
          className={`mt-5 rounded-md px-3 py-2 text-sm font-medium ${cancelled ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-800'}`}
          role="status"
          data-testid="rsvp-closed"
        >
          {cancelled ? t('rsvp.cancelled') : t('rsvp.started')}
        </p>
      ) : (
        <p
          className={`mt-5 rounded-md px-3 py-2 text-sm ${inTime ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
          data-testid="rsvp-notice"
        >
          {inTime ? t('rsvp.inTime', { time: formatIn(rsvp.cutoff, zone, language) }) : t('rsvp.late')}
        </p>
      )}
      {(!closed || rsvp.response !== null) && (
        <p className="mt-4 text-sm font-medium text-slate-900" role="status" data-testid="rsvp-answer">
          {current}
          {answer.isSuccess && <span className="ml-1 font-normal text-slate-600">{t('rsvp.saved')}</span>}
        </p>
      )}
      {!closed && (
        <fieldset disabled={answer.isPending} className="mt-3 grid grid-cols-1 gap-3">
          <button
            type="button"
            className={`${rsvp.response === 'yes' ? buttonClass.primary : buttonClass.secondary} w-full py-3`}
            aria-pressed={rsvp.response === 'yes'}
            onClick={() => send('yes')}
          >
            {t('rsvp.yes')}
          </button>
          <button
            type="button"
            className={`${rsvp.response === 'no' ? buttonClass.danger : buttonClass.secondary} w-full py-3`}
            aria-pressed={rsvp.response === 'no'}
            onClick={() => send('no')}
          >
            {t('rsvp.no')}
          </button>
        </fieldset>
      )}
      {answer.isError && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="rsvp-error">
          {t('rsvp.failed', { error: failureText(answer.error) })}
        </p>
      )}
    </>
  );
}
