/** English texts of the Message Groups section (docs/product.md §2, §5, §8). */
export const messageGroups = {
  description: 'Group chats that messages to their members go to.',
  create: 'Create message groups',
  createTitle: 'Create Message Group',
  editTitle: 'Edit Message Group',
  namePlaceholder: 'Message Group Name',
  chatId: 'Chat id (optional)',
  chatIdPlaceholder: '120363012345678901@g.us',
  chatIdHint:
    "The id of this group's chat at the messaging gateway (for a WhatsApp group, the id ending in @g.us). Messages to its members go to that chat. Leave it empty if there is none yet.",
  submitUpdate: 'Update Message Group',
  created: 'Message group created successfully',
  updated: 'Message group updated successfully',
  fetchFailed: 'Failed to fetch message group: {{error}}',
  membersHint: 'Users join a message group in the user form.',
  noMembers: 'No user is in this message group yet.',
};
