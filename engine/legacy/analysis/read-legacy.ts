/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
import { rememberAsBuilt, snapshotSpec, SPEC, withLaterChanges } from '../../runtime/flow-era/spec';
import type { GameConfig } from '../../types';
import { legacyTurnOrders } from './turn-order-presets';

/**
 * Where a `Game()` result keeps the spec it was given: the symbol the flow-era runtimes'
 * `Game` uses (engine/runtime/flow-era/spec.ts), so games loaded on 0.26/0.32 are readable.
 * boardgame.io ≤0.32's `Game()` turns the `flow` section into a reducer (and fills the phase
 * objects with defaults), so the spec cannot be read back from its result otherwise.
 */
export const LEGACY_SPEC: symbol = SPEC;
/** The release whose `Game` made a result (set by `recordingGame`). */
const LEGACY_RELEASE = Symbol.for('flowscope.legacyRelease');

/**
 * `Game` for a legacy `boardgame.io/core`: calls the release's own `Game` (when given) and
 * remembers the spec on the result, so `detectLegacy`/`migrateConfig` can read it. Without a
 * release, the result is the spec itself (enough to migrate it, not to run it).
 */
export function recordingGame(game?: (spec: GameConfig) => GameConfig, release?: string): (spec: GameConfig) => GameConfig {
  return (spec: GameConfig) => {
    const recorded = snapshotSpec(spec);
    const result = game ? game(spec) : { ...recorded };
    if (!Object.getOwnPropertyDescriptor(result, LEGACY_SPEC)) {
      Object.defineProperty(result, LEGACY_SPEC, { value: recorded, enumerable: false });
      rememberAsBuilt(result);
    }
    if (release) Object.defineProperty(result, LEGACY_RELEASE, { value: release, enumerable: false });
    return result;
  };
}

/**
 * A `boardgame.io/core` module for loading a legacy game file to migrate it: the release's own
 * exports when `core` is given (with `Game` recording its spec), else stand-ins (`Game`, the
 * release's `TurnOrder` presets, `Pass`, `PlayerView`, `INVALID_MOVE`).
 */
export function legacyCoreModule(core: Record<string, unknown> | undefined, release: string): Record<string, unknown> {
  const flowEra = /^[^\d]*0\.(\d+)/.exec(release);
  const minor = flowEra ? Number(flowEra[1]) : 50;
  const out: Record<string, unknown> = { ...(core ?? {}) };
  out.Game = recordingGame(typeof core?.Game === 'function' ? (core.Game as (spec: GameConfig) => GameConfig) : undefined, release);
  if (!core?.TurnOrder && minor <= 32) out.TurnOrder = legacyTurnOrders(minor <= 26 ? '0.26' : '0.32');
  if (!('INVALID_MOVE' in out)) out.INVALID_MOVE = 'INVALID_MOVE';
  if (!out.PlayerView)
    out.PlayerView = {
      STRIP_SECRETS: (G: any, ctx: any, playerID: string) => ({
        ...G,
        secret: undefined,
        players: G.players ? { [playerID]: G.players[playerID] } : undefined,
      }),
    };
  if (!out.Pass) {
    out.Pass = (G: any, ctx: any) => {
      const passOrder = [...(G.passOrder ?? []), ctx.playerID];
      return { ...G, passOrder, ...(passOrder.length >= ctx.numPlayers ? { allPassed: true } : {}) };
    };
  }
  return out;
}

export interface LegacyInput {
  /** The spec as written (what was passed to `Game()`, or the config itself). */
  spec: GameConfig;
  /** Wrapped in `Game()`. */
  wrapped: boolean;
  /** False for a `Game()` result whose spec was not recorded: its `flow` section is gone. */
  readable: boolean;
  /** The release whose `Game()` made it, when recorded. */
  release?: string;
}

/** The legacy spec behind `config`: a recorded `Game()` result, an unrecorded one, or a plain spec. */
export function readLegacy(config: GameConfig): LegacyInput {
  const recorded = (config as Record<symbol, GameConfig | undefined>)[LEGACY_SPEC];
  const release = (config as Record<symbol, string | undefined>)[LEGACY_RELEASE];
  if (recorded && typeof recorded === 'object') {
    return {
      // Keys set on the result afterwards (`game.minPlayers = 4`, `game.setup = …`) belong to the game too.
      spec: withLaterChanges(config, recorded),
      wrapped: true,
      readable: true,
      ...(release ? { release } : {}),
    };
  }
  const flow = config.flow as Record<string, unknown> | undefined;
  if (flow && typeof flow.processGameEvent === 'function') {
    const { flow: _flow, moveNames: _names, processMove: _process, ...rest } = config;
    return { spec: rest, wrapped: true, readable: false };
  }
  return { spec: config, wrapped: false, readable: true };
}
