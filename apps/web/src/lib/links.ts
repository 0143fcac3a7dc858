/** Whether a conference link may be opened as a link (a web address; anything else is shown as text). */
export const isWebLink = (value: string | null): value is string => !!value && /^https?:\/\/\S+$/i.test(value.trim());
