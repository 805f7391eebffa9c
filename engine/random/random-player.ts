/* eslint-disable @typescript-eslint/no-explicit-any -- a game config and its ctx are the user's data, of any shape boardgame.io accepts. */
import semver from 'semver';
import { phaseNames, stageNames } from '../config/config-queries';
import { isSeat } from '../session/diagnostics';
import type { Session } from '../session/session';
import { isEventName, type BgioState, type FlowAction, type PlayerID } from '../types';
import { createPrng } from '../util/prng';

export interface RandomPlayerOptions {
  seed: string;
  /** Chance of trying an undo or redo instead of a move (0 by default). */
  undoRate?: number;
  /** At game over, `reset` and keep playing instead of stopping. */
  restartOnGameOver?: boolean;
  /** Only these events are tried (default: every event open to the player). */
  events?: readonly string[];
}

interface Candidate {
  action: FlowAction;
  weight: number;
}

/** Weights for events when the game has no `ai.enumerate`: keep games moving, rarely end them. */
const EVENT_WEIGHTS: Record<string, number> = {
  endTurn: 1,
  endStage: 1,
  setStage: 0.3,
  pass: 0.2,
  endPhase: 0.2,
  setPhase: 0.2,
  setActivePlayers: 0.1,
  endGame: 0.02,
};

/**
 * A seeded random player that acts for whoever may act now. It uses the game's `ai.enumerate`
 * when there is one (as boardgame.io's bots do), otherwise every available move without
 * arguments and the events open to that player.
 */
/** Every player active for one move, in the release's terms: `moveLimit` until 0.48 read `minMoves`/`maxMoves`. */
export function oneMoveEach(version: string): Record<string, unknown> {
  const before048 = semver.lt(semver.coerce(version) ?? '0.50.0', '0.48.0');
  return before048 ? { all: null, moveLimit: 1 } : { all: null, minMoves: 1, maxMoves: 1 };
}

export class RandomPlayer {
  private readonly random: () => number;

  constructor(private readonly options: RandomPlayerOptions) {
    this.random = createPrng(`flowscope-random:${options.seed}`);
  }

  /** The next action, or null when nobody can act (game over without restart, or stuck). */
  choose(session: Session): FlowAction | null {
    const state = session.currentState;
    const ctx = session.game.readCtx(state);
    if (ctx.gameover !== undefined) return this.options.restartOnGameOver ? { type: 'reset' } : null;
    // Only the match's seats: no client plays an ID outside them (diagnosed as `unknown-player`).
    const ids = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
    const actors = this.shuffle(ids.filter((id) => isSeat(String(id), session.numPlayers)));
    if (this.options.undoRate && this.random() < this.options.undoRate && actors.length) {
      return { type: this.random() < 0.5 ? 'undo' : 'redo', playerID: actors[0] };
    }
    for (const player of actors) {
      const candidates = this.candidates(session, player);
      if (candidates.length) return this.pick(candidates);
    }
    return null;
  }

  private candidates(session: Session, player: PlayerID): Candidate[] {
    const state = session.currentState;
    const enumerated = session.game.enumerate(state, player);
    if (enumerated) return enumerated.flatMap((item) => fromEnumerate(item, player));
    const ctx = session.game.readCtx(state);
    const out: Candidate[] = session.game
      .availableMoves(state, player)
      .map((name) => ({ action: { type: 'move', name, args: [], playerID: player }, weight: 1 }));
    const stage = ctx.activePlayers?.[player];
    const stages = stageNames(session.config, ctx.phase);
    const phases = phaseNames(session.config);
    for (const name of session.game.enabledEvents) {
      if (!isEventName(name)) continue;
      let args: unknown[] = [];
      if (name === 'endStage' && (stage === undefined || stage === null)) continue;
      if (name === 'setStage') {
        if (!stages.length) continue;
        args = [stages[Math.floor(this.random() * stages.length)]];
      }
      if (name === 'endPhase' && ctx.phase === null) continue;
      if (name === 'setPhase') {
        if (!phases.length) continue;
        args = [phases[Math.floor(this.random() * phases.length)]];
      }
      if (name === 'setActivePlayers') args = [oneMoveEach(session.runtime.version)];
      if (this.options.events && !this.options.events.includes(name)) continue;
      out.push({ action: { type: 'event', name, args, playerID: player }, weight: EVENT_WEIGHTS[name] ?? 0.1 });
    }
    return out;
  }

  private pick(candidates: Candidate[]): FlowAction {
    const total = candidates.reduce((sum, c) => sum + c.weight, 0);
    let r = this.random() * total;
    for (const c of candidates) {
      r -= c.weight;
      if (r < 0) return c.action;
    }
    return candidates[candidates.length - 1].action;
  }

  private shuffle<T>(items: T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/** The actions the game's `ai.enumerate` offers `player` in `state`, or null when the game has no `ai.enumerate`. */
export function enumeratedActions(session: Session, state: BgioState, player: PlayerID): FlowAction[] | null {
  const enumerated = session.game.enumerate(state, player);
  return enumerated ? enumerated.flatMap((item) => fromEnumerate(item, player)).map((c) => c.action) : null;
}

function fromEnumerate(item: unknown, player: PlayerID): Candidate[] {
  if (!item || typeof item !== 'object') return [];
  const { move, event, args, type, payload } = item as { move?: unknown; event?: unknown; args?: unknown; type?: unknown; payload?: any };
  // boardgame.io's bots also accept ready-made actions ({ type: 'MAKE_MOVE', payload }).
  if (payload && typeof payload.type === 'string') {
    const by = typeof payload.playerID === 'string' ? payload.playerID : player;
    const payloadArgs =
      payload.args === undefined || payload.args === null ? [] : Array.isArray(payload.args) ? payload.args : [payload.args];
    if (type === 'MAKE_MOVE') return [{ action: { type: 'move', name: payload.type, args: payloadArgs, playerID: by }, weight: 1 }];
    if (type === 'GAME_EVENT' && isEventName(payload.type))
      return [{ action: { type: 'event', name: payload.type, args: payloadArgs, playerID: by }, weight: 1 }];
    return [];
  }
  const list = args === undefined ? [] : Array.isArray(args) ? args : [args];
  if (typeof move === 'string') return [{ action: { type: 'move', name: move, args: list, playerID: player }, weight: 1 }];
  if (isEventName(event)) return [{ action: { type: 'event', name: event, args: list, playerID: player }, weight: 1 }];
  return [];
}
