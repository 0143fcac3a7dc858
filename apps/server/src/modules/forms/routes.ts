import {
  createFormSchema,
  formDetailSchema,
  formListQuerySchema,
  formListSchema,
  formMessages,
  SESSION_NOTES_FORM_ID,
  updateFormSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { AppError } from '../../lib/errors.js';
import type { FormRepository } from './repository.js';

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
  /** Organisers (editors) read the form they fill (spec §6, issue 5 item 10). */
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

/** /api/forms (admins; editors read one): the section routes, which keep the session notes form. */
export const formRoutes: FastifyPluginAsyncZod<{ forms: FormRepository }> = async (app, { forms }) => {
  await app.register(crud, {
    repository: {
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
    },
  });
};
