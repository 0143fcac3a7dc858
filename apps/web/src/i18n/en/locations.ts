/** English texts of the Locations section (docs/product.md §2, §5, §8). */
export const locations = {
  description: 'Places where events take place.',
  create: 'Create locations',
  createTitle: 'Create Location',
  editTitle: 'Edit Location',
  namePlaceholder: 'Location Name',
  submitUpdate: 'Update Location',
  created: 'Location created successfully',
  updated: 'Location updated successfully',
  fetchFailed: 'Failed to fetch locations: {{error}}',
};
