import { defineMessages } from './messages.js';

export const CHAT_ID_MAX_LENGTH = 200;
export const MESSAGE_GROUP_NAME_MAX_LENGTH = 200;

/** Texts of the Message Groups API (docs/product.md names none). */
export const messageGroupMessages = defineMessages('messageGroups', {
  nameRequired: 'Message group name must be a non-empty string',
  nameTooLong: `Message group name must be at most ${MESSAGE_GROUP_NAME_MAX_LENGTH} characters`,
  chatIdNotText: 'Chat id must be text',
  chatIdTooLong: `Chat id must be at most ${CHAT_ID_MAX_LENGTH} characters`,
  chatIdTaken: 'Another message group already uses this chat id',
  inUse: 'Message group is used by lookups or logged messages and cannot be deleted',
});
