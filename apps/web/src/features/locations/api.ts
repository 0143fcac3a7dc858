import type { CreateLocation, Location, RecordStatus } from '@ritim/shared';
import { defineResource } from '../../api/resources';

/** /api/locations (docs/product.md §2): rows and items are the same shape. */
export const locations = defineResource<Location, Location, CreateLocation, { name?: string; status?: RecordStatus }>(
  'locations',
  { idParam: 'locationId', texts: 'locations' },
);
