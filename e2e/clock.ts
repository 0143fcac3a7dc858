/** An instant's wall clock in `zone`: its day (yyyy-MM-dd) and time (HH:mm). */
export function wallClock(instant: Date, zone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The day (yyyy-MM-dd) in `zone`, `offsetDays` days from now. */
export const dayIn = (zone: string, offsetDays = 0) =>
  wallClock(new Date(Date.now() + offsetDays * 86_400_000), zone).day;

/** yyyy-MM-dd as the screens show it: dd/MM/yyyy. */
export const shownDay = (day: string) => day.split('-').reverse().join('/');
