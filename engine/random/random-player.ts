import { candidateActions, fromEnumerate } from '../explore/arguments/candidates';
import type { ArgSource, ArgumentSources, CandidateAction, EventSetting } from '../explore/arguments/sources';
import { isSeat } from '../session/diagnostics';
import type { Session } from '../session/session';
import type { BgioState, FlowAction, PlayerID } from '../types';
import { createPrng } from '../util/prng';

export interface RandomPlayerOptions {
  seed: string;
  /** Chance of trying an undo or redo instead of a move (0 by default). */
  undoRate?: number;
  /** At game over, `reset` and keep playing instead of stopping. */
  restartOnGameOver?: boolean;
  /** Which client events are tried (default `all`: every event the game's client may send). */
  events?: EventSetting;
  /** Argument sources beyond the game's own `ai.enumerate` (recorded play, the user's generators). */
  arguments?: ArgumentSources;
}

interface Candidate {
  action: FlowAction;
  source: ArgSource;
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
 * when it offers something (as boardgame.io's bots do), otherwise each available move with the
 * argument lists explore's sources find (recorded play, inference from how the move uses them,
 * values in the state) and the client events allowed.
 */
export class RandomPlayer {
  private readonly random: () => number;

  constructor(private readonly options: RandomPlayerOptions) {
    this.random = createPrng(`flowscope-random:${options.seed}`);
  }

  /** The next action, or null when nobody can act (game over without restart, or stuck). */
  choose(session: Session): FlowAction | null {
    return this.chooseCandidate(session)?.action ?? null;
  }

  /** The next action with where its arguments came from, or null when nobody can act. */
  chooseCandidate(session: Session): CandidateAction | null {
    const state = session.currentState;
    const ctx = session.game.readCtx(state);
    if (ctx.gameover !== undefined) return this.options.restartOnGameOver ? { action: { type: 'reset' }, source: 'event' } : null;
    // Only the match's seats: no client plays an ID outside them (diagnosed as `unknown-player`).
    const ids = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
    const actors = this.shuffle(ids.filter((id) => isSeat(String(id), session.numPlayers)));
    if (this.options.undoRate && this.random() < this.options.undoRate && actors.length) {
      return { action: { type: this.random() < 0.5 ? 'undo' : 'redo', playerID: actors[0] }, source: 'event' };
    }
    for (const player of actors) {
      const candidates = this.candidates(session, player);
      if (candidates.length) return this.pick(candidates);
    }
    return null;
  }

  private candidates(session: Session, player: PlayerID): Candidate[] {
    const found = candidateActions(session, player, { ...this.options.arguments, events: this.options.events ?? 'all' });
    // Each move (and each event) weighs the same however many argument lists it has.
    const lists = new Map<string, number>();
    for (const c of found) lists.set(nameOf(c.action), (lists.get(nameOf(c.action)) ?? 0) + 1);
    return found.map((c) => {
      const base = c.source === 'enumerate' ? 1 : c.action.type === 'event' ? (EVENT_WEIGHTS[c.action.name] ?? 0.1) : 1;
      return { ...c, weight: c.source === 'enumerate' ? base : base / lists.get(nameOf(c.action))! };
    });
  }

  private pick(candidates: Candidate[]): CandidateAction {
    const total = candidates.reduce((sum, c) => sum + c.weight, 0);
    let r = this.random() * total;
    for (const c of candidates) {
      r -= c.weight;
      if (r < 0) return { action: c.action, source: c.source };
    }
    const last = candidates[candidates.length - 1];
    return { action: last.action, source: last.source };
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

const nameOf = (action: FlowAction) => `${action.type}:${'name' in action ? action.name : ''}`;

/** The actions the game's `ai.enumerate` offers `player` in `state`, or null when the game has no `ai.enumerate`. */
export function enumeratedActions(session: Session, state: BgioState, player: PlayerID): FlowAction[] | null {
  const enumerated = session.game.enumerate(state, player);
  return enumerated ? enumerated.flatMap((item) => fromEnumerate(item, player)) : null;
}
