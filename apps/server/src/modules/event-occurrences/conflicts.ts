import {
  type Conflict,
  type ConflictList,
  MAX_CONFLICTS,
  type OccurrenceClash,
  type OccurrenceClashList,
} from '@ritim/shared';
import type { Db } from '../../platform/db/client.js';
import { personName } from '../../lib/names.js';
import { OrganiserTime } from '../cover/planning.js';
import { type ClashCandidates, ClashRepository, type ClashRow } from './clashes.js';

function toConflict(row: ClashRow): Conflict & Pick<OccurrenceClash, 'kind' | 'occurrenceId' | 'eventId' | 'title'> {
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
 * organiser, an active guest in common, the same room, overlapping half-open intervals), and the
 * planned sessions that fall in the organiser's time off or outside their working hours (issue
 * 36). A warning: nothing here refuses a save.
 */
export class ConflictChecker {
  constructor(
    private readonly db: Db,
    private readonly clashes = new ClashRepository(db),
  ) {}

  /** The planned sessions' warnings, sorted by start: the first MAX_CONFLICTS and the count. */
  async check(candidates: ClashCandidates): Promise<ConflictList> {
    const [{ rows, total }, organiser] = await Promise.all([
      this.clashes.clashes(candidates, MAX_CONFLICTS),
      this.organiserWarnings(candidates),
    ]);
    const conflicts = [...rows.map(toConflict), ...organiser]
      .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
      .slice(0, MAX_CONFLICTS);
    return { conflicts, conflictCount: total + organiser.length };
  }

  /** The organiser's `timeOff` and `outsideHours` warnings of the planned sessions (docs/domain.md#cover). */
  private async organiserWarnings({ starts, ends, organiserId }: ClashCandidates): Promise<Conflict[]> {
    if (organiserId === undefined || starts.length === 0) return [];
    const from = new Date(Math.min(...starts.map((start) => start.getTime())));
    const to = new Date(Math.max(...ends.map((end) => end.getTime())));
    const time = await OrganiserTime.of(this.db, organiserId, from, to);
    return time ? time.warnings(starts.map((startsAt, i) => ({ startsAt, endsAt: ends[i]! }))) : [];
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
