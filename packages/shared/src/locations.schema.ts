import { z } from 'zod';
import { RECORD_STATUSES } from './constants.js';
import { creatorSchema, listQuerySchema, listResponseSchema, queryFlag } from './list.js';
import { messages } from './messages.js';

/** Sort keys of the locations list; the first is the default. */
export const LOCATION_SORTS = ['name', 'date', 'status'] as const;

export const locationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(RECORD_STATUSES),
  createdAt: z.string(),
  user: creatorSchema,
});
export type Location = z.infer<typeof locationSchema>;

const locationName = z
  .string({ error: messages.locationNameRequired })
  .trim()
  .min(1, messages.locationNameRequired)
  .max(200, 'Location name must be at most 200 characters');

export const createLocationSchema = z.object({ name: locationName });
export type CreateLocation = z.infer<typeof createLocationSchema>;

export const updateLocationSchema = z
  .object({ name: locationName, status: z.enum(RECORD_STATUSES) })
  .partial()
  .refine((v) => v.name !== undefined || v.status !== undefined, 'Nothing to update');
export type UpdateLocation = z.infer<typeof updateLocationSchema>;

export const locationListQuerySchema = listQuerySchema(LOCATION_SORTS).extend({
  /** The list's checkbox filter: include archived locations. */
  archived: queryFlag,
});
export type LocationListQuery = z.infer<typeof locationListQuerySchema>;

export const locationListSchema = listResponseSchema('locations', locationSchema);
