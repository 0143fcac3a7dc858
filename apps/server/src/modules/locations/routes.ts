import {
  createLocationSchema,
  locationListQuerySchema,
  locationListSchema,
  locationSchema,
  messages,
  updateLocationSchema,
} from '@ritim/shared';
import { crudRoutes } from '../../platform/crud-routes.js';
import { defineFeature } from '../../platform/feature.js';
import { LocationRepository } from './repository.js';

/**
 * /api/locations, admins only. Anything referencing a location does so through a RESTRICT foreign
 * key, so "in use" is decided by the database, atomically, whichever section holds the reference.
 */
const locationRoutes = crudRoutes({
  section: 'locations',
  cacheList: true,
  item: 'Location',
  schemas: {
    listQuery: locationListQuerySchema,
    list: locationListSchema,
    item: locationSchema,
    create: createLocationSchema,
    update: updateLocationSchema,
  },
  conflicts: { referenced: messages.locationInUse },
});

/** Places: the section at /api/locations over its repository. */
export const locationsFeature = defineFeature('/api/locations', async (app, { platform }) => {
  await app.register(locationRoutes, { repository: new LocationRepository(platform.db) });
});
