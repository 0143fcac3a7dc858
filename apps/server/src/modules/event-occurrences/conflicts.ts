import { type Conflict, type ConflictList, MAX_CONFLICTS, type OccurrenceClashList } from '@ritim/shared';
import type { Db } from '../../db/client.js';
import { personName } from '../../lib/names.js';
import { type ClashCandidates, ClashRepository, type ClashRow } from './clashes.js';

function toConflict(row: ClashRow): Conflict {
  return {
    kind: row.kind,
    occurrenceId: row.occurrenceId,
    eventId: row.eventId,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    ...(row.userId === null ? {} : { userId: row.userId }),
    ...(row.locationId === null ? {} : { locationId: row.locationId }),
    name: row.kind === 'location' ? row.label : personName(row.name, row.surname, row.label),
  };
}

/**
 * Double-booking warnings (issue 15): which stored sessions a planned one clashes with (the same
 * organiser, an active guest in common, the same room, overlapping half-open intervals). A clash
 * is a warning: nothing here refuses a save.
 */
export class ConflictChecker {
  constructor(
    db: Db,
    private readonly clashes = new ClashRepository(db),
  ) {}

  /** The planned sessions' clashes, sorted by start: the first MAX_CONFLICTS and the count. */
  async check(candidates: ClashCandidates): Promise<ConflictList> {
    const { rows, total } = await this.clashes.clashes(candidates, MAX_CONFLICTS);
    return { conflicts: rows.map(toConflict), conflictCount: total };
  }

  /** Stored sessions clashing with each other in [from, to), each pair once. */
  async between(from: Date, to: Date): Promise<OccurrenceClashList> {
    const { rows, total } = await this.clashes.clashesBetween(from, to, MAX_CONFLICTS);
    return {
      conflicts: rows.map((row) => ({
        ...toConflict(row),
        with: {
          occurrenceId: row.withOccurrenceId,
          eventId: row.withEventId,
          title: row.withTitle,
          startsAt: row.withStartsAt.toISOString(),
          endsAt: row.withEndsAt.toISOString(),
        },
      })),
      conflictCount: total,
    };
  }
}
