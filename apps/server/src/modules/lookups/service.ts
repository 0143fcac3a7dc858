import {
  type CreateLookup,
  type Lookup,
  type LookupableType,
  lookupMessages,
  messages,
  type UpdateLookup,
} from '@ritim/shared';
import { AppError, isReferencedError, pgErrorCode } from '../../platform/errors.js';
import type { LookupListRequest, LookupRepository } from './repository.js';
import type { Executor } from '../../platform/db/client.js';

/**
 * Per lookupable type: how messages name its record, and the foreign key of its generated *_ref
 * column (see the lookups table), through which the database itself refuses a missing record.
 */
const LOOKUPABLES: Record<LookupableType, { item: string; foreignKey: string }> = {
  users: { item: 'User', foreignKey: 'lookups_user_ref_users_id_fk' },
  groups: { item: 'Group', foreignKey: 'lookups_group_ref_groups_id_fk' },
  locations: { item: 'Location', foreignKey: 'lookups_location_ref_locations_id_fk' },
  forms: { item: 'Form', foreignKey: 'lookups_form_ref_forms_id_fk' },
  'message-groups': { item: 'Message group', foreignKey: 'lookups_message_group_ref_message_groups_id_fk' },
  events: { item: 'Event', foreignKey: 'lookups_event_ref_events_id_fk' },
};

const PARENT_FOREIGN_KEY = 'lookups_parent_id_lookups_id_fk';

const missingRecord = (type: LookupableType, id: number) =>
  new AppError(400, lookupMessages.recordMissing({ item: LOOKUPABLES[type].item, id }));

/** The constraint a database error names, looking through Drizzle's wrapper. */
function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** The lookup rules beyond the shared contract: the record and the parent exist, no cycles. */
export class LookupService {
  constructor(private readonly lookups: LookupRepository) {}

  /** One transaction with this service working in it (platform/crud-routes.ts: a write and its audit row). */
  transaction<T>(work: (service: LookupService, tx: Executor) => Promise<T>): Promise<T> {
    return this.lookups.transaction((repository, tx) => work(new LookupService(repository), tx));
  }

  list(query: LookupListRequest) {
    return this.lookups.list(query);
  }

  async get(id: number): Promise<Lookup> {
    const lookup = await this.lookups.find(id);
    if (!lookup) throw new AppError(404, messages.lookupNotFound);
    return lookup;
  }

  async create(input: CreateLookup, createdBy: number): Promise<Lookup> {
    const id = await this.translate(input, () => this.lookups.create(input, createdBy));
    return this.get(id);
  }

  async update(id: number, changes: UpdateLookup): Promise<Lookup> {
    if (changes.parentId === id) throw new AppError(400, lookupMessages.selfParent);
    const result = await this.translate(changes, () => this.lookups.update(id, changes));
    if (result === 'cycle') throw new AppError(400, lookupMessages.cycle({ parentId: changes.parentId! }));
    if (!result) throw new AppError(404, messages.lookupNotFound);
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    let deleted: boolean;
    try {
      deleted = await this.lookups.delete(id);
    } catch (error) {
      // Children point at their parent through a RESTRICT foreign key: the database decides.
      if (isReferencedError(error)) throw new AppError(409, lookupMessages.hasChildren);
      throw error;
    }
    if (!deleted) throw new AppError(404, messages.lookupNotFound);
  }

  /** Runs a write, turning a refused reference (23503) into the 400 that names what is missing. */
  private async translate<T>(
    input: { lookupableType?: LookupableType | null; lookupableId?: number | null; parentId?: number | null },
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (pgErrorCode(error) !== '23503') throw error;
      const constraint = constraintOf(error);
      if (constraint === PARENT_FOREIGN_KEY && input.parentId != null) {
        throw new AppError(400, lookupMessages.parentMissing({ id: input.parentId }));
      }
      const { lookupableType: type, lookupableId: id } = input;
      if (type && id != null && constraint === LOOKUPABLES[type].foreignKey) throw missingRecord(type, id);
      throw error;
    }
  }
}
