// Password guessing limits for the built-in sign-in (issue 12, finding 3), and the same counts
// and back-off for self-service registrations per client address (RegistrationThrottle).
//
// Two counts of failed attempts, kept in the store (signin_attempts) so every instance on one
// PostgreSQL shares them:
//   - per account AND client address: a few free failures, then an exponential back-off
//     (1 s, 2 s, 4 s … up to 15 min) before that address may try that account again;
//   - per client address over all accounts (password spraying): more free failures, same back-off.
// There is deliberately no count per account alone: an attacker could then shut the real user out
// by failing on purpose from anywhere. Keyed by account+address, guesses from other addresses never
// block the user's own address; the price is that a botnet gets a few guesses per account per
// address, which the per-address count and the back-off keep slow.
//
// Each attempt is counted BEFORE the password is checked (one atomic upsert that refuses while
// blocked), so guesses sent in parallel are counted too and cannot all slip in before the first
// failure is written; a success gives the attempt back (and clears the account+address count).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';

export const SIGNIN_LIMITS = {
  /** Failures of one account from one address before the back-off starts. */
  accountFree: 5,
  /** Failures from one address over all accounts before the back-off starts. */
  addressFree: 30,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  /** A count is forgotten after this long without any attempt. */
  forgetAfterMs: 60 * 60_000,
} as const;

/** Registrations from one client address before the back-off starts (then 1 s, 2 s, 4 s …). */
export const REGISTER_LIMITS = { free: 10 } as const;

export class TooManyAttempts extends ApiError {
  constructor(readonly retryAfterSeconds: number, what = 'sign-in attempts', parameter = 'username') {
    super(429, 'Too Many Requests', `Too many ${what}; try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`, parameter);
  }
}

/** What claim() took, to give back on success. */
export interface Attempt {
  accountKey: string;
  addressKey: string;
}

export class SignInThrottle {
  constructor(private readonly db: Db, private readonly clock: Clock) {}

  /** Counts one attempt of `username` from `address`, or throws TooManyAttempts (429). */
  async claim(username: string, address: string): Promise<Attempt> {
    const attempt = { accountKey: `account:${username.trim().toLowerCase()}|${address}`, addressKey: `address:${address}` };
    await this.take(attempt.addressKey, SIGNIN_LIMITS.addressFree);
    try {
      await this.take(attempt.accountKey, SIGNIN_LIMITS.accountFree);
    } catch (error) {
      // Not tried, so not a guess of this address: a user retrying a blocked account must not
      // also block their whole address.
      await this.giveBack(attempt.addressKey);
      throw error;
    }
    // Counts of addresses and accounts long quiet: a few rows now and then instead of a job.
    if (Math.random() < 0.01) {
      await this.db.execute(sql`delete from signin_attempts where last_at < ${this.forgetBefore()}::timestamptz`);
    }
    return attempt;
  }

  /** The password was right: the attempt was not a guess. */
  async succeeded(attempt: Attempt): Promise<void> {
    await this.db.execute(sql`delete from signin_attempts where key = ${attempt.accountKey}`);
    await this.giveBack(attempt.addressKey);
  }

  private async giveBack(key: string): Promise<void> {
    await this.db.execute(sql`update signin_attempts set failures = greatest(failures - 1, 0) where key = ${key}`);
  }

  private forgetBefore(): string {
    return forgetBefore(this.clock);
  }

  private take(key: string, free: number): Promise<void> {
    return takeAttempt(this.db, this.clock, key, free, (seconds) => new TooManyAttempts(seconds));
  }
}

/** Account creation per client address (issue 12: account-creation spam): every registration that
 * gets as far as the store counts, made or refused because the address is taken (which also slows
 * probing for who has an account); the same back-off as sign-in past REGISTER_LIMITS.free. */
export class RegistrationThrottle {
  constructor(private readonly db: Db, private readonly clock: Clock) {}

  claim(address: string): Promise<void> {
    return takeAttempt(this.db, this.clock, `register:${address}`, REGISTER_LIMITS.free, (seconds) => new TooManyAttempts(seconds, 'registrations', 'email'));
  }
}

/** Requests for a password-reset or verification link (issue 33), counted as sign-in counts its
 * attempts: per address+client address (a few free) and per client address over all addresses
 * (more free), then the same back-off. Every request counts, whether an account holds the
 * address or not, so the limits tell nothing either. */
export class MailRequestThrottle {
  constructor(private readonly db: Db, private readonly clock: Clock) {}

  async claim(email: string, address: string): Promise<void> {
    const tooMany = (seconds: number) => new TooManyAttempts(seconds, 'requests for a link', 'email');
    await takeAttempt(this.db, this.clock, `mail-address:${address}`, SIGNIN_LIMITS.addressFree, tooMany);
    await takeAttempt(this.db, this.clock, `mail:${email.toLowerCase()}|${address}`, SIGNIN_LIMITS.accountFree, tooMany);
  }
}

function forgetBefore(clock: Clock): string {
  return new Date(clock.now().getTime() - SIGNIN_LIMITS.forgetAfterMs).toISOString();
}

/** Counts one attempt under `key` in one atomic upsert, or throws tooMany while it is blocked. */
async function takeAttempt(db: Db, clock: Clock, key: string, free: number, tooMany: (retryAfterSeconds: number) => ApiError): Promise<void> {
  const now = clock.now().toISOString();
  // The count after this attempt, once for the value and once for the back-off it earns.
  const count = sql`(case when a.last_at < ${forgetBefore(clock)}::timestamptz then 1 else a.failures + 1 end)`;
  const { firstDelayMs, maxDelayMs } = SIGNIN_LIMITS;
  const taken = (await db.execute(sql`
    insert into signin_attempts as a (key, failures, blocked_until, last_at) values (${key}, 1, null, ${now}::timestamptz)
    on conflict (key) do update set
      failures = ${count},
      blocked_until = case when ${count} > ${free}
        then ${now}::timestamptz + least(${firstDelayMs}::float8 * power(2, least(${count} - ${free} - 1, 30)), ${maxDelayMs}) * interval '1 millisecond'
        end,
      last_at = ${now}::timestamptz
    where a.blocked_until is null or a.blocked_until <= ${now}::timestamptz
    returning failures`)) as unknown as { rows: unknown[] };
  if (taken.rows.length) return;
  const blocked = (await db.execute(sql`select blocked_until from signin_attempts where key = ${key}`)) as unknown as { rows: Array<{ blocked_until: Date | string | null }> };
  const until = blocked.rows[0]?.blocked_until;
  const ms = until ? new Date(until).getTime() - Date.parse(now) : 0;
  throw tooMany(Math.max(1, Math.ceil(ms / 1000)));
}
