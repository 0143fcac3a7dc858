import {
  bulkActionResultSchema,
  createMessageGroupSchema,
  messageGroupListQuerySchema,
  messageGroupListSchema,
  messageGroupMessages,
  messageGroupSchema,
  updateMessageGroupSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { crudRoutes } from '../../platform/crud-routes.js';
import { errorResponses } from '../../platform/errors.js';
import type { MessagingService } from '../message-composition/service.js';
import { defineFeature } from '../../platform/feature.js';
import { messagingFor } from '../message-composition/service.js';
import { MessageGroupRepository } from './repository.js';

/**
 * Members are let go by their foreign key (set null) when a group is deleted; a lookup holds on with
 * RESTRICT (409). The only unique column is the chat id.
 */
const crud = crudRoutes({
  section: 'message-groups',
  item: 'Message group',
  schemas: {
    listQuery: messageGroupListQuerySchema,
    list: messageGroupListSchema,
    item: messageGroupSchema,
    create: createMessageGroupSchema,
    update: updateMessageGroupSchema,
  },
  conflicts: { referenced: messageGroupMessages.inUse, unique: messageGroupMessages.chatIdTaken },
});

/** /api/message-groups, admins only: the five section routes and the import from the messaging gateway. */
const messageGroupRoutes: FastifyPluginAsyncZod<{
  repository: MessageGroupRepository;
  messaging: MessagingService;
}> = async (app, { repository, messaging }) => {
  await app.register(crud, { repository });

  app.get(
    '/sync',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['message-groups'],
        description:
          'Imports the messaging gateway’s group chats and their members (matched to users by phone). 409 when ' +
          'the configured transport has no groups, 502 when the gateway cannot list them.',
        response: { 200: bulkActionResultSchema, ...errorResponses(400, 401, 403, 409, 502, 503) },
      },
    },
    async (request) => messaging.syncMessageGroups(currentUser(request)),
  );
};

/** Message groups (the channel's chats) at /api/message-groups. */
export const messageGroupsFeature = defineFeature('/api/message-groups', async (app, { platform }) => {
  await app.register(messageGroupRoutes, {
    repository: new MessageGroupRepository(platform.db),
    messaging: messagingFor(platform),
  });
});
