import {
  type CreateLookup,
  createLookupSchema,
  lookupListQuerySchema,
  lookupListSchema,
  lookupSchema,
  MAX_LIMIT,
  messages,
  PAGE_SIZE,
  type UpdateLookup,
  updateLookupSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { type CrudRepository, crudRoutes, type CrudWrites } from '../../platform/crud-routes.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { defineFeature } from '../../platform/feature.js';
import { LookupRepository } from './repository.js';
import { LookupService } from './service.js';

const errors = [400, 401, 403, 404] as const;

/** Read, create, update and delete (admins); the list is the listbox query too, written below. */
const crud = crudRoutes({
  section: 'lookups',
  item: 'Lookup',
  schemas: {
    listQuery: lookupListQuerySchema,
    list: lookupListSchema,
    item: lookupSchema,
    create: createLookupSchema,
    update: updateLookupSchema,
  },
  without: ['list'],
  archives: false,
  docs: { read: { errors }, create: { errors }, update: { errors } },
});

type LookupCrud = CrudRepository<CreateLookup, UpdateLookup, never>;

/** The generic routes' view of the service, which answers 404 and 409 with the lookup's own words. */
const crudAdapter = (
  lookups: LookupService,
): CrudWrites<CreateLookup, UpdateLookup> & Pick<LookupCrud, 'transaction'> => ({
  find: (id: number) => lookups.get(id),
  create: (input: CreateLookup, createdBy: number) => lookups.create(input, createdBy),
  update: (id: number, input: UpdateLookup) => lookups.update(id, input),
  delete: async (id: number) => {
    await lookups.delete(id);
    return true;
  },
  transaction: (work) => lookups.transaction((service, tx) => work(crudAdapter(service), tx)),
});

const lookupRoutes: FastifyPluginAsyncZod<{ lookups: LookupService }> = async (app, { lookups }) => {
  app.get(
    '/',
    {
      // Editors fill forms whose listboxes read lookups: they may ask for given keys, not list them all.
      config: { access: ['admin', 'editor'] },
      preValidation: async (request) => {
        const { keys } = (request.query ?? {}) as { keys?: unknown };
        if (currentUser(request).role !== 'admin' && keys === undefined) throw new AppError(403, messages.forbidden);
      },
      schema: {
        tags: ['lookups'],
        description:
          'The lookups list (admins), or the listbox query `keys=a,b&lookupableIds=1,2&lookupableType=group` ' +
          '(admins and editors; without limit it answers up to 1000).',
        querystring: lookupListQuerySchema,
        response: { 200: lookupListSchema, ...errorResponses(...errors) },
      },
    },
    async (request) => {
      const { query } = request;
      const limit = query.limit ?? (query.keys ? MAX_LIMIT : PAGE_SIZE);
      const page = await lookups.list({ ...query, limit });
      return { lookups: page.items, totalCount: page.totalCount };
    },
  );

  // The service answers 404 and 409 with the lookup's own words; the routes only pass through.
  await app.register(crud, { repository: crudAdapter(lookups) });
};

/** Lookups (the forms' option lists) at /api/lookups. */
export const lookupsFeature = defineFeature('/api/lookups', async (app, { platform }) => {
  await app.register(lookupRoutes, { lookups: new LookupService(new LookupRepository(platform.db)) });
});
