import type { ChartModel } from '../chart/model';
import { RandomPlayer } from '../random/random-player';
import { findNondeterminism } from '../session/determinism';
import { Session, SessionError, type StepRecord } from '../session/session';
import type { BgioRuntime } from '../runtime/bgio-runtime';
import type { FlowAction, GameConfig } from '../types';
import type { ArgSource, CandidateAction, CandidateOptions } from './arguments/sources';
import { countStep, type CoverageCounts } from './coverage';
import { findingKey, type Finding } from './findings';
import { classifyStep, type ArgumentMiss } from './step-findings';
import { findWayOut, stuckLocation } from './stuck';

export interface ExploreGame {
  runtime: BgioRuntime;
  config: GameConfig;
  numPlayers: number;
  setupData?: unknown;
  /** Told as each game function starts, so a watchdog can name one that never returns. */
  onGameCode?: (fn: string) => void;
  onGameCodeDone?: () => void;
  /** Where in the game's own files a throw comes from (the loader's source map), named in `threw` findings. */
  locateThrow?: (error: unknown) => string | undefined;
  /** Argument sources beyond the game's `ai.enumerate`, and the client events sent (default `ui`). */
  play?: CandidateOptions;
}

export interface PlayoutOptions {
  /** The seed of the session and of the random player. */
  seed: string;
  /** At most this many actions. */
  steps: number;
  /** Re-run the actions at the end and report game code that gives different results. */
  checkDeterminism?: boolean;
  /** Check for a stuck game after this many rejected actions in a row (the random player may keep picking refused ones). */
  stuckCheckAfter?: number;
  /** Called after every step, so a watchdog knows the playout is alive. */
  onProgress?: () => void;
}

/** A finding as seen in one playout: its first occurrence, and how many steps showed it. */
export interface PlayoutFinding extends Finding {
  count: number;
}

export interface PlayoutResult {
  seed: string;
  actions: FlowAction[];
  /** Where each action's arguments came from. */
  sources: ArgSource[];
  findings: PlayoutFinding[];
  coverage: CoverageCounts;
  /** Moves played with made-up arguments that threw or were refused because of them. */
  misses: ArgumentMiss[];
  /** `no-valid-arguments`: nothing was accepted, but some moves were only tried with made-up arguments. */
  ended: 'gameover' | 'stuck' | 'dead-end' | 'steps' | 'setup-failed' | 'no-valid-arguments';
}

const DEFAULT_STUCK_CHECK = 10;

/** The session a playout (or a replay of part of one) runs in. */
export function newExploreSession(game: ExploreGame, seed: string): Session {
  return new Session({
    runtime: game.runtime,
    config: game.config,
    numPlayers: game.numPlayers,
    seed,
    setupData: game.setupData,
    checkpointInterval: 64,
    onGameCode: game.onGameCode,
    onGameCodeDone: game.onGameCodeDone,
    locateThrow: game.locateThrow,
  });
}

/** The stuck finding for the session's last state, or null when someone can still act (or the game is over). */
export function stuckFinding(session: Session, options: CandidateOptions = {}): Finding | null {
  const found = blockedFinding(session, options);
  return found?.kind === 'stuck' ? found : null;
}

/**
 * The stuck or dead-end finding for the session's last state: nothing at all is accepted
 * (stuck), or no move of anyone and only client events no UI of the game seems to offer
 * (dead end). Null when the game is over or can go on.
 */
export function blockedFinding(session: Session, options: CandidateOptions = {}): Finding | null {
  const last = session.steps[session.lastIndex];
  if (last.ctx.gameover !== undefined) return null;
  return findingOfWay(findWayOut(session, options), session);
}

function findingOfWay(way: ReturnType<typeof findWayOut>, session: Session): Finding | null {
  const last = session.steps[session.lastIndex];
  const location = stuckLocation(last.ctx);
  if (way.kind === 'stuck')
    return {
      kind: 'stuck',
      location,
      step: last.index,
      message: `stuck at step ${last.index}: the game is not over and boardgame.io accepts no move or event from any player (${location})`,
    };
  if (way.kind !== 'dead-end') return null;
  const names = [...new Set(way.events.map((e) => (e.type === 'event' ? e.name : e.type)))];
  return {
    kind: 'dead-end',
    location,
    step: last.index,
    leavingEvents: names,
    message: `dead end at step ${last.index}: no move of any player is accepted (${location}); only the client event${names.length === 1 ? '' : 's'} ${names.join(', ')} leave${names.length === 1 ? 's' : ''} it, which nothing in the game suggests its UI offers`,
  };
}

/**
 * The non-determinism finding for a session, or null when running its actions again gives the same
 * steps. `dispatchedGs`: each step's `G` as the session dispatched it, when the caller kept them.
 */
export function nondeterminismFinding(session: Session, dispatchedGs?: readonly unknown[]): Finding | null {
  const found = findNondeterminism(session, { dispatchedGs });
  if (!found) return null;
  const location = found.suspects.length ? found.suspects.join('; ') : 'an unknown source';
  return {
    kind: 'nondeterminism',
    location,
    step: found.step,
    message: `running the same actions again differs at step ${found.step} (${found.differences.slice(0, 2).join('; ')}); likely cause: ${location}`,
  };
}

/**
 * One seeded random playout: the random player acts (the game's `ai.enumerate` when it has one)
 * for up to `steps` actions; every step is classified and counted on the chart. When nobody can
 * act, or actions keep being refused, every move and event is tried on the reducer: the first one
 * accepted is played, and when there is none the game is stuck.
 */
export function runPlayout(game: ExploreGame, model: ChartModel, options: PlayoutOptions): PlayoutResult {
  const findings = new Map<string, PlayoutFinding>();
  const note = (f: Finding) => {
    const key = findingKey(f);
    const seen = findings.get(key);
    if (seen) seen.count++;
    else findings.set(key, { ...f, count: 1 });
  };
  const coverage: CoverageCounts = {};
  let session: Session;
  try {
    session = newExploreSession(game, options.seed);
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    note({ kind: 'threw', location: creationFailureLocation(error), step: 0, message: error.message });
    return { seed: options.seed, actions: [], sources: [], findings: [...findings.values()], coverage, misses: [], ended: 'setup-failed' };
  }
  const play = game.play ?? {};
  const player = new RandomPlayer({ seed: options.seed, events: play.events ?? 'ui', arguments: play });
  const sources: ArgSource[] = [];
  const misses: ArgumentMiss[] = [];
  const observe = (record: StepRecord, previous: StepRecord | null, chosen: CandidateAction | null) => {
    const { findings: found, miss } = classifyStep(session, record, chosen?.action ?? null, chosen?.source, play.declared);
    for (const f of found) note(f);
    if (miss) misses.push(miss);
    countStep(coverage, model, record, previous);
  };
  observe(session.steps[0], null, null);
  // Each step's G as dispatched, for the determinism check (what re-deriving the states would give again).
  const Gs: unknown[] = [session.currentState.G];
  let refusedInARow = 0;
  let ended: PlayoutResult['ended'] = 'steps';
  while (session.lastIndex < options.steps) {
    const last = session.steps[session.lastIndex];
    if (last.ctx.gameover !== undefined) {
      ended = 'gameover';
      break;
    }
    let chosen = refusedInARow >= (options.stuckCheckAfter ?? DEFAULT_STUCK_CHECK) ? null : player.chooseCandidate(session);
    if (!chosen) {
      refusedInARow = 0;
      const way = findWayOut(session, play);
      const blocked = findingOfWay(way, session);
      if (blocked) note(blocked);
      // Past a dead end only an event no UI sends leads on: what follows is no state players reach, so the run ends.
      if (way.kind === 'action') chosen = way.action;
      if (way.kind === 'unsure')
        for (const move of way.moves)
          misses.push({ move, args: [], source: 'inferred', reason: `no argument tried was accepted (${stuckLocation(last.ctx)})` });
      if (!chosen) {
        ended = way.kind === 'unsure' ? 'no-valid-arguments' : way.kind === 'dead-end' ? 'dead-end' : 'stuck';
        break;
      }
    }
    const record = session.dispatch(chosen.action);
    sources.push(chosen.source);
    Gs.push(session.currentState.G);
    options.onProgress?.();
    refusedInARow = record.ok ? 0 : refusedInARow + 1;
    observe(record, last, chosen);
  }
  if (options.checkDeterminism !== false) {
    const found = nondeterminismFinding(session, Gs);
    if (found) note(found);
  }
  return { seed: options.seed, actions: session.actions(), sources, findings: [...findings.values()], coverage, misses, ended };
}

/** Where creating the game failed: the game function that threw, else boardgame.io (it refused the config or the setup). */
export function creationFailureLocation(error: SessionError): string {
  return error.trace?.entries.find((e) => e.threw)?.fn ?? 'boardgame.io';
}
