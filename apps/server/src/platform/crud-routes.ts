import {
  type AuditAction,
  type AuditEntityType,
  idParamsSchema,
  messages,
  notFound,
  type Role,
  type Text,
} from '@ritim/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { currentUser } from './access/access.js';
import type { SessionUser } from './access/tokens.js';
import { auditChanges, auditStamp, type AuditStamp, entityNameOf, recordAudit } from './audit/record.js';
import { cacheAnswerUntil } from './answer-cache.js';
import { AppError, errorResponses, isReferencedError, pgErrorCode } from './errors.js';
import type { Page } from './list.js';
import type { Executor } from './db/client.js';

/**
 * What a section's repository offers for the five generic routes. What they return is checked and
 * shaped by the response schemas, so only the inputs are typed here. The writes get the signed-in
 * user's id last (the creator, or who is changing the row).
 */
export interface CrudRepository<Create, Update, ListQuery> {
  list(query: ListQuery): Promise<Page<unknown>>;
  /** Undefined when the row does not exist (404). */
  find(id: number): Promise<unknown>;
  create(input: Create, actorId: number, audit?: AuditStamp): Promise<unknown>;
  /**
   * True when `create` writes its own audit row, in the statement that stores the thing, when given
   * `audit` (who and which request): the route then runs it alone, with no transaction around it.
   * For a section whose creation is a hot write (events, docs/architecture.md#performance).
   */
  createWritesAudit?: boolean;
  /** Undefined when the row does not exist (404). */
  update(id: number, input: Update, actorId: number): Promise<unknown>;
  /**
   * False when the row did not exist, 'archived' when it was kept (archived) because it has history;
   * throws the database error when something references it.
   */
  delete(id: number, actorId: number): Promise<boolean | 'archived'>;
  /**
   * Runs `work` in one transaction, with the repository and the transaction: a write, the reads
   * of the row around it and its audit row commit or roll back together (docs/domain.md#audit-log).
   */
  transaction<T>(work: (repository: CrudWrites<Create, Update>, tx: Executor) => Promise<T>): Promise<T>;
}

/** What the writes use of a repository inside their transaction. */
export type CrudWrites<Create, Update> = Pick<
  CrudRepository<Create, Update, never>,
  'find' | 'create' | 'update' | 'delete'
>;

/** The five generic routes: GET /, GET /:id, POST /, PATCH /:id, DELETE /:id. */
export type CrudRoute = 'list' | 'read' | 'create' | 'update' | 'delete';

/** The repository method behind each route. */
type MethodOf<Route extends CrudRoute> = Route extends 'read' ? 'find' : Route;

/** How one generic route is documented (OpenAPI). */
export interface CrudRouteDocs {
  summary?: string;
  description?: string;
  /** The error statuses it lists: 400, 401, 403, 404 and 409 unless said. */
  errors?: readonly number[];
}

export interface CrudRouteOptions<
  L extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  I extends z.ZodType,
  R extends z.ZodType,
> {
  /**
   * The OpenAPI tag, the list's response key (`message-groups` -> `messageGroups`) and the audit
   * log's entity type of the writes.
   */
  section: AuditEntityType;
  /** The item's name in messages: `<Item> not found`. */
  item: string;
  schemas: { listQuery: L; list: R; item: I; create: C; update: U };
  /**
   * Who may call the routes, admins unless said otherwise: `list` the list, `read` one item,
   * `write` create, update and delete.
   */
  roles?: { list?: readonly Role[]; read?: readonly Role[]; write?: readonly Role[] };
  /**
   * Which of the roles allowed to read may read this item (say, only themselves); a refusal is a 403
   * before the item is looked up.
   */
  canRead?: (user: SessionUser, id: number) => boolean;
  /** 409 texts: a delete blocked by a referencing row, a save hitting a unique index. */
  conflicts?: { referenced?: Text; unique?: Text };
  /**
   * Whether a delete may keep the row archived (200 `{archived: true}`) rather than remove it (204);
   * the OpenAPI lists both unless this is false.
   */
  archives?: boolean;
  /**
   * The audit log's action of an update when it is not `update` (an event's "this and following"
   * is a `split`); docs/domain.md#audit-log.
   */
  updateAction?: (input: z.output<U>) => AuditAction;
  /** Per-route documentation. */
  docs?: Partial<Record<CrudRoute, CrudRouteDocs>>;
  /**
   * Keep the list's answers until the data changes (answer-cache.ts): true, or the instant a page
   * stops holding when it also depends on the clock (undefined: until the data changes).
   */
  cacheList?: boolean | ((page: Page<unknown>) => number | undefined);
}

const DEFAULT_ERRORS = [400, 401, 403, 404, 409] as const;

const camelCase = (section: string) => section.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The list, read, create, update and delete routes every admin section has, declared once: access,
 * schemas (validation, serialization, OpenAPI), 201/204, `<Item> not found`, and the database's
 * verdicts turned into 409 with the section's words. A section adds its own routes beside these,
 * and names in `without` any of the five it writes itself (its repository then needs no method for it).
 */
export function crudRoutes<
  L extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  I extends z.ZodType,
  R extends z.ZodType,
  W extends CrudRoute = never,
>(
  options: CrudRouteOptions<L, C, U, I, R> & { without?: readonly W[] },
): FastifyPluginAsync<{
  repository: Omit<CrudRepository<z.output<C>, z.output<U>, z.output<L>>, MethodOf<W>>;
}> {
  const { section, schemas, conflicts = {}, roles = {}, docs = {}, canRead, cacheList = false, updateAction } = options;
  const without = new Set<CrudRoute>(options.without);
  const admins = ['admin'] as const;
  const access = { list: roles.list ?? admins, read: roles.read ?? admins, write: roles.write ?? admins };
  const listKey = camelCase(section);
  const NOT_FOUND = notFound(options.item);

  /** A route's config and the schema parts every route shares: access, tags, docs, error responses. */
  const route = (name: CrudRoute, roleList: readonly Role[]) => {
    const { errors = DEFAULT_ERRORS, ...texts } = docs[name] ?? {};
    return {
      config: { access: roleList },
      schema: { tags: [section], ...texts },
      // Typed as the default set: the handlers' replies are checked against the success schemas.
      errors: errorResponses(...errors) as ReturnType<typeof errorResponses<typeof DEFAULT_ERRORS>>,
    };
  };

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
  const idOf = (item: unknown) => (item as { id: number }).id;

  const archived = options.archives === false ? {} : { 200: z.object({ archived: z.literal(true) }) };

  return async (app: FastifyInstance, plugin) => {
    // Only the methods of the routes registered below are called.
    const repository = plugin.repository as CrudRepository<z.output<C>, z.output<U>, z.output<L>>;

    if (!without.has('list')) {
      const { config, schema, errors } = route('list', access.list);
      app.get(
        '/',
        {
          config: { ...config, cacheAnswer: cacheList !== false },
          schema: { ...schema, querystring: schemas.listQuery, response: { 200: schemas.list, ...errors } },
        },
        async (request) => {
          const page = await repository.list(request.query as z.output<L>);
          const until = typeof cacheList === 'function' ? cacheList(page) : undefined;
          if (until !== undefined) cacheAnswerUntil(request, until);
          return { [listKey]: page.items, totalCount: page.totalCount };
        },
      );
    }

    if (!without.has('read')) {
      const { config, schema, errors } = route('read', access.read);
      app.get(
        '/:id',
        { config, schema: { ...schema, params: idParamsSchema, response: { 200: schemas.item, ...errors } } },
        async (request) => {
          const id = idOf(request.params);
          if (canRead && !canRead(currentUser(request), id)) throw new AppError(403, messages.forbidden);
          const item = await repository.find(id);
          if (item === undefined) throw new AppError(404, NOT_FOUND);
          return item;
        },
      );
    }

    if (!without.has('create')) {
      const { config, schema, errors } = route('create', access.write);
      app.post(
        '/',
        { config, schema: { ...schema, body: schemas.create, response: { 201: schemas.item, ...errors } } },
        async (request, reply) => {
          const input = request.body as z.output<C>;
          const actorId = currentUser(request).id;
          const item = await guarded(() =>
            repository.createWritesAudit
              ? repository.create(input, actorId, auditStamp())
              : repository.transaction(async (repo, tx) => {
                  const created = await repo.create(input, actorId);
                  await recordAudit(tx, {
                    action: 'create',
                    entityType: section,
                    entityId: idOf(created),
                    entityName: entityNameOf(created),
                    changes: auditChanges(null, created, input),
                  });
                  return created;
                }),
          );
          return reply.code(201).send(item);
        },
      );
    }

    if (!without.has('update')) {
      const { config, schema, errors } = route('update', access.write);
      app.patch(
        '/:id',
        {
          config,
          schema: {
            ...schema,
            params: idParamsSchema,
            body: schemas.update,
            response: { 200: schemas.item, ...errors },
          },
        },
        async (request) => {
          const id = idOf(request.params);
          const input = request.body as z.output<U>;
          const item = await guarded(() =>
            repository.transaction(async (repo, tx) => {
              const before = await repo.find(id);
              if (before === undefined) return undefined;
              const after = await repo.update(id, input, currentUser(request).id);
              if (after === undefined) return undefined;
              const changes = auditChanges(before, after, input);
              // A split answers the later part, a new row: the log says which.
              const answered = idOf(after);
              await recordAudit(tx, {
                action: updateAction?.(input) ?? 'update',
                entityType: section,
                entityId: id,
                entityName: entityNameOf(answered === id ? after : before),
                changes: answered === id ? changes : { ...changes, id: { from: id, to: answered } },
              });
              return after;
            }),
          );
          if (item === undefined) throw new AppError(404, NOT_FOUND);
          return item;
        },
      );
    }

    if (!without.has('delete')) {
      const { config, schema, errors } = route('delete', access.write);
      app.delete(
        '/:id',
        { config, schema: { ...schema, params: idParamsSchema, response: { ...archived, 204: z.null(), ...errors } } },
        async (request, reply) => {
          const id = idOf(request.params);
          const deleted = await guarded(() =>
            repository.transaction(async (repo, tx) => {
              const before = await repo.find(id);
              if (before === undefined) return false;
              const result = await repo.delete(id, currentUser(request).id);
              if (!result) return false;
              // Archived: the row is kept, and what changed in it (its status) is what the log says.
              const after = result === 'archived' ? await repo.find(id) : null;
              await recordAudit(tx, {
                action: result === 'archived' ? 'archive' : 'delete',
                entityType: section,
                entityId: id,
                entityName: entityNameOf(before),
                changes: auditChanges(before, after),
              });
              return result;
            }),
          );
          if (!deleted) throw new AppError(404, NOT_FOUND);
          // Kept because of its history: say so (without a `message`, which clients read as failure).
          if (deleted === 'archived') return reply.code(200).send({ archived: true });
          return reply.code(204).send(null);
        },
      );
    }
  };
}
