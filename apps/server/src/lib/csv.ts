import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** A spreadsheet runs a cell that starts with these as a formula: such a cell gets a leading `'` (CSV injection). */
const FORMULA = /^[=+\-@\t\r]/;

/** The cell as text a spreadsheet shows rather than runs. */
export const spreadsheetSafe = (cell: string) => (FORMULA.test(cell) ? `'${cell}` : cell);

/**
 * Answers a CSV download (RFC 4180, CRLF, UTF-8 with a BOM so spreadsheet programs read Turkish
 * letters) of `records`, each cell made spreadsheet-safe, as the attachment `fileName`.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  records: Iterable<string[]> | AsyncIterable<string[]>,
): FastifyReply {
  async function* safeRecords() {
    for await (const record of records) yield record.map(spreadsheetSafe);
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(safeRecords()).pipe(stringify({ bom: true, record_delimiter: 'windows' })));
}
