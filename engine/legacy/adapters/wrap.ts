/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/**
 * Run-time adapters that let a legacy function run unchanged on boardgame.io 0.50: each receives
 * the 0.50 context object and calls the legacy function with `(G, ctx, ...args)`, `ctx` carrying
 * `events`, `random`, `playerID` and `log` again (with the legacy event names and arguments
 * mapped to 0.50's), and, for flow-era games, `ctx.actionPlayers` and the `'default'` phase.
 */
import { INVALID_MOVE } from 'boardgame.io/dist/cjs/core.js';
import type { LegacyEra } from '../analysis/types';

// Legacy functions are the user's own JavaScript, called with whatever their release passed and
// returning whatever they return: `any` here is that contract, checked where the results are read.
export type Fn = (...args: any[]) => any;
type Context = Record<string, any>;

export interface WrapEnv {
  era: LegacyEra;
  /** The phases of the legacy game (for `endPhase('B')` and `endPhaseIf` returning `'B'`). */
  phaseNames: readonly string[];
}

const isFlow = (env: WrapEnv) => env.era === 'flow-0.26' || env.era === 'flow-0.32';

/** `endTurn` arguments of every era as 0.50's `{ next }`. */
export function asEndTurnArg(arg: unknown): unknown {
  if (typeof arg === 'string' || typeof arg === 'number') return { next: String(arg) };
  if (arg === true || arg === null) return undefined;
  return arg;
}

/** A `setActionPlayers`/`changeActionPlayers` argument (0.21–0.32) as a 0.50 `setActivePlayers` argument. */
export function asActivePlayersArg(arg: any, G: unknown, ctx: Context): unknown {
  if (Array.isArray(arg)) return arg.map(String);
  if (!arg || typeof arg !== 'object') return arg;
  let ids: unknown[] = [];
  if (arg.value) ids = typeof arg.value === 'function' ? (arg.value(G, ctx) ?? []) : arg.value;
  if (arg.all) ids = [...ctx.playOrder];
  if (arg.others || arg.allOthers) ids = ctx.playOrder.filter((id: string) => id !== ctx.currentPlayer);
  const value = Object.fromEntries(ids.map((id) => [String(id), null]));
  return arg.once ? { value, minMoves: 1, maxMoves: 1 } : { value };
}

/** The events API with the legacy names and arguments (flow-era games). */
export function legacyEvents(events: Context | undefined, G: unknown, ctx: Context, env: WrapEnv): Context | undefined {
  if (!events) return events;
  const out: Context = { ...events };
  out.endTurn = (arg?: unknown) => events.endTurn(asEndTurnArg(arg));
  out.endPhase = (arg?: any) => {
    const next = typeof arg === 'string' ? arg : arg && typeof arg === 'object' ? arg.next : undefined;
    if (typeof next === 'string' && next !== 'default' && env.phaseNames.includes(next)) events.setPhase(next);
    else events.endPhase();
  };
  out.setActionPlayers = (arg: unknown) => events.setActivePlayers(asActivePlayersArg(arg, G, ctx));
  out.changeActionPlayers = out.setActionPlayers;
  return out;
}

/** The legacy `ctx`: 0.50's ctx plus what used to live on it. */
export function legacyCtx(context: Context, env: WrapEnv): Context {
  const { ctx, events, random, playerID, log, G } = context;
  const out: Context = { ...ctx };
  if (random !== undefined) out.random = random;
  if (playerID !== undefined) out.playerID = playerID;
  if (log) out.log = { ...log, setPayload: (payload: unknown) => log.setMetadata?.(payload) };
  if (isFlow(env)) {
    out.phase = ctx.phase ?? 'default';
    out.actionPlayers = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
    out.events = legacyEvents(events, G, out, env);
  } else if (events !== undefined) out.events = events;
  return out;
}

/**
 * The active players a legacy turn order returned (`{ playOrderPos, actionPlayers }`, ≤0.26) or
 * its `actionPlayers.value` (0.27–0.32), held until the turn they belong to begins. boardgame.io
 * 0.50 calls `turn.order.first`/`next` just before that turn's `onBegin` in the same action.
 */
export class PendingActionPlayers {
  private entry: { turn: number; players: string[] } | null = null;

  set(turn: number, players: unknown): void {
    this.entry = Array.isArray(players) ? { turn, players: players.map(String) } : null;
  }

  /** The players for the turn now beginning (its `ctx.turn`), once. */
  take(turn: number): string[] | null {
    const entry = this.entry;
    this.entry = null;
    return entry && entry.turn + 1 === turn ? entry.players : null;
  }
}

/**
 * boardgame.io ≤0.32 ran a new phase's `onPhaseBegin` before checking its `endPhaseIf`; 0.33+
 * checks the new phase's `endIf` first (right after the previous phase ends). This remembers
 * that a phase just ended (in the same turn), so the next phase's `endIf` waits for its `onBegin`.
 */
export class PhaseEntry {
  private left: { phase: string | null; turn: number } | null = null;
  private fresh = false;

  ended(ctx: Context): void {
    this.left = { phase: ctx.phase ?? null, turn: ctx.turn };
    this.fresh = false;
  }

  begun(): void {
    this.fresh = this.left !== null;
    this.left = null;
  }

  /** Whether the turn now beginning is the first of a phase that began after another one ended (once). */
  firstTurnAfterChange(): boolean {
    const fresh = this.fresh;
    this.fresh = false;
    return fresh;
  }

  /** Whether `ctx` is a phase entered but not begun yet. */
  waiting(ctx: Context): boolean {
    const left = this.left;
    if (!left) return false;
    if (left.turn !== ctx.turn || ctx.phase === null || ctx.phase === left.phase) {
      this.left = null;
      return false;
    }
    return true;
  }
}

export type Adapt =
  | { kind: 'endTurnIf' }
  | { kind: 'endPhaseIf' }
  | { kind: 'position'; pending: PendingActionPlayers; sectionValue?: Fn }
  | { kind: 'move-0.26' };

/** A positional legacy function as a 0.50 function of `role`. */
export function wrapLegacy(fn: Fn, role: string, env: WrapEnv, adapt?: Adapt): Fn {
  switch (role) {
    case 'setup':
      return (context: Context, setupData?: unknown) => fn(legacyCtx({ ...context, G: undefined }, env), setupData);
    case 'playerView':
      return ({ G, ctx, playerID }: Context) => fn(G, ctx, playerID);
    case 'move':
      return (context: Context, ...args: unknown[]) => {
        const result = fn(context.G, legacyCtx(context, env), ...args);
        // boardgame.io ≤0.26 had no immer: a move that returned nothing was refused.
        return adapt?.kind === 'move-0.26' && result === undefined ? INVALID_MOVE : result;
      };
    case 'onMove':
      return (context: Context) => fn(context.G, legacyCtx(context, env), { type: undefined, args: [], playerID: context.playerID });
    case 'order':
      return (context: Context) => {
        const ctx = legacyCtx(context, env);
        const result = fn(context.G, ctx);
        if (adapt?.kind !== 'position') return result;
        let players: unknown = adapt.sectionValue ? adapt.sectionValue(context.G, ctx) : undefined;
        let pos = result;
        if (result && typeof result === 'object') {
          pos = (result as Context).playOrderPos;
          players = (result as Context).actionPlayers;
        }
        adapt.pending.set(context.ctx.turn, players);
        return pos;
      };
    default: {
      // Hooks and triggers: `(G, ctx) => …`.
      return (context: Context) => {
        const result = fn(context.G, legacyCtx(context, env));
        if (adapt?.kind === 'endTurnIf') {
          if (typeof result === 'string' || typeof result === 'number')
            return context.ctx.playOrder.includes(String(result)) ? { next: String(result) } : true;
          return result;
        }
        if (adapt?.kind === 'endPhaseIf') {
          if (typeof result === 'string') return env.phaseNames.includes(result) && result !== 'default' ? { next: result } : true;
          if (result && typeof result === 'object' && (result as Context).next === 'default') return true;
          return result;
        }
        return result;
      };
    }
  }
}

/**
 * `turn.onBegin` that runs the legacy one (if any), then gives the turn the active players its
 * order returned, then (the first turn after a phase change) checks the legacy `endTurnIf` as
 * ≤0.32 did after every phase change.
 */
export function turnBegin(
  hook: Fn | undefined,
  pending: PendingActionPlayers | undefined,
  recheck: { entry: PhaseEntry; endIf: Fn } | undefined,
): Fn {
  return (context: Context) => {
    const G = hook ? hook(context) : undefined;
    const players = pending?.take(context.ctx.turn);
    if (players) context.events.setActivePlayers(players);
    if (recheck?.entry.firstTurnAfterChange()) {
      const end = recheck.endIf({ ...context, G: G !== undefined ? G : context.G });
      if (end) context.events.endTurn(end === true ? undefined : end);
    }
    return G;
  };
}

/** A move that a legacy `allowedMoves` function may refuse. */
export function guardedMove(name: string, move: Fn, allowed: Fn): Fn {
  return (context: Context, ...args: unknown[]) => {
    const names = allowed(context);
    if (Array.isArray(names) && !names.includes(name)) return INVALID_MOVE;
    return move(context, ...args);
  };
}

/** The game `endIf` of a legacy game whose phases override `endGameIf`. */
export function endGameByPhase(byPhase: Record<string, Fn>, fallback: Fn | undefined): Fn {
  return (context: Context) => {
    const fn = (context.ctx.phase !== null && byPhase[context.ctx.phase]) || fallback;
    return fn ? fn(context) : undefined;
  };
}

/** A phase `onBegin` (`which: 'begin'`) or `onEnd` that keeps `entry` up to date. */
export function phaseHook(which: 'begin' | 'end', hook: Fn | undefined, entry: PhaseEntry): Fn {
  if (which === 'begin') {
    return (context: Context) => {
      entry.begun();
      return hook ? hook(context) : undefined;
    };
  }
  return (context: Context) => {
    const G = hook ? hook(context) : undefined;
    entry.ended(context.ctx);
    return G;
  };
}

/** A phase `endIf` that is not checked between the end of the previous phase and this one's `onBegin`. */
export function phaseEndIf(endIf: Fn, entry: PhaseEntry): Fn {
  return (context: Context) => (entry.waiting(context.ctx) ? undefined : endIf(context));
}
