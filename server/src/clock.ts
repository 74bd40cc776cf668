// The one clock of the server: routes, jobs and rules read the time from app.clock, so tests can
// move time forward (expiry, visibility windows, scheduled jobs) without waiting.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told: `new ManualClock(start)`, then `advance(ms)`. */
export class ManualClock implements Clock {
  private ms: number;
  constructor(start: Date | number = Date.now()) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): Date {
    this.ms += ms;
    return this.now();
  }
  set(at: Date | number): void {
    this.ms = typeof at === 'number' ? at : at.getTime();
  }
}
