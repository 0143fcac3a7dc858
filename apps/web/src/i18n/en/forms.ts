/** English texts of the Forms section (spec §2, §5, §8). */
export const forms = {
  title: 'Forms',
  description: 'What organisers fill in for each guest after a session.',
};
