import { ActivePlayers, PlayerView, TurnOrder } from 'boardgame.io/dist/cjs/core.js';
import type { GameConfig } from '../../types';
import { buildPlan, type Core050, type Node } from '../plan';
import type { LegacyOptions, MigrationResult } from '../analysis/types';
import { endGameByPhase, guardedMove, phaseEndIf, phaseHook, turnBegin, wrapLegacy, type Fn, type WrapEnv } from '../adapters/wrap';

export const CORE_050: Core050 = { TurnOrder, ActivePlayers, PlayerView };

/** The runnable value of a plan node. */
export function materialize(node: Node, env: WrapEnv): unknown {
  // The nodes below hold functions (plan.ts builds them so); their runnable values are functions too.
  const fn = (n: Node) => materialize(n, env) as Fn;
  switch (node.t) {
    case 'obj':
      return Object.fromEntries(node.entries.map((e) => [e.key, materialize(e.node, env)]));
    case 'lit':
    case 'keep':
    case 'ref':
    case 'code':
      return node.value;
    case 'fn':
      return node.legacy ? wrapLegacy(node.fn, node.role, env, node.adapt) : node.fn;
    case 'guarded':
      return guardedMove(node.name, fn(node.move), fn(node.allowed));
    case 'endGameSwitch':
      return endGameByPhase(Object.fromEntries(node.byPhase.map(([p, n]) => [p, fn(n)])), node.fallback ? fn(node.fallback) : undefined);
    case 'turnBegin':
      return turnBegin(
        node.hook ? fn(node.hook) : undefined,
        node.pending,
        node.recheck ? { entry: node.recheck.entry, endIf: fn(node.recheck.endIf) } : undefined,
      );
    case 'phaseHook':
      return phaseHook(node.which, node.hook ? fn(node.hook) : undefined, node.entry);
    case 'phaseEndIf':
      return phaseEndIf(fn(node.endIf), node.entry);
    case 'longMove':
      return {
        move: materialize(node.move, env),
        ...(node.undoable === false ? { undoable: false } : {}),
        ...(node.redact ? { redact: true } : {}),
      };
  }
}

/**
 * A boardgame.io 0.50 config object that behaves like the legacy `config` did on its own release
 * (so Flowscope can run both and compare them), and notes on what changed and what a human must
 * decide. `config` may be a `Game()` result recorded by `recordingGame`, a spec with a `flow`
 * section, a 0.33–0.49 config with `(G, ctx)` functions, or a 0.50 config with some of them.
 *
 * Legacy keys are mapped per boardgame.io's API history; every positional function is wrapped as
 * `({ G, ctx, events, random, playerID, log }, ...args) => fn(G, { ...ctx, events, random, playerID, log }, ...args)`,
 * with the legacy event names and arguments mapped (`endTurn('3')` → `endTurn({ next: '3' })`,
 * `endPhase({ next })` → `setPhase(next)`, `setActionPlayers([...])` → `setActivePlayers([...])`).
 *
 * @example
 * migrateConfig(Game({ moves, flow: { startingPhase: 'draw', phases: { draw: { allowedMoves: ['drawCard'], next: 'play' }, play: {} } } }))
 * // { config: { moves, phases: { draw: { start: true, moves: { drawCard }, next: 'play' }, play: { next: 'draw' } }, turn: { order: TurnOrder.CONTINUE }, … }, notes: [...] }
 */
export function migrateConfig(config: GameConfig, options: LegacyOptions = {}): MigrationResult {
  const plan = buildPlan(config, options, CORE_050);
  return { config: materialize(plan.root, plan.env) as GameConfig, notes: plan.notes };
}
