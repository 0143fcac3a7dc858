import { z } from 'zod';
import { RECORD_STATUSES } from './constants.js';
import { creatorSchema, listQuerySchema, listResponseSchema, queryFlag } from './list.js';
import { messages } from './messages.js';
import { groupMessages, GROUP_NAME_MAX_LENGTH } from './groups.messages.js';
export { groupMessages, GROUP_NAME_MAX_LENGTH } from './groups.messages.js';

/** Sort keys of the groups list; the first is the default. */
export const GROUP_SORTS = ['name', 'date', 'status'] as const;

/** A group as lists show it (docs/product.md §2 Groups: Id, Name, Create User). */
export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(RECORD_STATUSES),
  createdAt: z.string(),
  user: creatorSchema,
});
export type Group = z.infer<typeof groupSchema>;

/** One group (docs/product.md §3 Group): besides the list's fields, the forms that belong to it. */
export const groupDetailSchema = groupSchema.extend({
  forms: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

const groupName = z
  .string({ error: messages.groupNameRequired })
  .trim()
  .min(1, messages.groupNameRequired)
  .max(GROUP_NAME_MAX_LENGTH, groupMessages.nameTooLong);

/** POST /api/groups (and the web form). */
export const createGroupSchema = z.object({ name: groupName });
export type CreateGroup = z.infer<typeof createGroupSchema>;

/** PATCH /api/groups/{id}: rename, archive or restore. */
export const updateGroupSchema = z
  .object({ name: groupName, status: z.enum(RECORD_STATUSES) })
  .partial()
  .refine((v) => v.name !== undefined || v.status !== undefined, 'Nothing to update');
export type UpdateGroup = z.infer<typeof updateGroupSchema>;

export const groupListQuerySchema = listQuerySchema(GROUP_SORTS).extend({
  /** The list's checkbox filter: include archived groups. */
  archived: queryFlag,
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;

export const groupListSchema = listResponseSchema('groups', groupSchema);
