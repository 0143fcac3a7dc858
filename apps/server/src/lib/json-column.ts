/** Drivers hand a JSON column back parsed or as text depending on its type: accept both. */
export const jsonColumn = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
