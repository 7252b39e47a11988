// Calendar days (no time zone) and Europe/Paris instants, for the statistics' periods and buckets
// (statistics.ts describes the statistics contract).
import { toParisIsoDateTime } from './orders/export-format';

// ---------------------------------------------------------------- calendar days (no time zone)

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → days since 1970-01-01. */
export function dayNumber(day: string): number {
  return Math.round(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) / DAY_MS);
}
/** Days since 1970-01-01 → 'YYYY-MM-DD'. */
export function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}
export const addDays = (day: string, days: number): string => dayText(dayNumber(day) + days);
/** Days of a period, both bounds included. */
export const periodLength = (dateDebut: string, dateFin: string): number =>
  dayNumber(dateFin) - dayNumber(dateDebut) + 1;
/** ISO weekday: 1 Monday … 7 Sunday. */
const isoWeekday = (day: string): number => ((((dayNumber(day) + 3) % 7) + 7) % 7) + 1;
export const mondayOf = (day: string): string => addDays(day, 1 - isoWeekday(day));

/** The ISO week of a day: its year (the year of its Thursday) and number. */
export function isoWeek(day: string): { year: number; week: number } {
  const thursday = addDays(day, 4 - isoWeekday(day));
  const year = +thursday.slice(0, 4);
  const week = Math.floor((dayNumber(thursday) - dayNumber(`${year}-01-01`)) / 7) + 1;
  return { year, week };
}

// ---------------------------------------------------------------- Europe/Paris instants

/** Paris wall clock of an instant (ms): 'YYYY-MM-DD', hour, and the offset to UTC in minutes. */
export function parisClock(ms: number): { day: string; hour: number; offsetMinutes: number } {
  // '2024-03-05T14:30:00+01:00'
  const iso = toParisIsoDateTime(new Date(ms));
  const sign = iso[19] === '-' ? -1 : 1;
  return {
    day: iso.slice(0, 10),
    hour: +iso.slice(11, 13),
    offsetMinutes: sign * (+iso.slice(20, 22) * 60 + +iso.slice(23, 25)),
  };
}

/** The Paris calendar day of an instant (ms). */
export const parisDay = (ms: number): string => parisClock(ms).day;

/** The instant (ms) of midnight in Paris at the start of `day` (never inside a DST change in France). */
export function parisMidnight(day: string): number {
  const wall = dayNumber(day) * DAY_MS;
  let ms = wall - parisClock(wall).offsetMinutes * 60_000;
  ms = wall - parisClock(ms).offsetMinutes * 60_000;
  return ms;
}
