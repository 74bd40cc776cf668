// What the benches read of the processes they start (Linux /proc) and how they stop them.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** SIGTERM, resolved when the process has exited (at once when it already had). */
export function stopProcess(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.removeAllListeners('exit');
    proc.on('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc, 100 ticks a second). */
export function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
