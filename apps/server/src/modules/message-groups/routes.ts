import {
  createMessageGroupSchema,
  idParamsSchema,
  messageGroupListQuerySchema,
  messageGroupListSchema,
  messageGroupMessages,
  messageGroupSchema,
  notFound,
  updateMessageGroupSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/access.js';
import { AppError, errorResponses, isReferencedError, pgErrorCode } from '../../lib/errors.js';
import type { MessageGroupRepository } from './repository.js';

const adminOnly = { access: ['admin'] } as const;
const errors = errorResponses(400, 401, 403, 404);
const NOT_FOUND = notFound('Message group');

/** The only unique column is the chat id, so a unique violation means it is taken. */
async function uniqueChatId<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError(409, messageGroupMessages.chatIdTaken);
    throw error;
  }
}

export const messageGroupRoutes: FastifyPluginAsyncZod<{ messageGroups: MessageGroupRepository }> = async (
  app,
  { messageGroups },
) => {
  app.get(
    '/',
    {
      config: adminOnly,
      schema: {
        tags: ['message-groups'],
        querystring: messageGroupListQuerySchema,
        response: { 200: messageGroupListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await messageGroups.list(request.query);
      return { messageGroups: page.items, totalCount: page.totalCount };
    },
  );

  app.get(
    '/:id',
    {
      config: adminOnly,
      schema: { tags: ['message-groups'], params: idParamsSchema, response: { 200: messageGroupSchema, ...errors } },
    },
    async (request) => {
      const group = await messageGroups.find(request.params.id);
      if (!group) throw new AppError(404, NOT_FOUND);
      return group;
    },
  );

  app.post(
    '/',
    {
      config: adminOnly,
      schema: {
        tags: ['message-groups'],
        body: createMessageGroupSchema,
        response: { 201: messageGroupSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const group = await uniqueChatId(() => messageGroups.create(request.body, currentUser(request).id));
      return reply.code(201).send(group);
    },
  );

  app.patch(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['message-groups'],
        params: idParamsSchema,
        body: updateMessageGroupSchema,
        response: { 200: messageGroupSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const group = await uniqueChatId(() => messageGroups.update(request.params.id, request.body));
      if (!group) throw new AppError(404, NOT_FOUND);
      return group;
    },
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['message-groups'],
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      let deleted: boolean;
      try {
        deleted = await messageGroups.delete(request.params.id);
      } catch (error) {
        // Members are let go by the foreign key (set null); a lookup holds on with RESTRICT.
        if (isReferencedError(error)) throw new AppError(409, messageGroupMessages.inUse);
        throw error;
      }
      if (!deleted) throw new AppError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
