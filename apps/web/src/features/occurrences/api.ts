import type { OccurrenceExportQuery } from '@ritim/shared';
import { apiDownload } from '../../api/client';
import { OCCURRENCES } from '../../api/occurrences';
import { saveFile } from '../../lib/save-file';

/** The occurrence screens' downloads; their changes are in api/occurrences.ts (the calendar makes them too). */

/** GET /api/forms/{formId}/report/{occurrenceId}: downloads the report image (`{date}_report.jpg`). */
export async function downloadReport(formId: number, occurrenceId: number, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiDownload(`forms/${formId}/report/${occurrenceId}`, fallbackName);
  saveFile(blob, fileName);
}

/** GET /api/event-occurrences/export?from&to&timezone: downloads the range as CSV (`ritim-<from>-<to>.csv`). */
export async function downloadOccurrencesCsv(range: OccurrenceExportQuery): Promise<void> {
  const { blob, fileName } = await apiDownload(`${OCCURRENCES}/export`, `ritim-${range.from}-${range.to}.csv`, range);
  saveFile(blob, fileName);
}
