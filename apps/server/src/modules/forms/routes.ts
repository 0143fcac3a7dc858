import {
  type CreateForm,
  createFormSchema,
  type FormListQuery,
  formDetailSchema,
  formListQuerySchema,
  formListSchema,
  formMessages,
  reportParamsSchema,
  SESSION_NOTES_FORM_ID,
  type UpdateForm,
  updateFormSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { type CrudRepository, crudRoutes, type CrudWrites } from '../../platform/crud-routes.js';
import { AppError } from '../../platform/errors.js';
import type { MessagingService } from '../message-composition/service.js';
import { defineFeature } from '../../platform/feature.js';
import { messagingFor } from '../message-composition/service.js';
import { FormRepository } from './repository.js';

const crud = crudRoutes({
  section: 'forms',
  item: 'Form',
  schemas: {
    listQuery: formListQuerySchema,
    list: formListSchema,
    item: formDetailSchema,
    create: createFormSchema,
    update: updateFormSchema,
  },
  /** Organisers (editors) read the form they fill (docs/product.md §6, issue 5 item 10). */
  roles: { read: ['admin', 'editor'] },
  // Lookups (and later submissions) point at a form through RESTRICT foreign keys, so the database
  // decides "in use", atomically.
  conflicts: { referenced: formMessages.inUse },
  archives: false,
  docs: {
    list: { errors: [400, 401, 403, 404] },
    read: { errors: [400, 401, 403, 404] },
    create: { errors: [400, 401, 403, 404] },
  },
});

/** The generic routes' view of the repository, which keeps the session notes form. */
const crudAdapter = (
  forms: FormRepository,
): CrudWrites<CreateForm, UpdateForm> &
  Pick<CrudRepository<CreateForm, UpdateForm, FormListQuery>, 'list' | 'transaction'> => ({
  list: (query) => forms.list(query),
  find: (id) => forms.find(id),
  create: (input, createdBy) => forms.create(input, createdBy),
  update: (id, input) => {
    if (id === SESSION_NOTES_FORM_ID && input.status === 'archived') {
      throw new AppError(409, formMessages.sessionNotesNotArchivable);
    }
    return forms.update(id, input);
  },
  delete: (id) => {
    if (id === SESSION_NOTES_FORM_ID) throw new AppError(409, formMessages.sessionNotesNotDeletable);
    return forms.delete(id);
  },
  transaction: (work) => forms.transaction((repository, tx) => work(crudAdapter(repository), tx)),
});

/**
 * /api/forms (admins; editors read one): the section routes, which keep the session notes form, and
 * the report image of an occurrence's submissions of a form.
 */
const formRoutes: FastifyPluginAsyncZod<{ forms: FormRepository; messaging: MessagingService }> = async (
  app,
  { forms, messaging },
) => {
  await app.register(crud, { repository: crudAdapter(forms) });

  app.get(
    '/:formId/report/:occurrenceId',
    {
      // Kept like the lists (platform/answer-cache.ts): a repeat is neither a query for its data nor a hash of it.
      config: { access: ['admin', 'editor'] as const, cacheAnswer: true },
      schema: {
        tags: ['forms'],
        description:
          'The report of the occurrence’s submissions of the form as a JPEG (`{date}_report.jpg`), with an ETag (If-None-Match: 304). Admins read any, ' +
          'editors those of the events they organise.',
        params: reportParamsSchema,
        // 200 is image/jpeg (304 for the ETag of the same image); errors are {message} (400, 401, 403, 404).
      },
    },
    async (request, reply) => {
      const { jpeg, fileName } = await messaging.reportImage(
        request.params.formId,
        request.params.occurrenceId,
        currentUser(request),
      );
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(jpeg);
    },
  );
};

/** Forms at /api/forms (their submissions are the form-submissions feature's, under the same prefix). */
export const formsFeature = defineFeature('/api/forms', async (app, { platform }) => {
  await app.register(formRoutes, { forms: new FormRepository(platform.db), messaging: messagingFor(platform) });
});
