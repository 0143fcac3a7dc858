import type { AttendanceStatus, FormField, Language, OccurrenceStatus } from '@ritim/shared';

/**
 * Listbox answers are lookup values; a report shows their labels. Lookup key -> (value -> label),
 * holding at least the keys of the form's listboxes (a value missing here is shown as stored).
 */
export type LookupLabels = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** One form submission of the occurrence. */
export interface ReportSubmission {
  /** The guest it is about, as the report names them (name and surname); null for a submission about no one guest. */
  guestName: string | null;
  /** The submission's data, keyed by field name (docs/form-schema.md, "What a submission stores"). */
  data: Readonly<Record<string, unknown>>;
}

/** Everything the report of one occurrence's submissions of one form shows. */
export interface OccurrenceReportData {
  formTitle: string;
  /** Form 1 under its seeded title (isBuiltInFormTitle): the title is shown in the report's language. */
  builtInTitle?: boolean;
  /** The form's fields, in order: each answer is shown under its field's label, fields the data lacks as '—'. */
  fields: readonly FormField[];
  lookupLabels: LookupLabels;
  eventTitle: string;
  startsAt: Date;
  endsAt: Date;
  /** The zone times are shown in (the organiser's), an IANA name such as Europe/Istanbul. */
  timeZone: string;
  organiserName: string;
  locationName: string;
  /** In the order they are shown (by guest name, say). */
  submissions: readonly ReportSubmission[];
  /** The language of the report's words and dates (its recipients'); English when absent. */
  language?: Language;
}

/** One occurrence in a guest's month. */
export interface MonthlyReportOccurrence {
  eventTitle: string;
  startsAt: Date;
  endsAt: Date;
  status: OccurrenceStatus;
  /** The notes (`Aciklama`) of the guest's submission for it, or null. */
  notes: string | null;
  /** The guest's attendance mark, or null when unmarked. */
  attendance: AttendanceStatus | null;
}

/** Everything one guest's monthly report shows. */
export interface MonthlyReportData {
  guestName: string;
  /** The guest's zone, an IANA name: the month and every time are read in it. */
  timeZone: string;
  year: number;
  /** 1-12. */
  month: number;
  /** The month's occurrences the guest was in, shown by start time. */
  occurrences: readonly MonthlyReportOccurrence[];
  /** The guest's language: the report's words and dates; English when absent. */
  language?: Language;
}

/** How tall a report may grow: past it, the items that do not fit become one '… and N more' line. */
export interface ReportOptions {
  maxHeight?: number;
}
