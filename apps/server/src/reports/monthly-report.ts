import { type Element, h } from './element.js';
import { guestTexts, type GuestTexts } from '../i18n/guest-texts.js';
import { formatTimeSpan, monthTitle, sessionTotals } from './format.js';
import { reportImages, reportKey } from './image-cache.js';
import { type Page, renderPage } from './render.js';
import { card, colors, headerBand, noticeLine, notesBlock, text } from './theme.js';
import type { MonthlyReportData, MonthlyReportOccurrence, ReportOptions } from './types.js';

export const NO_SESSIONS = guestTexts('en').noSessions;

/** Status colours: grey until approved, blue when approved, green when it took place, red when cancelled (each 4.5:1 or better). */
const STATUS_STYLES = {
  scheduled: { backgroundColor: '#e5e7eb', color: '#374151' },
  approved: { backgroundColor: '#dbeafe', color: '#1e40af' },
  completed: { backgroundColor: '#dcfce7', color: '#166534' },
  cancelled: { backgroundColor: '#fee2e2', color: '#991b1b' },
} as const;

function sessionCard(occurrence: MonthlyReportOccurrence, timeZone: string, texts: GuestTexts): Element {
  const notes = occurrence.notes?.trim() ?? '';
  const when = formatTimeSpan(occurrence.startsAt, occurrence.endsAt, timeZone, texts);
  return card(
    h(
      { justifyContent: 'space-between', alignItems: 'flex-start', gap: 24 },
      text({ fontSize: 36, fontWeight: 700, lineHeight: 1.35, flexShrink: 1 }, when),
      text(
        {
          ...STATUS_STYLES[occurrence.status],
          flexShrink: 0,
          fontSize: 28,
          fontWeight: 700,
          lineHeight: 1.3,
          padding: '6px 20px',
          borderRadius: 999,
        },
        texts.statuses[occurrence.status],
      ),
    ),
    text({ fontSize: 36, lineHeight: 1.4, color: colors.text, marginTop: 6 }, occurrence.eventTitle),
    ...(notes === '' ? [] : [notesBlock(texts.notes, notes)]),
  );
}

/** The report's page before layout: the guest and month with the totals, then one card per session by start time. */
export function monthlyReportPage(data: MonthlyReportData): Page {
  const occurrences = [...data.occurrences].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const texts = guestTexts(data.language);
  const totals =
    occurrences.length === 0
      ? undefined
      : sessionTotals(
          occurrences.map(({ status }) => status),
          texts,
        );
  return {
    header: headerBand(
      texts.monthlyReport,
      `${data.guestName} — ${monthTitle(data.year, data.month, texts)}`,
      [{ label: texts.timeZone, value: data.timeZone }],
      totals,
    ),
    items: occurrences.map((occurrence) => sessionCard(occurrence, data.timeZone, texts)),
    empty: noticeLine(texts.noSessions),
    more: (n) => noticeLine(texts.moreSessions(n)),
  };
}

/** One guest's month as a JPEG, 1080 px wide, as tall as it needs (up to the cap). */
export function renderMonthlyReport(data: MonthlyReportData, options: ReportOptions = {}): Promise<Buffer> {
  return reportImages.get(reportKey('monthly', data, options.maxHeight), () =>
    renderPage(monthlyReportPage(data), options.maxHeight),
  );
}
