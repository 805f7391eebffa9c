import { normaliseConfig } from '../config/normalise';
import type { BgioRuntime } from '../runtime/runtime';
import type { GameConfig } from '../types';
import { buildChartModel, type ChartModel } from './model';

/** The chart of `config` for `numPlayers`, naming turn orders by `runtime`'s presets. */
export function chartOf(config: GameConfig, numPlayers: number, runtime: BgioRuntime): ChartModel {
  const core = runtime.modules['boardgame.io/core'] as { TurnOrder?: Record<string, unknown>; ActivePlayers?: Record<string, unknown> } | undefined;
  return buildChartModel(normaliseConfig(config, core?.TurnOrder ?? {}, core?.ActivePlayers ?? {}), numPlayers);
}
