import {
  buildExhaustiveReport,
  DEFAULT_MAX_STATES,
  summariseCoverage,
  type ChartModel,
  type ExhaustiveReport,
  type ShardReport,
} from '../../../engine';
import { runExhaustive } from '../../explore/exhaustive-run';
import type { ExplorePlay } from '../../explore/explore-job';
import type { OpenedGame } from '../../game/open-session';
import type { ExploreCommandOptions } from './explore';
import { startProgress } from '../progress';

/** `explore --exhaustive`: the search in a watched worker, as a report (with `--shard`, what `explore merge` needs). */
export async function exhaustiveReport(
  opened: OpenedGame,
  model: ChartModel,
  options: ExploreCommandOptions & { players: number },
  play: ExplorePlay,
): Promise<ExhaustiveReport> {
  const limits = options.exhaustive ?? {};
  const shard = options.shard && { index: options.shard.index - 1, count: options.shard.count };
  // On a terminal: the distinct states found so far, against --max-states.
  const progress = startProgress(limits.maxStates ?? DEFAULT_MAX_STATES, 'states (--max-states)');
  const result = await runExhaustive(
    {
      file: options.file,
      game: options.game,
      bgio: opened.runtime.version,
      open: { ...options.open, prebuilt: opened.module.bundle },
      numPlayers: options.players,
      setupData: options.setupData,
      play,
      options: { seed: options.seed, maxDepth: limits.maxDepth, maxStates: limits.maxStates, shard },
    },
    options.timeoutSeconds * 1000,
    (states, _depth, findings) => progress.update(states, { findings }),
    options.maxMemoryMb,
  ).finally(() => progress.stop());
  const meta = { game: opened.game.name, bgio: opened.runtime.version, numPlayers: options.players, config: opened.game.config };
  const report: ExhaustiveReport | ShardReport = buildExhaustiveReport(meta, model, { seed: options.seed, ...limits }, result);
  if (options.shard) {
    const hashes = result.hashes ?? new Uint32Array();
    Object.assign(report, {
      shard: {
        ...options.shard,
        mode: 'exhaustive',
        template: summariseCoverage(model, opened.game.config, {}).items,
        depth: result.shardDepth ?? null,
        hashes: Buffer.from(hashes.buffer, hashes.byteOffset, hashes.byteLength).toString('base64'),
      },
    });
  }
  return report as ExhaustiveReport;
}
