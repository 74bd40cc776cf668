// Every seeded date is an offset from one fixed instant, so the demo data (and the tests that
// read it) are the same on every run.
export const EPOCH = new Date('2025-06-02T09:00:00Z');

const DAY = 86_400_000;

/** EPOCH moved by a number of days (negative: before), plus optional hours. */
export function at(days: number, hours = 0): Date {
  return new Date(EPOCH.getTime() + days * DAY + hours * 3_600_000);
}
