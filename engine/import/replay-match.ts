/* eslint-disable @typescript-eslint/no-explicit-any -- a game config and its ctx are the user's data, of any shape boardgame.io accepts. */
import { SessionError } from '../session/session';
import type { Session } from '../session/session';
import type { FlowAction } from '../types';
import { diffValues, formatPath } from '../util/diff';
import { toPlain } from '../util/plain';
import { likelyPlayer, MatchLogReader, playerIsAmbiguous, type LogGap, type MatchLogEntry } from './match-log';

/** A boardgame.io state as a server stores or sends it (only what is compared is required). */
export interface StoredState {
  G: unknown;
  ctx: Record<string, any>;
  _stateID?: number;
  plugins?: { random?: { data?: { seed?: string | number } } };
}

/** A match as boardgame.io keeps it: what `fetch(matchID, { initialState, state, log, metadata })` returns. */
export interface MatchRecord {
  initialState: StoredState;
  log: readonly MatchLogEntry[];
  /** The latest stored state; the replay is checked against it. */
  state?: StoredState;
  setupData?: unknown;
}

/** A gap in the log, placed at the replay's step it concerns. */
export interface PlacedGap extends LogGap {
  /** The replay step (1-based; step 0 is the game's creation) the gap is at or comes before. */
  step: number;
}

/** The first place where two states differ. */
export interface StateDifference {
  step: number;
  path: string;
  ours: unknown;
  theirs: unknown;
}

export interface ImportedMatch {
  seed: string;
  numPlayers: number;
  actions: FlowAction[];
  /** For each replay step, the `_stateID` boardgame.io gave the state after it. */
  stateIDs: number[];
  gaps: PlacedGap[];
  /** Where the replay's final (or initial) state differs from the stored one, or null when it is exact. */
  difference: StateDifference | null;
}

/** What of a state is compared: G and ctx, seen as `see` would show them (e.g. a spectator's playerView). */
export type StateView = (state: StoredState) => { G: unknown; ctx: unknown };

const plainView: StateView = (s) => ({ G: s.G, ctx: s.ctx });

/** The seed boardgame.io created the match with (kept in the random plugin's data). */
export function seedOf(initialState: StoredState): string {
  const seed = initialState.plugins?.random?.data?.seed;
  if (seed === undefined || seed === null)
    throw new SessionError('the initial state holds no random seed (plugins.random.data.seed); Flowscope cannot recreate the match');
  // boardgame.io's seeds are strings or numbers; anything else would become "[object Object]".
  if (typeof seed !== 'string' && typeof seed !== 'number')
    throw new SessionError(`the initial state's random seed (plugins.random.data.seed) is ${typeof seed}, not a string or a number`);
  return String(seed);
}

/** The first difference between our state and a stored one (G and ctx), or null. */
export function stateDifference(step: number, ours: StoredState, theirs: StoredState, view: StateView = plainView): StateDifference | null {
  const a = toPlain(view(ours)) as { G: unknown; ctx: unknown };
  const b = toPlain(view(theirs)) as { G: unknown; ctx: unknown };
  for (const key of ['ctx', 'G'] as const) {
    const [first] = diffValues(a[key], b[key], 1);
    if (first) return { step, path: formatPath(key, first.path), ours: first.before, theirs: first.after };
  }
  return null;
}

/**
 * Replays a stored match on a Flowscope session created from the same seed: each action the log
 * records, with every gap in the log named at its step. When the stored final state shows a game
 * over that the replay lacks, an `endGame` that the log hid (as `endPhase`, or as nothing) is
 * restored from the final state's `gameover`, and named as a gap.
 */
export function replayMatch(
  newSession: (seed: string, numPlayers: number) => Session,
  record: MatchRecord,
  view: StateView = plainView,
): { session: Session; imported: ImportedMatch } {
  const seed = seedOf(record.initialState);
  const numPlayers = Number(record.initialState.ctx?.numPlayers);
  if (!Number.isInteger(numPlayers) || numPlayers < 1) throw new SessionError('the initial state holds no ctx.numPlayers');
  const session = newSession(seed, numPlayers);
  const gaps: PlacedGap[] = [];
  const stateIDs = [Number(record.initialState._stateID ?? 0)];
  const initialDifference = stateDifference(0, session.stateAt(0), record.initialState, view);
  const reader = new MatchLogReader(stateIDs[0]);
  const { actions, gaps: logGaps } = reader.read(record.log);
  const place = (gap: LogGap, step: number) => gaps.push({ ...gap, step });
  let g = 0;
  for (const logged of actions) {
    for (; g < logGaps.length && logGaps[g].stateID < logged.stateID; g++) place(logGaps[g], session.length);
    const action = withPlayer(session, logged.action, logged.playerKnown, (gap) =>
      place({ ...gap, stateID: logged.stateID }, session.length),
    );
    session.dispatch(action);
    stateIDs.push(Number(session.currentState._stateID));
  }
  for (; g < logGaps.length; g++) place(logGaps[g], session.length);
  const final = record.state;
  if (final?._stateID !== undefined) for (const gap of reader.finish(final._stateID)) place(gap, session.length);
  let difference = initialDifference;
  if (!difference && final) {
    difference = stateDifference(session.lastIndex, session.currentState, final, view);
    if (difference) {
      restoreHiddenEndGame(session, final, gaps, stateIDs, view);
      difference = stateDifference(session.lastIndex, session.currentState, final, view);
    }
  }
  return { session, imported: { seed, numPlayers, actions: session.actions(), stateIDs, gaps, difference } };
}

function withPlayer(session: Session, action: FlowAction, known: boolean, gap: (g: LogGap) => void): FlowAction {
  if (known || action.type === 'reset') return action;
  const ctx = session.steps[session.lastIndex].ctx;
  const filled = { ...action, playerID: likelyPlayer(ctx) };
  if (playerIsAmbiguous(ctx, filled)) {
    gap({
      kind: 'event-player',
      stateID: -1,
      message: `boardgame.io logs no player for events: ${action.type === 'event' ? action.name : action.type} is replayed as player ${filled.playerID}'s, one of ${Object.keys(ctx.activePlayers ?? {}).join(', ')}`,
    });
  }
  return filled;
}

/** boardgame.io logs `endGame` inside a phase as `endPhase`, and outside one not at all. */
function restoreHiddenEndGame(session: Session, final: StoredState, gaps: PlacedGap[], stateIDs: number[], view: StateView): void {
  const gameover = final.ctx.gameover;
  if (gameover === undefined || session.steps[session.lastIndex].ctx.gameover !== undefined) return;
  const last = session.steps[session.lastIndex].action;
  const trailing = gaps.find((gap) => gap.kind === 'missing-entry' && gap.step === session.length);
  const replacesEndPhase = !trailing && last?.type === 'event' && last.name === 'endPhase' && last.args.length === 0;
  if (!trailing && !replacesEndPhase) return;
  const player = replacesEndPhase ? (last as { playerID: string }).playerID : likelyPlayer(session.steps[session.lastIndex].ctx);
  const undoTo = session.lastIndex;
  if (replacesEndPhase) session.truncate(session.lastIndex - 1);
  session.dispatch({ type: 'event', name: 'endGame', args: [gameover], playerID: player });
  if (stateDifference(session.lastIndex, session.currentState, final, view)) {
    // Not the explanation: put the log's version back.
    session.truncate(replacesEndPhase ? undoTo - 1 : undoTo);
    if (replacesEndPhase) session.dispatch(last as FlowAction);
    return;
  }
  if (trailing) {
    gaps.splice(gaps.indexOf(trailing), 1, {
      ...trailing,
      kind: 'end-game',
      message: `no log entry: restored as endGame(${JSON.stringify(gameover)}) from the stored final state (boardgame.io logs nothing for endGame outside a phase)`,
    });
    stateIDs.push(Number(session.currentState._stateID));
  } else {
    gaps.push({
      kind: 'end-game',
      stateID: stateIDs[stateIDs.length - 2],
      step: session.lastIndex,
      message: `logged as endPhase: restored as endGame(${JSON.stringify(gameover)}) from the stored final state (boardgame.io logs endGame inside a phase as endPhase)`,
    });
    stateIDs[stateIDs.length - 1] = Number(session.currentState._stateID);
  }
}
