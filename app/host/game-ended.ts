/**
 * Game code ended the thread it ran in: it called `process.exit()` (in a worker thread that ends
 * the thread, not the process), or it used more memory than the thread may have.
 */
export type GameEnded =
  { kind: 'exit'; code: number; doing: string; fn: string | null } | { kind: 'memory'; limitMb: number; doing: string; fn: string | null };

/** Memory a thread running game code may use unless `--max-memory` says otherwise. */
export const DEFAULT_MAX_MEMORY_MB = 4096;

/** The words for it: what game code did, where, and what to do about it. */
export function describeGameEnded(ended: GameEnded): string {
  const where = `while ${ended.doing}${ended.fn ? `, inside ${ended.fn}` : ''}`;
  if (ended.kind === 'exit')
    return `game code called process.exit(${ended.code}) ${where}; the run was stopped (game code must not end the process)`;
  return `game code ran out of memory (the limit is ${ended.limitMb} MB) ${where}; allow more with --max-memory MB`;
}

/** The error a worker thread reports when it ran out of memory. */
export function isOutOfMemory(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}
