import {
  createMessageGroupSchema,
  messageGroupListQuerySchema,
  messageGroupListSchema,
  messageGroupMessages,
  messageGroupSchema,
  updateMessageGroupSchema,
} from '@ritim/shared';
import { crudRoutes } from '../../lib/crud-routes.js';

/**
 * /api/message-groups, admins only. Members are let go by their foreign key (set null) when a group
 * is deleted; a lookup holds on with RESTRICT (409). The only unique column is the chat id.
 */
export const messageGroupRoutes = crudRoutes({
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
