import {
  createFormSchema,
  formDetailSchema,
  formListQuerySchema,
  formListSchema,
  formMessages,
  idParamsSchema,
  notFound,
  SESSION_NOTES_FORM_ID,
  updateFormSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/access.js';
import { AppError, errorResponses, isReferencedError } from '../../lib/errors.js';
import type { FormRepository } from './repository.js';

const adminOnly = { access: ['admin'] } as const;
/** Organisers (editors) read the form they fill (spec §6, issue 5 item 10). */
const fillers = { access: ['admin', 'editor'] } as const;
const errors = errorResponses(400, 401, 403, 404);
const NOT_FOUND = notFound('Form');

export const formRoutes: FastifyPluginAsyncZod<{ forms: FormRepository }> = async (app, { forms }) => {
  app.get(
    '/',
    {
      config: adminOnly,
      schema: { tags: ['forms'], querystring: formListQuerySchema, response: { 200: formListSchema, ...errors } },
    },
    async (request) => {
      const page = await forms.list(request.query);
      return { forms: page.items, totalCount: page.totalCount };
    },
  );

  app.get(
    '/:id',
    {
      config: fillers,
      schema: { tags: ['forms'], params: idParamsSchema, response: { 200: formDetailSchema, ...errors } },
    },
    async (request) => {
      const form = await forms.find(request.params.id);
      if (!form) throw new AppError(404, NOT_FOUND);
      return form;
    },
  );

  app.post(
    '/',
    {
      config: adminOnly,
      schema: { tags: ['forms'], body: createFormSchema, response: { 201: formDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const form = await forms.create(request.body, currentUser(request).id);
      return reply.code(201).send(form);
    },
  );

  app.patch(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['forms'],
        params: idParamsSchema,
        body: updateFormSchema,
        response: { 200: formDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (request.params.id === SESSION_NOTES_FORM_ID && request.body.status === 'archived') {
        throw new AppError(409, formMessages.sessionNotesNotArchivable);
      }
      const form = await forms.update(request.params.id, request.body);
      if (!form) throw new AppError(404, NOT_FOUND);
      return form;
    },
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['forms'],
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      if (request.params.id === SESSION_NOTES_FORM_ID) throw new AppError(409, formMessages.sessionNotesNotDeletable);
      let deleted: boolean;
      try {
        deleted = await forms.delete(request.params.id);
      } catch (error) {
        // Lookups (and later submissions) point at a form through RESTRICT foreign keys, so the
        // database decides "in use", atomically.
        if (isReferencedError(error)) throw new AppError(409, formMessages.inUse);
        throw error;
      }
      if (!deleted) throw new AppError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
