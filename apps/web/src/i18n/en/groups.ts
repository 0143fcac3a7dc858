/** English texts of the Groups section (docs/product.md §2, §5, §8). */
export const groups = {
  description: 'Teams of organisers; forms and lookups belong to groups.',
  create: 'Create groups',
  createTitle: 'Create Group',
  editTitle: 'Edit Group',
  namePlaceholder: 'Group Name',
  submitUpdate: 'Update Group',
  created: 'Group created successfully',
  updated: 'Group updated successfully',
  fetchFailed: 'Failed to fetch group: {{error}}',
  formsHint: 'Forms are given to groups in the form editor.',
  noForms: 'No form belongs to this group yet.',
};
