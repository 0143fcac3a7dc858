import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from './list.js';
import { messageGroupMessages, CHAT_ID_MAX_LENGTH, MESSAGE_GROUP_NAME_MAX_LENGTH } from './message-groups.messages.js';
export { messageGroupMessages, CHAT_ID_MAX_LENGTH, MESSAGE_GROUP_NAME_MAX_LENGTH } from './message-groups.messages.js';

/** Sort keys of the message groups list; the first is the default. */
export const MESSAGE_GROUP_SORTS = ['name', 'id'] as const;

/**
 * A message group (docs/product.md §3): a group chat at the messaging transport. `externalId` is that
 * chat's id there (null until set by hand or by sync); `users` are the users whose messages go to
 * it, by username.
 */
export const messageGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  externalId: z.string().nullable(),
  createdAt: z.string(),
  users: z.array(z.object({ id: z.number().int(), username: z.string() })),
});
export type MessageGroup = z.infer<typeof messageGroupSchema>;

const messageGroupName = z
  .string({ error: messageGroupMessages.nameRequired })
  .trim()
  .min(1, messageGroupMessages.nameRequired)
  .max(MESSAGE_GROUP_NAME_MAX_LENGTH, messageGroupMessages.nameTooLong);

/** The chat id: trimmed, and empty (or null) means none. */
const chatId = z
  .union([z.string(), z.null()], { error: messageGroupMessages.chatIdNotText })
  .transform((value) => (value ?? '').trim() || null)
  .pipe(z.string().max(CHAT_ID_MAX_LENGTH, messageGroupMessages.chatIdTooLong).nullable());

/** POST /api/message-groups (and the web form): a name and, optionally, the chat id. */
export const createMessageGroupSchema = z.object({ name: messageGroupName, externalId: chatId.optional() });
export type CreateMessageGroupInput = z.input<typeof createMessageGroupSchema>;
export type CreateMessageGroup = z.output<typeof createMessageGroupSchema>;

/** PATCH /api/message-groups/{id}: what is absent stays as it is; an empty chat id clears it. */
export const updateMessageGroupSchema = z
  .object({ name: messageGroupName.optional(), externalId: chatId.optional() })
  .refine((v) => v.name !== undefined || v.externalId !== undefined, 'Nothing to update');
export type UpdateMessageGroup = z.output<typeof updateMessageGroupSchema>;

export const messageGroupListQuerySchema = listQuerySchema(MESSAGE_GROUP_SORTS);
export type MessageGroupListQuery = z.infer<typeof messageGroupListQuerySchema>;

export const messageGroupListSchema = listResponseSchema('messageGroups', messageGroupSchema);
