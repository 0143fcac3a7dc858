import {
  createGroupSchema,
  groupDetailSchema,
  groupListQuerySchema,
  groupListSchema,
  groupMessages,
  updateGroupSchema,
} from '@ritim/shared';
import { crudRoutes } from '../../platform/crud-routes.js';
import { defineFeature } from '../../platform/feature.js';
import { GroupRepository } from './repository.js';

/**
 * /api/groups, admins only. Members (user_groups), forms (form_groups) and lookups (group_ref) all
 * hold a group through RESTRICT foreign keys: the database decides "in use", atomically.
 */
const groupRoutes = crudRoutes({
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

/** Groups of users: the section at /api/groups over its repository. */
export const groupsFeature = defineFeature('/api/groups', async (app, { platform }) => {
  await app.register(groupRoutes, { repository: new GroupRepository(platform.db) });
});
