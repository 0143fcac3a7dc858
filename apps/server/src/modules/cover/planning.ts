import type { Conflict } from '@ritim/shared';
import { staffByIds } from '../users/staff.js';
import { insideHours, overlaps, type Span } from './free.js';
import { TimeOffRepository } from './time-off.js';
import { WorkingHoursRepository, type StoredInterval } from './working-hours.js';
import type { Executor } from '../../platform/db/client.js';

/**
 * When an organiser can take a session, as planning reads it (docs/domain.md#cover): their time off
 * over the planned sessions and their working hours, in their zone.
 */
export class OrganiserTime {
  private constructor(
    readonly userId: number,
    readonly name: string,
    private readonly timeOff: readonly Span[],
    private readonly week: readonly StoredInterval[],
    private readonly zone: string,
  ) {}

  /** The organiser's time off overlapping [from, to) and their week; undefined for no such user. */
  static async of(db: Executor, userId: number, from: Date, to: Date): Promise<OrganiserTime | undefined> {
    const [[person], timeOff, weeks] = await Promise.all([
      staffByIds(db, [userId]),
      new TimeOffRepository(db).overlapping(from, to, [userId], db),
      new WorkingHoursRepository(db).of([userId], db),
    ]);
    if (!person) return undefined;
    const spans = timeOff.map((off) => ({ startsAt: off.startsFrom, endsAt: off.endsBefore }));
    return new OrganiserTime(userId, person.name, spans, weeks.get(userId) ?? [], person.timezone);
  }

  /** Whether `session` overlaps the organiser's time off (half-open). */
  onTimeOff(session: Span): boolean {
    return this.timeOff.some((off) => overlaps(off, session));
  }

  /** Whether `session` lies inside the organiser's working hours (always, when they have none). */
  inHours(session: Span): boolean {
    return insideHours(session, this.week, this.zone);
  }

  /** The planned sessions' `timeOff` and `outsideHours` warnings, by start. */
  warnings(sessions: readonly Span[]): Conflict[] {
    const found: Conflict[] = [];
    for (const session of sessions) {
      const about = {
        startsAt: session.startsAt.toISOString(),
        endsAt: session.endsAt.toISOString(),
        userId: this.userId,
        name: this.name,
      };
      if (this.onTimeOff(session)) found.push({ kind: 'timeOff', ...about });
      if (!this.inHours(session)) found.push({ kind: 'outsideHours', ...about });
    }
    return found.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  }
}
