import { answerText } from './answer-text.js';
import type { Element } from './element.js';
import { guestTexts, type GuestTexts } from '../i18n/guest-texts.js';
import { formatTimeSpan } from './format.js';
import { reportImages, reportKey } from './image-cache.js';
import { type Page, renderPage } from './render.js';
import { card, cardTitle, fieldRow, headerBand, noticeLine, notesBlock } from './theme.js';
import type { OccurrenceReportData, ReportOptions, ReportSubmission } from './types.js';

/** The notes field of a form (form 1's textarea): shown as a highlighted block rather than a plain row. */
export const NOTES_FIELD = 'Aciklama';

/** Heading of a submission about no one guest (in English). */
export const WHOLE_SESSION = guestTexts('en').wholeSession;
export const NO_SUBMISSIONS = guestTexts('en').noSubmissions;

function guestCard(data: OccurrenceReportData, submission: ReportSubmission, texts: GuestTexts): Element {
  const rows = data.fields.map((field) => {
    const answer = answerText(field, submission.data[field.name], data.lookupLabels, texts);
    return field.name === NOTES_FIELD ? notesBlock(field.label, answer) : fieldRow(field.label, answer);
  });
  return card(cardTitle(submission.guestName ?? texts.wholeSession, rows.length > 0), ...rows);
}

/** The report's page before layout: the session's facts, then one card per submission, in the report's language. */
export function occurrenceReportPage(data: OccurrenceReportData): Page {
  const texts = guestTexts(data.language);
  return {
    header: headerBand(data.builtInTitle ? texts.sessionNotes : data.formTitle, data.eventTitle, [
      { label: texts.when, value: formatTimeSpan(data.startsAt, data.endsAt, data.timeZone, texts) },
      { label: texts.timeZone, value: data.timeZone },
      { label: texts.organiser, value: data.organiserName },
      { label: texts.location, value: data.locationName },
    ]),
    items: data.submissions.map((submission) => guestCard(data, submission, texts)),
    empty: noticeLine(texts.noSubmissions),
    more: (n) => noticeLine(texts.moreGuests(n)),
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
