/** Name and surname as messages, reports and exports name a person (the username when both are empty). */
export const personName = (name: string | null, surname: string | null, fallback: string) =>
  [name, surname].filter((part) => part && part.trim()).join(' ') || fallback;
