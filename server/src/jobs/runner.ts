// The one job runner of the server (DESIGN: background work). The store is the queue (`jobs`):
// a route enqueues in its own transaction, so a job exists exactly when the write that needs it
// committed. Any instance may take a due job; a taken job is locked for LOCK_MS, so a crashed
// runner's job is taken again later. Failures retry with exponential back-off, up to MAX_ATTEMPTS.
// Time comes from the injectable clock: with a ManualClock, jobs run only when a test moves it.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { jobs } from '../db/schema.ts';
import type { Clock } from '../clock.ts';

export interface JobContext {
  db: Db;
  clock: Clock;
  /** Enqueue a follow-up job (same queue). */
  enqueue: JobRunner['enqueue'];
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

/** A taken job is another runner's again after this long (a runner died holding it). */
export const LOCK_MS = 60_000;
export const MAX_ATTEMPTS = 8;
/** Back-off after the n-th failure: 1 s, 2 s, 4 s… capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempts - 1));
const POLL_MS = 200;
const BATCH = 20;

interface Logger {
  error(obj: unknown, msg?: string): void;
}

interface Row {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Wall-clock time (not the injectable clock) of the last tick's start or end: readiness. */
  private beat = 0;

  constructor(private readonly db: Db, private readonly clock: Clock, private readonly log: Logger = console) {}

  /** One handler per kind, registered by the area that owns the work (e.g. 'credential.provision'). */
  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  /** Adds a job; pass the route's transaction as `db` so the job commits with the write. */
  async enqueue(db: Db, kind: string, payload: Record<string, unknown>, delayMs = 0): Promise<void> {
    await db.insert(jobs).values({ kind, payload, runAt: new Date(this.clock.now().getTime() + delayMs) });
    if (delayMs === 0 && !this.stopped) setImmediate(() => void this.runDue());
  }

  /** Runs the jobs due now (by the clock); returns how many ran (succeeded or failed). Calls
   * made while a pass is running wait for it and then run their own pass. */
  async runDue(): Promise<number> {
    while (this.running) await this.running.catch(() => 0);
    this.running = this.pass();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  /** Runs due jobs until none is left (tests: "and then the background work happened"). */
  async drain(): Promise<void> {
    for (let i = 0; i < 100 && (await this.runDue()) > 0; i++);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      this.beat = Date.now();
      try {
        await this.runDue();
      } catch (error) {
        this.log.error({ err: error }, 'jobs: a pass failed');
      }
      this.beat = Date.now();
      if (!this.stopped) this.timer = setTimeout(tick, POLL_MS);
    };
    this.beat = Date.now();
    this.timer = setTimeout(tick, POLL_MS);
    this.timer.unref?.();
  }

  /** For readiness: 'off' when this instance runs no jobs by itself (tests run them by hand),
   * 'stalled' when no tick began or ended for LOCK_MS (a pass hung: its jobs go to other runners). */
  state(): 'off' | 'running' | 'stalled' {
    if (this.stopped) return 'off';
    return Date.now() - this.beat < LOCK_MS ? 'running' : 'stalled';
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => 0);
  }

  private async pass(): Promise<number> {
    const now = this.clock.now();
    const taken = await this.db.execute(sql`
      update ${jobs} set locked_until = ${new Date(now.getTime() + LOCK_MS)}, attempts = attempts + 1
      where id in (
        select id from ${jobs}
        where run_at <= ${now} and attempts < ${MAX_ATTEMPTS} and (locked_until is null or locked_until < ${now})
        order by run_at limit ${BATCH} for update skip locked)
      returning id, kind, payload, attempts`) as unknown as { rows: Row[] };
    for (const job of taken.rows) await this.runOne(job);
    return taken.rows.length;
  }

  private async runOne(job: Row): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { db: this.db, clock: this.clock, enqueue: this.enqueue.bind(this) });
      await this.db.execute(sql`delete from ${jobs} where id = ${job.id}`);
    } catch (error) {
      this.log.error({ err: error, job: job.id, kind: job.kind }, 'jobs: a job failed');
      const retryAt = new Date(this.clock.now().getTime() + backoffMs(job.attempts));
      await this.db.execute(sql`update ${jobs} set locked_until = null, run_at = ${retryAt},
        last_error = ${String((error as Error)?.message ?? error).slice(0, 2000)} where id = ${job.id}`);
    }
  }
}
