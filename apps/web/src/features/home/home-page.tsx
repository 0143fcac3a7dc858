import { DEFAULT_TIMEZONE, OCCURRENCE_PAGE_MAX, SESSION_NOTES_FORM_ID, type EventOccurrence } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../auth/session-store';
import { MakeupBadge } from '../../entities/occurrence/makeup-badge';
import { AttendanceBadge, GuestsWithMarks } from '../../entities/occurrence/attendance-badge';
import { CancellationReason } from '../../entities/occurrence/cancellation-reason';
import { CoverLine } from '../../entities/occurrence/cover-line';
import { Widget } from '../../lib/widgets';
import { ChevronRightIcon } from '../../components/icons';
import { Loaded } from '../../components/loaded';
import { useNavItems } from '../../components/nav-items';
import { PageTitle } from '../../components/page-title';
import { Panel } from '../../components/panel';
import { StatusBadge } from '../../components/status-badge';
import { cardClass } from '../../components/ui';
import { translateMessage } from '../../i18n';
import { formQuery } from '../../api/forms';
import { messageLogListQuery } from '../../api/message-logs';
import { occurrenceListQuery } from '../../api/occurrences';
import { shownFormTitle } from '../../lib/form-title';
import { fullName } from '../../lib/names';
import { formatDay, organiserZone } from '../../entities/occurrence/rows';
import { dateTimeIn, timeIn, todayIn } from '../../lib/wall-clock';
import { formsToFill, isWebLink } from './home-values';
import { AdminClashes } from './admin-clashes';
import { ToFill } from './to-fill';
import { UnpaidInvoices } from './unpaid-invoices';

/** How many of today's occurrences the admin's dashboard lists; the rest are a click away. */
const ADMIN_ROWS = 20;
/** How many of a guest's next sessions are shown. */
const GUEST_ROWS = 5;

const linkClass =
  'font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

function EmptyText({ children }: { children: ReactNode }) {
  return <p className="px-4 py-6 text-sm text-slate-600 sm:px-6">{children}</p>;
}

/** An occurrence's start on its organiser's clock (the time it is set at, wherever the reader is). */
function StartTime({ occurrence }: { occurrence: EventOccurrence }) {
  return (
    <span className="w-12 shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
      {timeIn(occurrence.occurrenceDate, organiserZone(occurrence))}
    </span>
  );
}

/** ' · Europe/London time' when the organiser's zone is not the reader's, so the time is not misread. */
function ZoneNote({ occurrence, zone }: { occurrence: EventOccurrence; zone: string }) {
  const { t } = useTranslation();
  const organiser = organiserZone(occurrence);
  return organiser === zone ? null : <> · {t('home.zoneTime', { zone: organiser })}</>;
}

/**
 * A session's title on Home, with its make-up mark; a cancelled one struck through, its reason
 * under it (docs/domain.md#cancellation), as in the lists and the calendar.
 */
function OccurrenceTitle({ occurrence, className }: { occurrence: EventOccurrence; className: string }) {
  const cancelled = occurrence.status === 'cancelled';
  return (
    <>
      <p className={`${className} break-words ${cancelled ? 'text-slate-500' : 'text-slate-900'}`}>
        {cancelled ? <s data-testid="cancelled-title">{occurrence.event.title}</s> : occurrence.event.title}
        <MakeupBadge makeupOf={occurrence.makeupOf} />
      </p>
      <CancellationReason occurrence={occurrence} />
      <CoverLine cover={occurrence.cover} className="block" />
    </>
  );
}

/** Admins: every occurrence of today, how many of them are approved, and the way to the day's list. */
function AdminToday({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const today = todayIn(zone);
  const day = useQuery(occurrenceListQuery({ date: today, timezone: zone, light: true, limit: ADMIN_ROWS }));
  const approved = useQuery(
    occurrenceListQuery({ date: today, timezone: zone, status: 'approved', light: true, limit: 1 }),
  );
  const total = day.data?.totalCount;
  // The guests who answered "no" through their reminder's link, among today's sessions shown.
  const noCount = day.data?.items.flatMap((o) => o.guests).filter((g) => g.rsvp === 'no').length ?? 0;
  return (
    <Panel
      id="home-today"
      title={t('home.todayTitle')}
      subtitle={
        <>
          <p>{t('home.todayDate', { day: formatDay(today), zone })}</p>
          {total !== undefined && total > 0 && approved.data && (
            <p className="mt-1 font-medium text-slate-900" data-testid="home-approved-count">
              {t('home.approvedCount', { approved: approved.data.totalCount, total })}
            </p>
          )}
          {noCount > 0 && (
            <p className="mt-1 text-slate-700" data-testid="home-rsvp-no-count">
              {t('home.rsvpNoCount', { count: noCount })}
            </p>
          )}
        </>
      }
      action={
        <Link to={`/upcoming-events?date=${today}`} className={`${linkClass} text-sm`}>
          {t('home.openDay')}
        </Link>
      }
    >
      <Loaded query={day}>
        {({ items, totalCount }) =>
          items.length === 0 ? (
            <EmptyText>
              {/* Two texts rather than <Trans>, whose markup parser would more than double this chunk. */}
              {t('home.empty')}{' '}
              <Link to="/events" className={linkClass}>
                {t('home.adminCreate')}
              </Link>
            </EmptyText>
          ) : (
            <>
              <ul className="divide-y divide-slate-100">
                {items.map((occurrence) => (
                  <li
                    key={occurrence.id}
                    className="flex items-start gap-4 px-4 py-3 sm:px-6"
                    data-testid="home-occurrence"
                  >
                    <StartTime occurrence={occurrence} />
                    <div className="min-w-0 flex-1">
                      <OccurrenceTitle occurrence={occurrence} className="text-sm font-medium" />
                      <p className="text-sm text-slate-500">
                        {t('home.organisedBy', { name: fullName(occurrence.event.organiser) })}
                        <ZoneNote occurrence={occurrence} zone={zone} />
                      </p>
                    </div>
                    <StatusBadge status={occurrence.status} shape="tag">
                      {t(`occurrences.statuses.${occurrence.status}`)}
                    </StatusBadge>
                  </li>
                ))}
              </ul>
              {totalCount > items.length && (
                <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-6">
                  {t('home.moreToday', { shown: items.length, total: totalCount })}
                </p>
              )}
            </>
          )
        }
      </Loaded>
    </Panel>
  );
}

/** Failed messages shown on Home, at most. */
const FAILED_ROWS = 5;

/** Admins: whether today's reminders went out and today's failed messages, with the way to the Message Log. */
function AdminMessages({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const today = todayIn(zone);
  const reminders = useQuery(
    messageLogListQuery({ occurrenceDate: today, type: 'reminder', timezone: zone, limit: 1 }),
  );
  const failed = useQuery(messageLogListQuery({ date: today, status: 'failed', timezone: zone, limit: FAILED_ROWS }));
  const sent = reminders.data?.totalCount;
  return (
    <Panel
      id="home-messages"
      title={t('messaging.homeMessagesTitle')}
      subtitle={
        sent !== undefined && (
          <p className="font-medium text-slate-900" data-testid="home-reminders">
            {sent > 0 ? t('messaging.homeRemindersSent', { count: sent }) : t('messaging.homeRemindersNone')}
          </p>
        )
      }
      action={
        <Link to={`/message-logs?date=${today}`} className={`${linkClass} text-sm`}>
          {t('messaging.homeOpenLog')}
        </Link>
      }
    >
      <Loaded query={failed}>
        {({ items, totalCount }) =>
          items.length === 0 ? (
            <EmptyText>{t('messaging.homeNoFailures')}</EmptyText>
          ) : (
            <>
              <p className="px-4 pt-3 text-sm font-medium text-red-700 sm:px-6" data-testid="home-failed-count">
                {t('messaging.homeFailed', { count: totalCount })}
              </p>
              <ul className="divide-y divide-slate-100">
                {items.map((log) => (
                  <li key={log.id} className="px-4 py-3 sm:px-6" data-testid="home-failed-message">
                    <p className="text-sm font-medium break-words text-slate-900">
                      {log.recipient.name}
                      {log.eventOccurrence && (
                        <span className="font-normal text-slate-500"> · {log.eventOccurrence.event.title}</span>
                      )}
                    </p>
                    <p className="text-sm break-words text-red-700">{log.error ? translateMessage(log.error) : ''}</p>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </Loaded>
    </Panel>
  );
}

/** Editors: their occurrences of today and, for each, the guests whose session notes are still to be filled. */
function EditorToday({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const today = todayIn(zone);
  const day = useQuery(occurrenceListQuery({ date: today, timezone: zone, light: true, limit: OCCURRENCE_PAGE_MAX }));
  const sessionNotes = useQuery({ ...formQuery(SESSION_NOTES_FORM_ID), staleTime: Infinity, retry: false });
  const form = shownFormTitle(sessionNotes.data, t);
  return (
    <Panel
      id="home-today"
      title={t('home.todayTitle')}
      subtitle={t('home.todayDate', { day: formatDay(today), zone })}
      action={
        <Link to={`/upcoming-events?date=${today}`} className={`${linkClass} text-sm`}>
          {t('home.openDay')}
        </Link>
      }
    >
      <Loaded query={day}>
        {({ items }) =>
          items.length === 0 ? (
            <EmptyText>{t('home.empty')}</EmptyText>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.map((occurrence) => {
                const toFill = formsToFill(occurrence, SESSION_NOTES_FORM_ID);
                return (
                  <li key={occurrence.id} className="px-4 py-4 sm:px-6" data-testid="home-occurrence">
                    <div className="flex items-start gap-4">
                      <StartTime occurrence={occurrence} />
                      <div className="min-w-0 flex-1">
                        <OccurrenceTitle occurrence={occurrence} className="text-sm font-medium" />
                        <p className="text-sm text-slate-500">
                          {t('home.place', { name: occurrence.event.location.name })}
                          <ZoneNote occurrence={occurrence} zone={zone} />
                        </p>
                        {occurrence.guests.length > 0 && <GuestsWithMarks guests={occurrence.guests} />}
                      </div>
                      <StatusBadge status={occurrence.status} shape="tag">
                        {t(`occurrences.statuses.${occurrence.status}`)}
                      </StatusBadge>
                    </div>
                    <div className="mt-3 text-sm sm:pl-16">
                      {occurrence.status === 'cancelled' ? (
                        // Never to fill (docs/domain.md#attendance): its reason above says why.
                        <p className="text-slate-600">{t('home.cancelled')}</p>
                      ) : occurrence.status === 'completed' ? (
                        <p className="text-slate-600">{t('home.completed')}</p>
                      ) : occurrence.guests.length === 0 ? (
                        <p className="text-slate-600">{t('home.noGuests')}</p>
                      ) : toFill.length === 0 ? (
                        <p className="text-green-700">{t('home.allFilled', { form })}</p>
                      ) : (
                        <>
                          <p className="text-slate-500">{t('home.formsToFill')}</p>
                          <ul className="mt-1 space-y-1">
                            {toFill.map((target) => (
                              <li key={target.guestId}>
                                <Link to={target.to} className={linkClass}>
                                  {t('common.fill', { form, guest: target.guestName })}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        </>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </Loaded>
    </Panel>
  );
}

/**
 * Guests: their next sessions, in their own zone, with the place, the conference link and their own
 * mark; a cancelled one says so, with its reason, and offers no link to join.
 */
function GuestNext({ zone, userId }: { zone: string; userId: string | undefined }) {
  const { t } = useTranslation();
  // Fixed when the page opens, so the query (and its cache entry) stays the same across renders.
  const [from] = useState(() => new Date().toISOString());
  const next = useQuery(occurrenceListQuery({ from, light: true, limit: GUEST_ROWS }));
  return (
    <Panel id="home-next" title={t('home.nextTitle')}>
      <Loaded query={next}>
        {({ items }) =>
          items.length === 0 ? (
            <EmptyText>{t('home.guestEmpty')}</EmptyText>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.map((occurrence) => {
                const cancelled = occurrence.status === 'cancelled';
                const link = cancelled ? null : occurrence.event.conferenceLink;
                const own = occurrence.guests.find((guest) => String(guest.id) === userId);
                return (
                  <li key={occurrence.id} className="px-4 py-4 sm:px-6" data-testid="home-occurrence">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="text-sm font-semibold text-slate-900 tabular-nums">
                        {dateTimeIn(occurrence.occurrenceDate, zone)}
                      </p>
                      {cancelled && (
                        <StatusBadge status="cancelled" shape="tag">
                          {t('occurrences.statuses.cancelled')}
                        </StatusBadge>
                      )}
                      {!cancelled && own?.attendance && (
                        <span data-testid="home-own-mark">
                          <AttendanceBadge status={own.attendance} />
                        </span>
                      )}
                    </div>
                    <OccurrenceTitle occurrence={occurrence} className="mt-0.5 text-sm font-medium" />
                    <p className="text-sm text-slate-600">
                      {t('home.place', { name: occurrence.event.location.name })}
                    </p>
                    {link && (
                      <p className="mt-1 text-sm break-all text-slate-600">
                        {t('home.conferenceLink')}{' '}
                        {isWebLink(link) ? (
                          <a href={link.trim()} target="_blank" rel="noopener noreferrer" className={linkClass}>
                            {link.trim()}
                          </a>
                        ) : (
                          link
                        )}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          )
        }
      </Loaded>
    </Panel>
  );
}

/** The sections the role can open, as cards (the sidebar's entries, with a line each). */
function Sections({ role }: { role: string }) {
  const { t } = useTranslation();
  const sections = useNavItems(role).filter((item) => item.to !== '/');
  return (
    <section aria-labelledby="home-sections">
      <h2 id="home-sections" className="text-sm font-semibold text-slate-900">
        {t('home.sections')}
      </h2>
      {sections.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('home.noSections')}</p>
      ) : (
        <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className={`${cardClass} group flex h-full items-center gap-4 p-5 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600`}
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                  <item.icon className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900">{t(`nav.${item.labelKey}`)}</span>
                  {item.descriptionKey && (
                    <span className="mt-0.5 block text-sm text-slate-500">{t(item.descriptionKey)}</span>
                  )}
                </span>
                <ChevronRightIcon className="size-4 text-slate-400 group-hover:text-indigo-600" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Home (docs/product.md §2), for every role: who is signed in, their dashboard (admins: today's schedule
 * and how much of it is approved; editors: today's sessions and the notes still to fill; both: the
 * last week's sessions still to complete; guests: their next sessions), then the sections they can open. All of it comes from the occurrences API,
 * which shows each role only what is theirs.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const zone = user?.timezone ?? DEFAULT_TIMEZONE;

  return (
    <div className="space-y-8">
      <PageTitle title={t('nav.home')} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {t('home.greeting', { username: user?.username ?? '' })}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {t('home.signedInAs', { role: t(`roles.${role}`) })} {t('home.timezone', { timezone: zone })}
        </p>
      </div>
      {role === 'admin' && <Widget name="NeedsCover" zone={zone} />}
      {role === 'admin' && <AdminToday zone={zone} />}
      {role === 'admin' && <ToFill />}
      {role === 'admin' && <AdminMessages zone={zone} />}
      {role === 'admin' && <UnpaidInvoices />}
      {role === 'admin' && <AdminClashes zone={zone} />}
      {role === 'editor' && <EditorToday zone={zone} />}
      {role === 'editor' && <ToFill />}
      {role === 'guest' && <GuestNext zone={zone} userId={user?.id} />}
      <Sections role={role} />
    </div>
  );
}
