/** A translation that may leave out any text: what it lacks falls back to English. */
export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
