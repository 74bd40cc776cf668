// The server process of a load bench: its CPU profile of the measured part (BENCH_CPU_PROF=dir)
// and a clean stop on SIGTERM/SIGINT from the bench that started it.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export async function profileUntilStopped(name: string, close: () => Promise<void>): Promise<void> {
  const dir = process.env.BENCH_CPU_PROF;
  const profiler = dir ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const stop = async () => {
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(`${dir}/${name}-${process.pid}.cpuprofile`, JSON.stringify(profile));
    }
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
