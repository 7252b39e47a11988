// Europe/Paris wall-clock times for the demo orders and logins (shops open at 7 h, ERP orders are
// dated at midnight), without a time-zone library: EU summer time runs from the last Sunday of March
// to the last Sunday of October, 01:00 UTC.

const HOUR_MS = 3_600_000;

function lastSundayUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Offset of Paris from UTC at an instant, in milliseconds. */
export function parisOffset(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  return utcMs >= lastSundayUtc(year, 2) && utcMs < lastSundayUtc(year, 9) ? 2 * HOUR_MS : HOUR_MS;
}

/** The instant of a Paris wall-clock time; `day` is the UTC midnight of the calendar day. */
export function parisTime(day: number, hours: number, minutes = 0, seconds = 0): Date {
  const wall = day + hours * HOUR_MS + minutes * 60_000 + seconds * 1000;
  return new Date(wall - parisOffset(wall - HOUR_MS));
}

/** The UTC midnight of the Paris calendar day of an instant. */
export function parisDay(instant: Date): number {
  const wall = instant.getTime() + parisOffset(instant.getTime());
  return wall - (wall % (24 * HOUR_MS));
}

/** Paris calendar year of an instant. */
export function parisYear(instant: Date): number {
  return new Date(instant.getTime() + parisOffset(instant.getTime())).getUTCFullYear();
}
