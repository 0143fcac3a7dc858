/** English texts of the Message Groups section (spec §2, §5, §8). */
export const messageGroups = {
  title: 'Message Groups',
  description: 'Group chats that messages to their members go to.',
};
