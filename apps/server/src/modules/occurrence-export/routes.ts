import { occurrenceExportQuerySchema } from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { sendCsv, sendCsvFile } from '../../lib/csv.js';
import { KEEP_AT_MOST, OccurrenceExportService } from './service.js';
import { defineFeature } from '../../platform/feature.js';

/** GET /api/event-occurrences/export: the CSV of a range of days (admins). */
const occurrenceExportRoutes: FastifyPluginAsyncZod<{ exports: OccurrenceExportService }> = async (
  app,
  { exports },
) => {
  app.get(
    '/export',
    {
      config: { access: ['admin'] as const },
      schema: {
        tags: ['event-occurrences'],
        description:
          'CSV (RFC 4180, UTF-8 with a BOM): a row per (occurrence, guest) of the days `from`..`to` (inclusive, at ' +
          'most 366) in `timezone` (else the caller’s zone), with the guest’s attendance (`attendance`: the ' +
          'mark, empty when unmarked) and answers, a column per form field answered in the range. Cells a ' +
          "spreadsheet would run as formulas start with `'`.",
        querystring: occurrenceExportQuerySchema,
        // 200 is text/csv; errors are {message} (400, 401, 403).
      },
    },
    async (request, reply) => {
      const answer = await exports.export(request.query, currentUser(request).timezone);
      if ('file' in answer) return sendCsvFile(reply, answer.fileName, answer.file);
      return sendCsv(reply, answer.fileName, answer.records, { atMost: KEEP_AT_MOST, file: answer.keep });
    },
  );
};

/** The occurrences' CSV export at /api/event-occurrences/export. */
export const occurrenceExportFeature = defineFeature('/api/event-occurrences', async (app, { platform }) => {
  await app.register(occurrenceExportRoutes, { exports: new OccurrenceExportService(platform.db) });
});
