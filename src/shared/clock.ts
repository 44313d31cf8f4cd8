/**
 * The console's one clock style: 24-hour "02:00", in UTC. format.ts
 * writes every time of day with it, and so do schedules (schedule.ts, which
 * the mock service shares).
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** "02:00", "17:16". */
export function clockTime(hours: number, minutes: number): string {
  return `${pad(hours)}:${pad(minutes)}`;
}

/** The zone every time is shown in. */
export const TIME_ZONE_LABEL = 'UTC';
