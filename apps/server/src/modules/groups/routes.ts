import {
  createGroupSchema,
  groupDetailSchema,
  groupListQuerySchema,
  groupListSchema,
  groupMessages,
  updateGroupSchema,
} from '@ritim/shared';
import { crudRoutes } from '../../lib/crud-routes.js';

/**
 * /api/groups, admins only. Members (user_groups), forms (form_groups) and lookups (group_ref) all
 * hold a group through RESTRICT foreign keys: the database decides "in use", atomically.
 */
export const groupRoutes = crudRoutes({
  section: 'groups',
  item: 'Group',
  schemas: {
    listQuery: groupListQuerySchema,
    list: groupListSchema,
    item: groupDetailSchema,
    create: createGroupSchema,
    update: updateGroupSchema,
  },
  conflicts: { referenced: groupMessages.inUse },
});
