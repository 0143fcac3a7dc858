import type { AttendanceStatus, RsvpResponse } from '@ritim/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../lib/names';

/** The colours of each mark, in one place, so a guest's mark reads the same on every screen. */
const markColours: Record<AttendanceStatus, string> = {
  present: 'bg-green-50 text-green-700 ring-green-600/20',
  late: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  absent: 'bg-red-50 text-red-700 ring-red-600/20',
  excused: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  lateCancelled: 'bg-orange-50 text-orange-800 ring-orange-600/20',
};

/** A mark's colour classes, for what shows a mark without being a badge (the marking's choices). */
export const markColourClasses = (status: AttendanceStatus) => markColours[status];

/**
 * A guest's attendance as a small badge beside their name; an unmarked guest shows nothing (the
 * lists stay quiet until someone marks).
 */
export function AttendanceBadge({ status }: { status: AttendanceStatus | null | undefined }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <span
      className={`ml-1 inline-flex items-center rounded-full px-1.5 py-0.5 align-middle text-xs font-medium whitespace-nowrap ring-1 ring-inset ${markColours[status]}`}
      data-testid="attendance-badge"
    >
      {t(`attendance.statuses.${status}`)}
    </span>
  );
}

/**
 * A guest's own answer through the link in their reminder (docs/domain.md#rsvp), beside their
 * name for admins and the organiser; none shows nothing.
 */
export function RsvpBadge({ response }: { response: RsvpResponse | null | undefined }) {
  const { t } = useTranslation();
  if (!response) return null;
  const colours =
    response === 'yes' ? 'bg-green-50 text-green-700 ring-green-600/20' : 'bg-red-50 text-red-700 ring-red-600/20';
  return (
    <span
      className={`ml-1 inline-flex items-center rounded-full px-1.5 py-0.5 align-middle text-xs font-medium whitespace-nowrap ring-1 ring-inset ${colours}`}
      data-testid="rsvp-badge"
    >
      {t(`attendance.rsvp.${response}`)}
    </span>
  );
}

/** A session's guests on one line, each name with their mark (Home's rows). */
export function GuestsWithMarks({
  guests,
}: {
  guests: readonly {
    id: number;
    name: string | null;
    surname: string | null;
    attendance: AttendanceStatus | null;
    rsvp?: RsvpResponse | null;
  }[];
}) {
  return (
    <p className="text-sm text-slate-600">
      {guests.map((guest, index) => (
        // A line breaks between guests, never inside a name and its mark.
        <Fragment key={guest.id}>
          {index > 0 && ', '}
          <span className="whitespace-nowrap">
            {fullName(guest)}
            <RsvpBadge response={guest.rsvp} />
            <AttendanceBadge status={guest.attendance} />
          </span>
        </Fragment>
      ))}
    </p>
  );
}
