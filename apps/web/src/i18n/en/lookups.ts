/** English texts of the Lookups section (spec §2, §5, §8). */
export const lookups = {
  title: 'Lookups',
  description: 'Choices for form listboxes, optionally tied to a record.',
};
