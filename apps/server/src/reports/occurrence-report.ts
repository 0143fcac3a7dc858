import { answerText } from './answer-text.js';
import type { Element } from './element.js';
import { formatTimeSpan, moreText } from './format.js';
import { reportImages, reportKey } from './image-cache.js';
import { type Page, renderPage } from './render.js';
import { card, cardTitle, fieldRow, headerBand, noticeLine, notesBlock } from './theme.js';
import type { OccurrenceReportData, ReportOptions, ReportSubmission } from './types.js';

/** The notes field of a form (form 1's textarea): shown as a highlighted block rather than a plain row. */
export const NOTES_FIELD = 'Aciklama';

/** Heading of a submission about no one guest. */
export const WHOLE_SESSION = 'Whole session';
export const NO_SUBMISSIONS = 'No forms were filled in for this session';

function guestCard(data: OccurrenceReportData, submission: ReportSubmission): Element {
  const rows = data.fields.map((field) => {
    const answer = answerText(field, submission.data[field.name], data.lookupLabels);
    return field.name === NOTES_FIELD ? notesBlock(field.label, answer) : fieldRow(field.label, answer);
  });
  return card(cardTitle(submission.guestName ?? WHOLE_SESSION, rows.length > 0), ...rows);
}

/** The report's page before layout: the session's facts, then one card per submission. */
export function occurrenceReportPage(data: OccurrenceReportData): Page {
  return {
    header: headerBand(data.formTitle, data.eventTitle, [
      { label: 'When', value: formatTimeSpan(data.startsAt, data.endsAt, data.timeZone) },
      { label: 'Time zone', value: data.timeZone },
      { label: 'Organiser', value: data.organiserName },
      { label: 'Location', value: data.locationName },
    ]),
    items: data.submissions.map((submission) => guestCard(data, submission)),
    empty: noticeLine(NO_SUBMISSIONS),
    more: (n) => noticeLine(moreText(n, 'more guest', 'more guests')),
  };
}

/** What names the image of `data` (image-cache.ts): also its ETag. */
export const occurrenceReportKey = (data: OccurrenceReportData, options: ReportOptions = {}) =>
  reportKey('occurrence', data, options.maxHeight);

/**
 * One occurrence's submissions of one form as a JPEG, 1080 px wide, as tall as they need (up to
 * the cap); rendered once per distinct data (image-cache.ts).
 */
export function renderOccurrenceReport(data: OccurrenceReportData, options: ReportOptions = {}): Promise<Buffer> {
  return reportImages.get(occurrenceReportKey(data, options), () =>
    renderPage(occurrenceReportPage(data), options.maxHeight),
  );
}
