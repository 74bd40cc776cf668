// The assistant's per-user rate limit: AI_RATE_LIMIT.requests questions in a sliding window of
// AI_RATE_LIMIT.windowMs, kept in this instance's memory (each answer may call a paid model; a
// user spread over several instances gets each instance's allowance, an accepted looseness).
import { TooManyAttempts } from '../auth/throttle.ts';

export const AI_RATE_LIMIT = { requests: 30, windowMs: 60_000 } as const;
const MAX_USERS = 10_000;

export class AssistantRateLimit {
  private readonly seen = new Map<string, number[]>();

  constructor(private readonly limits: { requests: number; windowMs: number } = AI_RATE_LIMIT) {}

  /** Counts one request of the user, or throws a 429 naming when to try again. */
  take(userId: string, nowMs: number): void {
    const since = nowMs - this.limits.windowMs;
    const times = (this.seen.get(userId) ?? []).filter((t) => t > since);
    if (times.length >= this.limits.requests) {
      throw new TooManyAttempts(Math.max(1, Math.ceil((times[0]! - since) / 1000)), 'questions to the assistant', 'content.messages');
    }
    times.push(nowMs);
    this.seen.delete(userId);
    this.seen.set(userId, times);
    if (this.seen.size > MAX_USERS) this.seen.delete(this.seen.keys().next().value!);
  }
}
