/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { GameConfig } from '../../types';

/**
 * Where Flowscope's `Game` keeps the spec a `Game(...)` result was made from. Releases up to
 * 0.32 turn the spec into closures (0.26 keeps the moves only inside `processMove`) and mutate
 * it (0.32 replaces `flow` with the processed flow and adds a `default` phase to `flow.phases`),
 * so the original has to be kept aside to be instrumented later.
 */
export const SPEC = Symbol.for('flowscope.spec');

type AnyGame = (spec: any) => any;

/** Each `Game(...)` result's own fields as `Game` returned them, to find what game code changed on it afterwards. */
const asBuilt = new WeakMap<object, Record<string, unknown>>();
/** Fields of a `Game(...)` result that are the release's processing, not the user's spec. */
const PROCESSED_FIELDS = new Set(['flow', 'processMove', 'moveNames']);

const isObject = (v: unknown): v is Record<string, any> => !!v && typeof v === 'object';

/** A processed flow (the result of `Flow` / `FlowWithPhases`), which cannot be instrumented. */
export function isProcessedFlow(flow: unknown): boolean {
  return isObject(flow) && typeof flow.processGameEvent === 'function';
}

/** A `Game(...)` result rather than a spec. */
export function isProcessedGame(config: unknown): boolean {
  return isObject(config) && typeof config.processMove === 'function' && Array.isArray(config.moveNames);
}

/**
 * A copy of a spec deep enough that `Game()` cannot change it: the spec, its `flow`, the phases
 * container and each phase (what the releases mutate). Functions and turn orders are shared.
 */
export function snapshotSpec(spec: GameConfig): GameConfig {
  const out: GameConfig = { ...spec };
  if (isObject(spec.flow) && !isProcessedFlow(spec.flow)) {
    const flow: Record<string, any> = { ...spec.flow };
    const copyPhase = (p: unknown) => (isObject(p) ? { ...p } : p);
    if (Array.isArray(flow.phases)) flow.phases = flow.phases.map(copyPhase);
    else if (isObject(flow.phases)) flow.phases = Object.fromEntries(Object.entries(flow.phases).map(([k, p]) => [k, copyPhase(p)]));
    out.flow = flow;
  }
  return out;
}

/**
 * The `Game` game code gets from Flowscope's `boardgame.io/core`: the release's own `Game`,
 * called on the user's object exactly as the release would be, whose result also carries the
 * original spec under the non-enumerable `SPEC` symbol.
 */
export function wrapGame(realGame: AnyGame): AnyGame {
  return function Game(spec: any) {
    const original = isObject(spec) ? snapshotSpec(spec) : spec;
    const result = realGame(spec);
    if (isObject(result) && isObject(original)) {
      Object.defineProperty(result, SPEC, { value: original, enumerable: false, configurable: true, writable: false });
      rememberAsBuilt(result);
    }
    return result;
  };
}

/** Notes a `Game(...)` result's fields as they are now, so that `withLaterChanges` finds what game code sets on it afterwards. */
export function rememberAsBuilt(result: object): void {
  asBuilt.set(result, { ...result });
}

/** The user's spec behind a config: the one `Game` kept, or the config itself when it is a plain spec. */
export function specOf(config: GameConfig, version: string): GameConfig {
  if (!isObject(config)) throw new Error(`the game config must be an object, got ${config === null ? 'null' : typeof config}`);
  const kept = (config as Record<symbol, unknown>)[SPEC];
  if (isObject(kept)) return withLaterChanges(config, kept);
  if (isProcessedGame(config)) {
    throw new Error(
      `this is the result of a Game(...) that did not come from Flowscope's boardgame.io/core, so the spec it was made from is gone ` +
        `(boardgame.io ${version} keeps the moves and hooks only inside closures): import Game from 'boardgame.io/core', or export the plain spec`,
    );
  }
  return config;
}

/**
 * The kept spec with what game code set on the `Game(...)` result afterwards (`game.setup = …`,
 * `game.playerView = …`): the release reads those fields from the result, so they win.
 */
export function withLaterChanges(game: Record<string, any>, spec: GameConfig): GameConfig {
  const built = asBuilt.get(game);
  if (!built) return spec;
  let out = spec;
  for (const key of Object.keys(game)) {
    if (PROCESSED_FIELDS.has(key) || (key in built && game[key] === built[key])) continue;
    if (out === spec) out = { ...spec };
    (out as Record<string, unknown>)[key] = game[key];
  }
  return out;
}
