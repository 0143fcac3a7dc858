import type { FormField, OccurrenceExportQuery } from '@ritim/shared';
import { inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../platform/db/client.js';
import { forms } from '../../platform/db/schema.js';
import { personName } from '../../lib/names.js';
import { dayRange, zoneOf } from '../../lib/time.js';
import { timeSlices } from '../../lib/time-slice.js';
import { answerText } from '../../reports/answer-text.js';
import { lookupLabelsByOrganiser } from '../lookups/labels.js';
import { type ExportGuest, ExportReads } from './reads.js';

/** Occurrences read per round trip: a year of a busy centre never sits in memory at once. */
const PAGE = 500;
/** Exported files kept for the next download of the same range at the same data version: their total size. */
const KEPT_BYTES = 32 * 1024 * 1024;
/** A file larger than this is streamed and not kept (a year's export: constant memory). */
export const KEEP_AT_MOST = 8 * 1024 * 1024;

/** What the route sends: the kept file of an unchanged range, or the records to stream and a way to keep their file. */
export type ExportAnswer =
  | { fileName: string; file: Buffer }
  | { fileName: string; records: AsyncIterable<string[]>; keep: (file: Buffer) => void };

interface Column {
  formId: number;
  field: FormField;
}

/**
 * The CSV export of a range of days (admins): a row per (occurrence, guest) with the occurrence's
 * day, times and zone, its event, organiser, place and status, the guest's attendance (the API's
 * word, empty when unmarked), then the guest's answers, one column per form field answered in the
 * range. Streamed page by page; UTF-8 with a BOM so
 * spreadsheet programs read Turkish letters.
 */
export class OccurrenceExportService {
  constructor(
    private readonly db: Db,
    private readonly occurrences = new ExportReads(db),
  ) {}

  /** Files by range and zone, least recently downloaded first, each with the data version it was read at. */
  private readonly kept = new Map<string, { version: number; file: Buffer }>();
  private keptBytes = 0;

  /**
   * The file name and either the CSV records of `query` read in its zone (else `viewerZone`), for
   * sendCsv, or the file of the same range made at the current data version: a second download of
   * an unchanged month costs one query.
   */
  async export(query: OccurrenceExportQuery, viewerZone: string): Promise<ExportAnswer> {
    const zone = zoneOf(query.timezone ?? viewerZone);
    const from = new Date(dayRange(query.from, zone)[0]);
    const to = new Date(dayRange(query.to, zone)[1]);
    const fileName = `ritim-${query.from}-${query.to}.csv`;
    const { version, answered } = await this.occurrences.answeredFieldsBetween(from, to);
    const key = `${query.from} ${query.to} ${zone}`;
    const file = this.keptFile(key, version);
    if (file) return { fileName, file };
    const columns = await this.answerColumns(answered);
    const header = [
      'Occurrence id',
      'Date',
      'Start',
      'End',
      'Time zone',
      'Event',
      'Organiser',
      'Location',
      'Guest',
      'Status',
      // The API's word, lower case: Session notes has an answer column 'Attendance' of its own.
      'attendance',
      ...columns.map((column) => `${column.field.label}`),
    ];
    const { db, occurrences } = this;
    const fields = columns.map((column) => column.field);
    async function* records() {
      yield header;
      // A page's rows are made in slices: the other requests run between them.
      const slice = timeSlices();
      let after: { startsAt: Date; id: number } | null = null;
      for (;;) {
        const page = await occurrences.exportPage(from, to, after, PAGE);
        // Listbox answers show their labels as the organiser's report does: one query a page.
        const labels = await lookupLabelsByOrganiser(
          db,
          fields,
          page.map((occurrence) => occurrence.organiserId),
        );
        for (const occurrence of page) {
          const lookupLabels = labels.get(occurrence.organiserId)!;
          const start = DateTime.fromJSDate(occurrence.startsAt, { zone });
          const end = DateTime.fromJSDate(occurrence.endsAt, { zone });
          const common = [
            String(occurrence.id),
            start.toISODate() ?? '',
            start.toFormat('HH:mm'),
            end.toFormat('HH:mm'),
            zone,
            occurrence.title,
            personName(occurrence.organiserName, occurrence.organiserSurname, occurrence.organiserUsername),
            occurrence.location,
          ];
          // A session without guests still has its row.
          const guests: (ExportGuest | null)[] = occurrence.guests.length ? occurrence.guests : [null];
          for (const guest of guests) {
            const answers = columns.map((column) => {
              if (!guest) return '';
              const submission = occurrence.answers.find(
                (answer) => answer.formId === column.formId && answer.guestId === guest.id,
              );
              if (!submission || !(column.field.name in submission.data)) return '';
              return answerText(column.field, submission.data[column.field.name], lookupLabels);
            });
            yield [
              ...common,
              guest ? personName(guest.name, guest.surname, guest.username) : '',
              occurrence.status,
              guest?.attendance ?? '',
              ...answers,
            ];
          }
          await slice();
        }
        if (page.length < PAGE) return;
        const last = page[page.length - 1]!;
        after = { startsAt: last.startsAt, id: last.id };
      }
    }
    return { fileName, records: records(), keep: (made: Buffer) => this.keep(key, version, made) };
  }

  private keptFile(key: string, version: number): Buffer | undefined {
    const entry = this.kept.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.kept.delete(key);
    this.kept.set(key, entry);
    return entry.file;
  }

  private keep(key: string, version: number, file: Buffer): void {
    const previous = this.kept.get(key);
    // A slow download that read an older version must not push out what a later one kept.
    if (previous && previous.version > version) return;
    if (previous) {
      this.keptBytes -= previous.file.length;
      this.kept.delete(key);
    }
    if (file.length > KEEP_AT_MOST) return;
    this.kept.set(key, { version, file });
    this.keptBytes += file.length;
    for (const [oldest, old] of this.kept) {
      if (this.keptBytes <= KEPT_BYTES) break;
      this.kept.delete(oldest);
      this.keptBytes -= old.file.length;
    }
  }

  /**
   * The columns after the fixed ones: each form field some guest's answer filled in the range, in
   * the order of the forms (by id) and of their fields; a field of several forms is named with the
   * form's title.
   */
  private async answerColumns(answered: { formId: number; key: string }[]): Promise<Column[]> {
    if (answered.length === 0) return [];
    const formIds = [...new Set(answered.map((pair) => pair.formId))].sort((a, b) => a - b);
    const rows = await this.db
      .select({ id: forms.id, title: forms.title, schema: forms.schema })
      .from(forms)
      .where(inArray(forms.id, formIds));
    const keys = new Set(answered.map((pair) => `${pair.formId}:${pair.key}`));
    const several = formIds.length > 1;
    return rows
      .sort((a, b) => a.id - b.id)
      .flatMap((form) =>
        ((form.schema as { fields?: FormField[] } | null)?.fields ?? [])
          .filter((field) => keys.has(`${form.id}:${field.name}`))
          .map((field) => ({
            formId: form.id,
            field: several ? { ...field, label: `${form.title}: ${field.label}` } : field,
          })),
      );
  }
}
