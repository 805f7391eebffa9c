import { DEFAULT_MAX_MEMORY_MB } from './game-ended';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running `entry`. A TypeScript source (run from the sources) goes through
 * ts-worker-entry.mjs, which registers tsx in the new thread (workers do not inherit the main
 * thread's module hooks); a built entry (`.mjs`, see scripts/worker-urls.mjs) runs as it is.
 */
export function startWorker(entry: URL, workerData: Record<string, unknown>, maxMemoryMb = DEFAULT_MAX_MEMORY_MB): Worker {
  // Game code that allocates without end stops this thread with ERR_WORKER_OUT_OF_MEMORY, not the process.
  const resourceLimits = { maxOldGenerationSizeMb: maxMemoryMb };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData, resourceLimits });
  return new Worker(new URL('./ts-worker-entry.mjs', import.meta.url), {
    workerData: { ...workerData, entry: entry.href },
    resourceLimits,
  });
}
