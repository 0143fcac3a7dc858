/** English texts of the Groups section (spec §2, §5, §8). */
export const groups = {
  title: 'Groups',
  description: 'Teams of organisers; forms and lookups belong to groups.',
};
