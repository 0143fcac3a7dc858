import { z } from 'zod';

/** A person as cover names them: id and full name (the username when they have none). */
export const coverPersonSchema = z.object({ id: z.number().int(), name: z.string() });
export type CoverPerson = z.infer<typeof coverPersonSchema>;

/** A session's cover (null when none): the substitute, whose it was, who gave it and when. */
export const occurrenceCoverSchema = z.object({
  organiser: coverPersonSchema,
  originalOrganiser: coverPersonSchema,
  by: coverPersonSchema.nullable(),
  at: z.string(),
});
export type OccurrenceCover = z.infer<typeof occurrenceCoverSchema>;
