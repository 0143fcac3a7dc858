import type { CreateGroup, Group, GroupDetail, RecordStatus } from '@ritim/shared';
import { defineResource } from '../../api/resources';

/** /api/groups (docs/product.md §2): one group's answer also names its forms. */
export const groups = defineResource<Group, GroupDetail, CreateGroup, { name?: string; status?: RecordStatus }>(
  'groups',
  { idParam: 'groupId', texts: 'groups' },
);
