/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/**
 * The migration plan of a legacy config, by era: the flow era (≤0.32) is reshaped step by step,
 * 0.33–0.49 keeps its structure. Notes are collected while the tree is built.
 */
import { flowPhases, inferEra } from '../analysis/config-functions';
import { readLegacy } from '../analysis/read-legacy';
import type { LegacyOptions } from '../analysis/types';
import type { WrapEnv } from '../adapters/wrap';
import type { GameConfig } from '../../types';
import { Builder } from './builder';
import { planFlow } from './plan-flow';
import { planModern } from './plan-modern';
import type { Core050, Plan } from './plan-tree';

/** Builds the migration plan of `config` (see `migrateConfig`). */
export function buildPlan(config: GameConfig, options: LegacyOptions, core050: Core050): Plan {
  const input = readLegacy(config ?? {});
  const spec = input.spec;
  const era = inferEra(spec, { ...options, release: options.release ?? input.release }, input.wrapped);
  const flow = (spec.flow && typeof spec.flow === 'object' ? spec.flow : {}) as Record<string, any>;
  const phaseNames =
    era === 'flow-0.26' || era === 'flow-0.32' ? flowPhases(flow).map((p) => p.name) : Object.keys((spec.phases ?? {}) as object);
  const env: WrapEnv = { era, phaseNames };
  const b = new Builder(era, env, options, core050);
  if (!input.readable) {
    b.note(
      'decision',
      'game-wrapper',
      '',
      'This is the result of boardgame.io’s `Game()`, which turned the `flow` section into a reducer: its phases and flow hooks cannot be read back. Load the game file with Flowscope (`flowscope migrate`), or pass the object given to `Game()`.',
    );
  }
  const root = era === 'flow-0.26' || era === 'flow-0.32' ? planFlow(spec, b, input.wrapped) : planModern(spec, b);
  const changed = input.wrapped || era !== 'context' || b.notes.length > 0;
  return { era, env, root, notes: b.notes, spec, changed };
}
