import { formSubmissionSchema, idParamsSchema, submitFormSchema } from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { errorResponses } from '../../platform/errors.js';
import { defineFeature } from '../../platform/feature.js';
import { FormSubmissionService } from './service.js';

/**
 * POST /api/forms/{id}/submit (docs/product.md §7), beside the forms section's routes under the same prefix.
 * Organisers fill forms for their occurrences' guests; guests may not (403 from access control).
 */
const formSubmissionRoutes: FastifyPluginAsyncZod<{ submissions: FormSubmissionService }> = async (
  app,
  { submissions },
) => {
  app.post(
    '/:id/submit',
    {
      config: { access: ['admin', 'editor'] },
      schema: {
        tags: ['forms'],
        description:
          'Saves the answers of one form about one guest of one occurrence (guestId null: about no one guest). ' +
          'Filling again updates the same submission and its form version; both answer 200 with the stored row.',
        params: idParamsSchema,
        body: submitFormSchema,
        response: { 200: formSubmissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => submissions.submit(request.params.id, request.body, currentUser(request)),
  );
};

/** A form's submissions, at /api/forms/{id}/submit and beside it. */
export const formSubmissionsFeature = defineFeature('/api/forms', async (app, { platform }) => {
  await app.register(formSubmissionRoutes, { submissions: new FormSubmissionService(platform.db) });
});
