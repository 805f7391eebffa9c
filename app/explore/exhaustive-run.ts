import type { ExhaustiveOptions, ExhaustiveResult } from '../../engine';
import { runWatchedWorker } from '../host/watched-worker';
import type { OpenOptions } from '../game/open-session';
import { ExploreWorkerError, workerEndedError, type ExplorePlay } from './explore-job';

/** What the exhaustive search's worker is asked to do. */
export interface ExhaustiveJob {
  file: string;
  game?: string;
  bgio?: string;
  open?: OpenOptions;
  numPlayers: number;
  setupData: unknown;
  /** The argument sources and client events, as explore's random runs use them. */
  play?: ExplorePlay;
  options: Omit<ExhaustiveOptions, 'onProgress' | 'actions' | 'sources'>;
}

export type ExhaustiveWorkerMessage =
  | { type: 'result'; result: ExhaustiveResult }
  | { type: 'progress'; states: number; depth: number; findings: number }
  | { type: 'failed'; name: string; message: string };

/** Runs the search in a watched worker thread: game code that makes no progress for `timeoutMs` stops it, naming the function. */
export async function runExhaustive(
  job: ExhaustiveJob,
  timeoutMs: number,
  onProgress: (states: number, depth: number, findings: number) => void,
  maxMemoryMb?: number,
): Promise<ExhaustiveResult> {
  let result: ExhaustiveResult | null = null;
  let failure: Error | null = null;
  const onMessage = (message: { type: string }) => {
    const m = message as ExhaustiveWorkerMessage;
    if (m.type === 'result') result = m.result;
    else if (m.type === 'progress') onProgress(m.states, m.depth, m.findings);
    else if (m.type === 'failed') failure = new ExploreWorkerError(m.name, m.message);
  };
  const script = new URL('./exhaustive-worker.ts', import.meta.url);
  const ended = await runWatchedWorker(script, { job }, timeoutMs, () => {}, { onMessage, maxMemoryMb });
  // Game code that hung, called process.exit() or ran out of memory: one line naming it.
  const gameEnded = workerEndedError(ended);
  if (gameEnded) throw gameEnded;
  if (failure) throw failure;
  if (!result || !('code' in ended) || ended.code !== 0)
    throw new Error(`the exhaustive search's worker exited with code ${'code' in ended ? ended.code : '?'}`);
  return result;
}
