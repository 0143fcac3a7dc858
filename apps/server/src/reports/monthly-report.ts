import type { AttendanceStatus } from '@ritim/shared';
import { type Element, h } from './element.js';
import { guestTexts, type GuestTexts } from '../i18n/guest-texts.js';
import { attendanceTotals, formatTimeSpan, monthTitle, occurrenceTotals } from './format.js';
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

/**
 * A guest's mark: outlined, so it does not read as the session's status beside it; green when they
 * came, amber late, red when they missed it, grey when excused (each 4.5:1 or better on white).
 */
const MARK_COLORS: Record<AttendanceStatus, string> = {
  present: '#166534',
  late: '#92400e',
  absent: '#991b1b',
  lateCancelled: '#991b1b',
  excused: '#374151',
  cancelled: '#374151',
};

const pill = {
  flexShrink: 0,
  fontSize: 28,
  fontWeight: 700,
  lineHeight: 1.3,
  padding: '6px 20px',
  borderRadius: 999,
} as const;

function occurrenceCard(occurrence: MonthlyReportOccurrence, timeZone: string, texts: GuestTexts): Element {
  const notes = occurrence.notes?.trim() ?? '';
  const when = formatTimeSpan(occurrence.startsAt, occurrence.endsAt, timeZone, texts);
  const mark = occurrence.attendance;
  return card(
    h(
      { justifyContent: 'space-between', alignItems: 'flex-start', gap: 24 },
      text({ fontSize: 36, fontWeight: 700, lineHeight: 1.35, flexShrink: 1 }, when),
      h(
        { flexDirection: 'column', alignItems: 'flex-end', gap: 10, flexShrink: 0 },
        text({ ...STATUS_STYLES[occurrence.status], ...pill }, texts.statuses[occurrence.status]),
        ...(mark === null
          ? []
          : [
              text(
                { ...pill, padding: '4px 18px', color: MARK_COLORS[mark], border: `2px solid ${MARK_COLORS[mark]}` },
                texts.marks[mark],
              ),
            ]),
      ),
    ),
    text({ fontSize: 36, lineHeight: 1.4, color: colors.text, marginTop: 6 }, occurrence.eventTitle),
    ...(notes === '' ? [] : [notesBlock(texts.notes, notes)]),
  );
}

/**
 * The report's page before layout: the guest and month with the totals and their attendance, then
 * one card per session by start time, with the guest's mark.
 */
export function monthlyReportPage(data: MonthlyReportData): Page {
  const occurrences = [...data.occurrences].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const texts = guestTexts(data.language);
  const totals =
    occurrences.length === 0
      ? []
      : [
          occurrenceTotals(
            occurrences.map(({ status }) => status),
            texts,
          ),
        ];
  const attendance = attendanceTotals(
    occurrences.map((occurrence) => occurrence.attendance),
    texts,
  );
  return {
    header: headerBand(
      texts.monthlyReport,
      `${data.guestName} — ${monthTitle(data.year, data.month, texts)}`,
      [{ label: texts.timeZone, value: data.timeZone }],
      attendance === undefined ? totals : [...totals, attendance],
    ),
    items: occurrences.map((occurrence) => occurrenceCard(occurrence, data.timeZone, texts)),
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
