import { pipeline, Readable, Transform } from 'node:stream';
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
  keep?: { atMost: number; file: (bytes: Buffer) => void },
): FastifyReply {
  async function* safeRecords() {
    for await (const record of records) yield record.map(spreadsheetSafe);
  }
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  // An error of the records ends the answer (pipeline destroys what follows) rather than leaving it open.
  const stream = keep
    ? pipeline(Readable.from(safeRecords()), csv, copying(keep.atMost, keep.file), () => undefined)
    : pipeline(Readable.from(safeRecords()), csv, () => undefined);
  return csvHeaders(reply, fileName).send(stream);
}

/** Answers a CSV download made before (sendCsv's bytes, kept). */
export const sendCsvFile = (reply: FastifyReply, fileName: string, file: Buffer): FastifyReply =>
  csvHeaders(reply, fileName).send(file);

const csvHeaders = (reply: FastifyReply, fileName: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');

/**
 * A pass-through that keeps a copy of the bytes going by while they stay under `atMost`, and hands
 * the whole file to `done` at the end; past `atMost` it lets the copy go (constant memory).
 */
function copying(atMost: number, done: (file: Buffer) => void): Transform {
  let chunks: Buffer[] | null = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, next) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (chunks && size <= atMost) chunks.push(bytes);
      else chunks = null;
      next(null, bytes);
    },
    flush(next) {
      if (chunks) done(Buffer.concat(chunks));
      chunks = null;
      next();
    },
  });
}
