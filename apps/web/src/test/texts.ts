/** `a.b.c` -> text of a nested object of texts (the i18n tests compare languages key by key). */
export function flatten(texts: object, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'object' && value !== null) {
      for (const [inner, text] of flatten(value as object, `${prefix}${key}.`)) flat.set(inner, text);
    } else flat.set(`${prefix}${key}`, String(value));
  }
  return flat;
}

/** The `{{name}}` values a text uses, sorted. */
export const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
