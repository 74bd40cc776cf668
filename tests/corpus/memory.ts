// What each description costs in memory during the corpus run: the process's peak RSS (worker
// threads and the embedded store's thread included) while that description was being published,
// and how far above the RSS at its start that peak went.
//
// Linux keeps the process's RSS high-water mark (VmHWM in /proc/self/status) and lets a process
// reset it to the current RSS (writing 5 to /proc/self/clear_refs). At every start and end of a
// description the mark is read, credited to every description in flight, and reset: so a
// description's figure is the true peak of its window, not a sample. Two descriptions in flight
// at once share a window (the import admits a large description alone, so the large ones, the ones
// that matter, are measured alone). Elsewhere (no /proc) the current RSS is read at those moments.
// The floor (the lowest RSS at a description's end, per tenth of the run) shows whether the
// baseline rises across the run, i.e. whether something is kept from one description to the next.
import { readFileSync, writeFileSync } from 'node:fs';

export interface DescriptionMemory {
  file: string;
  /** Process peak RSS in bytes while it was in flight. */
  peak: number;
  /** RSS when it started. */
  start: number;
}

const highWaterMark = (): number | null => {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
};

const resetHighWaterMark = (): boolean => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
};

export class MemoryWatch {
  readonly exact = highWaterMark() !== null && resetHighWaterMark();
  private readonly inFlight = new Map<string, DescriptionMemory>();
  readonly done: DescriptionMemory[] = [];
  /** RSS at each description's end, in order (the run's floor and trend). */
  private readonly ends: number[] = [];
  /** Whole-process peak (the resets clear the kernel's own, so it is kept here). */
  processPeak = process.resourceUsage().maxRSS * 1024;
  /** The peak before the first description: opening (creating and migrating) the store. */
  openingPeak: number | null = null;

  /** The peak since the last reading, credited to everything in flight. */
  private settle(): number {
    const rss = process.memoryUsage().rss;
    const peak = this.exact ? Math.max(highWaterMark() ?? rss, rss) : rss;
    if (this.exact) resetHighWaterMark();
    this.processPeak = Math.max(this.processPeak, peak);
    for (const m of this.inFlight.values()) m.peak = Math.max(m.peak, peak);
    return rss;
  }

  start(file: string): void {
    const rss = this.settle();
    this.openingPeak ??= this.processPeak;
    this.inFlight.set(file, { file, peak: rss, start: rss });
  }

  end(file: string): void {
    this.settle();
    const m = this.inFlight.get(file);
    if (!m) return;
    this.inFlight.delete(file);
    this.done.push(m);
    this.ends.push(process.memoryUsage().rss);
  }

  /** The run is over: the last stretch counts in the whole-process peak, nothing after it does. */
  finish(): void {
    this.settle();
  }

  /** The report's lines: the costliest descriptions, the process peak, the floor per tenth. */
  report(top = 8): string[] {
    const mb = (n: number) => `${Math.round(n / 1e6)} MB`;
    const costliest = [...this.done].sort((a, b) => b.peak - a.peak).slice(0, top);
    const tenths = Array.from({ length: 10 }, (_, i) => this.ends.slice(Math.floor((i * this.ends.length) / 10), Math.floor(((i + 1) * this.ends.length) / 10)))
      .filter((part) => part.length).map((part) => mb(Math.min(...part)));
    return [
      `peak RSS per description (${this.exact ? 'kernel high-water mark per window' : 'sampled at start and end only'}): max ${costliest[0] ? `${mb(costliest[0].peak)} (${costliest[0].file})` : 'n/a'}`,
      ...costliest.map((m) => `  ${mb(m.peak).padStart(8)}  (+${mb(m.peak - m.start)} over its start)  ${m.file}`),
      `whole-process peak RSS: ${mb(this.processPeak)} (before the first description, creating the store: ${this.openingPeak === null ? 'n/a' : mb(this.openingPeak)})`,
      `RSS floor per tenth of the run: ${tenths.join(', ')}`,
    ];
  }
}
