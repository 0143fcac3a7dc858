/** English texts of the Users section (spec §2, §5, §8). */
export const users = {
  title: 'Users',
  description: 'People who use Ritim: admins, editors (organisers) and guests.',
};
