import type { GameConfig } from '../../engine';
import { asGameCode } from '../load/activity';

/**
 * The config with its `ai.enumerate` run as game code: the random player calls it between steps,
 * outside any game function the session watches, so one that never returns would hang a playout
 * without the watchdog seeing game code at all.
 */
export function withWatchedEnumerate(config: GameConfig): GameConfig {
  const ai = (config as { ai?: { enumerate?: unknown } }).ai;
  const enumerate = ai?.enumerate;
  if (typeof enumerate !== 'function') return config;
  const watched = function (this: unknown, ...args: unknown[]) {
    try {
      return asGameCode('ai.enumerate (choosing a random action)', () => Reflect.apply(enumerate, this, args));
    } catch (error) {
      throw new Error(`ai.enumerate threw while choosing a random action: ${(error as Error)?.message ?? String(error)}`);
    }
  };
  return { ...config, ai: { ...ai, enumerate: watched } } as GameConfig;
}
