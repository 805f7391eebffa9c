/* eslint-disable @typescript-eslint/no-explicit-any -- a game config and its ctx are the user's data, of any shape boardgame.io accepts. */
import type { GameConfig } from '../types';

/** Declared phase names, in config order. */
export function phaseNames(config: GameConfig): string[] {
  return config.phases && typeof config.phases === 'object' ? Object.keys(config.phases) : [];
}

/** The turn config in force in `phase` (a phase's `turn` replaces the top-level one). */
export function turnConfigOf(config: GameConfig, phase: string | null): Record<string, any> {
  const phaseTurn = phase !== null ? config.phases?.[phase]?.turn : undefined;
  return phaseTurn ?? config.turn ?? {};
}

/** Stage names declared by the turn in force in `phase`. */
export function stageNames(config: GameConfig, phase: string | null): string[] {
  const stages = turnConfigOf(config, phase).stages;
  return stages && typeof stages === 'object' ? Object.keys(stages) : [];
}
