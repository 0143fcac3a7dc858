import { idParamsSchema, notFound, type Role } from '@ritim/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/access.js';
import { AppError, errorResponses, isReferencedError, pgErrorCode } from './errors.js';
import type { Page } from './list.js';

/**
 * What a section's repository offers for the five generic routes. What they return is checked and
 * shaped by the response schemas, so only the inputs are typed here.
 */
export interface CrudRepository<Create, Update, ListQuery> {
  list(query: ListQuery): Promise<Page<unknown>>;
  find(id: number): Promise<unknown>;
  create(input: Create, createdBy: number): Promise<unknown>;
  update(id: number, input: Update): Promise<unknown>;
  /**
   * False when the row did not exist, 'archived' when it was kept (archived) because it has history;
   * throws the database error when something references it.
   */
  delete(id: number): Promise<boolean | 'archived'>;
}

export interface CrudRouteOptions<
  L extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  I extends z.ZodType,
  R extends z.ZodType,
> {
  /** The OpenAPI tag and the list's response key (`message-groups` -> `messageGroups`). */
  section: string;
  /** The item's name in messages: `<Item> not found`. */
  item: string;
  schemas: { listQuery: L; list: R; item: I; create: C; update: U };
  /** Who may call the routes (admins unless said otherwise). */
  roles?: readonly Role[];
  /** 409 texts: a delete blocked by a referencing row, a save hitting a unique index. */
  conflicts?: { referenced?: string; unique?: string };
}

const camelCase = (section: string) => section.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The list, read, create, update and delete routes every admin section has, declared once: access,
 * schemas (validation, serialization, OpenAPI), 201/204, `<Item> not found`, and the database's
 * verdicts turned into 409 with the section's words. A section adds its own routes beside these.
 */
export function crudRoutes<
  L extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  I extends z.ZodType,
  R extends z.ZodType,
>(
  options: CrudRouteOptions<L, C, U, I, R>,
): FastifyPluginAsync<{ repository: CrudRepository<z.output<C>, z.output<U>, z.output<L>> }> {
  const { section, schemas, conflicts = {} } = options;
  const config = { access: options.roles ?? (['admin'] as const) };
  const tags = [section];
  const listKey = camelCase(section);
  const NOT_FOUND = notFound(options.item);
  const errors = errorResponses(400, 401, 403, 404, 409);

  /** A save or delete whose database refusal is a 409 with the section's text. */
  const guarded = async <T>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (conflicts.referenced && isReferencedError(error)) throw new AppError(409, conflicts.referenced);
      if (conflicts.unique && pgErrorCode(error) === '23505') throw new AppError(409, conflicts.unique);
      throw error;
    }
  };

  // The schemas validate and serialize at run time; with the section's schemas as type parameters
  // the handlers read the validated values through these casts.
  const idOf = (params: unknown) => (params as { id: number }).id;

  return async (app: FastifyInstance, { repository }) => {
    app.get(
      '/',
      { config, schema: { tags, querystring: schemas.listQuery, response: { 200: schemas.list, ...errors } } },
      async (request) => {
        const page = await repository.list(request.query as z.output<L>);
        return { [listKey]: page.items, totalCount: page.totalCount };
      },
    );

    app.get(
      '/:id',
      { config, schema: { tags, params: idParamsSchema, response: { 200: schemas.item, ...errors } } },
      async (request) => {
        const item = await repository.find(idOf(request.params));
        if (item === undefined) throw new AppError(404, NOT_FOUND);
        return item;
      },
    );

    app.post(
      '/',
      { config, schema: { tags, body: schemas.create, response: { 201: schemas.item, ...errors } } },
      async (request, reply) => {
        const item = await guarded(() => repository.create(request.body as z.output<C>, currentUser(request).id));
        return reply.code(201).send(item);
      },
    );

    app.patch(
      '/:id',
      {
        config,
        schema: { tags, params: idParamsSchema, body: schemas.update, response: { 200: schemas.item, ...errors } },
      },
      async (request) => {
        const item = await guarded(() => repository.update(idOf(request.params), request.body as z.output<U>));
        if (item === undefined) throw new AppError(404, NOT_FOUND);
        return item;
      },
    );

    app.delete(
      '/:id',
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: z.object({ archived: z.literal(true) }), 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const deleted = await guarded(() => repository.delete(idOf(request.params)));
        if (!deleted) throw new AppError(404, NOT_FOUND);
        // Kept because of its history: say so (without a `message`, which clients read as failure).
        if (deleted === 'archived') return reply.code(200).send({ archived: true });
        return reply.code(204).send(null);
      },
    );
  };
}
