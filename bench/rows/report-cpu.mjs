// Preloaded (`node --import`) into each process the CLI row starts: at exit, writes the CPU time
// the whole process used (every thread, user + system, in ms) to the file FLOWSCOPE_BENCH_CPU names.
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.FLOWSCOPE_BENCH_CPU) {
  const file = process.env.FLOWSCOPE_BENCH_CPU;
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(file, String((usage.userCPUTime + usage.systemCPUTime) / 1000));
  });
}
