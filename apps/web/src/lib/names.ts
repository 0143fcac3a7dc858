/** A person as lists and menus name them: name and surname, else the username, else blank. */
export const fullName = (person: { name: string | null; surname: string | null; username?: string }) =>
  [person.name, person.surname].filter(Boolean).join(' ') || person.username || '';
