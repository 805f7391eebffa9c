import { normaliseConfig } from '../config/normalise';
import { phaseNames, stageNames } from '../config/config-queries';
import type { Session } from '../session/session';
import { EVENT_NAMES, isEventName, type FlowAction, type FlowCtx, type PlayerID } from '../types';
import { enumeratedCandidates, moveArguments } from './arguments/candidates';
import { eventAllowed, uiEvents } from './arguments/events';
import { isTrustedSource, type CandidateAction, type CandidateOptions } from './arguments/sources';

/** Every move name the config declares anywhere (global, per phase, per stage). */
export function declaredMoveNames(config: Session['config']): string[] {
  try {
    const names = normaliseConfig(config)
      .functions.filter((f) => f.kind === 'move')
      .map((f) => f.path.slice(f.path.lastIndexOf('.') + 1));
    return [...new Set(names)];
  } catch {
    return Object.keys(config.moves ?? {});
  }
}

/** The players who could act in a real match: its seats ("0" to numPlayers - 1); IDs outside them have no client. */
function playersOf(session: Session): PlayerID[] {
  return Array.from({ length: session.numPlayers }, (_, i) => String(i));
}

const MOVE_LISTS_TRIED = 150;

/** Every move worth trying from the current state, by each seat, with every argument list the sources give. */
export function movesToTry(session: Session, options: CandidateOptions = {}): CandidateAction[] {
  const state = session.currentState;
  const ctx = session.game.readCtx(state);
  const out: CandidateAction[] = [];
  for (const playerID of playersOf(session)) {
    const enumerated = enumeratedCandidates(session, state, playerID).filter((c) => c.action.type === 'move');
    out.push(...enumerated);
    const available = session.game.availableMoves(state, playerID);
    for (const name of declaredMoveNames(session.config)) {
      // boardgame.io refuses a move the player does not have: one try is enough to see it.
      const lists = available.includes(name)
        ? moveArguments(session, state, ctx, playerID, name, options)
        : [{ args: [], source: 'missing' as const }];
      const step = Math.max(1, lists.length / MOVE_LISTS_TRIED);
      for (let i = 0; i < lists.length; i += step) {
        const { args, source } = lists[Math.floor(i)];
        out.push({ action: { type: 'move', name, args, playerID }, source });
      }
      // A move without arguments is tried too (a move may ignore what it declares).
      if (lists.every((l) => l.args.length)) out.push({ action: { type: 'move', name, args: [], playerID }, source: 'missing' });
    }
  }
  return out;
}

/** Every event worth trying from the current state, by each seat: each event with no arguments, and `setStage`/`setPhase` with every declared name. */
export function eventsToTry(session: Session): FlowAction[] {
  const stages = [
    ...new Set(
      phaseNames(session.config)
        .flatMap((p) => stageNames(session.config, p))
        .concat(stageNames(session.config, null)),
    ),
  ];
  const out: FlowAction[] = [];
  for (const playerID of playersOf(session)) {
    for (const name of EVENT_NAMES) {
      if (!isEventName(name)) continue;
      const extra =
        name === 'setStage'
          ? stages.map((s) => [s])
          : name === 'setPhase'
            ? phaseNames(session.config).map((p) => [p])
            : name === 'setActivePlayers'
              ? [[{ currentPlayer: null }]]
              : [];
      for (const args of [[], ...extra]) out.push({ type: 'event', name, args, playerID });
    }
  }
  return out;
}

/** What can move the game on from the session's last state, tried on the reducer itself. */
export type WayOut =
  /** A move someone can make (or an event a UI offers, when no move can be made). */
  | { kind: 'action'; action: CandidateAction }
  /** No move by anyone: only these events, which no UI of the game seems to offer, are accepted. */
  | { kind: 'dead-end'; events: FlowAction[] }
  /** Nothing at all is accepted. */
  | { kind: 'stuck' }
  /** No move was accepted, but some moves were only tried with made-up arguments: explore cannot tell. */
  | { kind: 'unsure'; moves: string[]; events: FlowAction[] };

/**
 * The first move boardgame.io accepts from the session's last state (every declared move by
 * every seat, with every argument list the sources give); else the events it accepts: one a UI
 * offers is a normal way on, others make a dead end; nothing at all is a stuck game. When moves
 * that active players have were tried only with made-up arguments, explore cannot tell. (Undo
 * and redo never count: they do not move the game forward.)
 */
export function findWayOut(session: Session, options: CandidateOptions = {}): WayOut {
  const guessed = new Map<string, boolean>();
  for (const candidate of movesToTry(session, options)) {
    if (session.accepts(candidate.action)) return { kind: 'action', action: candidate };
    const move = candidate.action;
    if (move.type !== 'move') continue;
    const { name, playerID } = move;
    if (isActive(session, playerID) && session.game.availableMoves(session.currentState, playerID).includes(name))
      guessed.set(name, (guessed.get(name) ?? true) && !isTrustedSource(candidate.source));
  }
  const ctxBefore = session.game.readCtx(session.currentState);
  // An event boardgame.io accepts but that changes nothing (`endStage` outside a stage) is no way out.
  const events = eventsToTry(session).filter((e) => {
    const after = session.ctxAfter(e);
    return after !== null && movedOn(ctxBefore, after);
  });
  const unsure = [...guessed].filter(([, onlyGuesses]) => onlyGuesses).map(([name]) => name);
  const ctx = session.game.readCtx(session.currentState);
  const setting = options.events ?? 'ui';
  const offered = events.find(
    (e) => e.type === 'event' && eventAllowed(setting, e.name, () => uiEvents(session.config, ctx, e.playerID ?? ctx.currentPlayer)),
  );
  if (offered) return { kind: 'action', action: { action: offered, source: 'event' } };
  if (unsure.length) return { kind: 'unsure', moves: unsure, events };
  if (!events.length) return { kind: 'stuck' };
  return { kind: 'dead-end', events };
}

/** Whether the flow position changed: phase, whose turn, who is active in which stage, game over. */
const movedOn = (before: FlowCtx, after: FlowCtx) =>
  before.phase !== after.phase ||
  before.currentPlayer !== after.currentPlayer ||
  after.gameover !== undefined ||
  JSON.stringify(before.activePlayers) !== JSON.stringify(after.activePlayers);

const isActive = (session: Session, playerID: PlayerID | undefined) =>
  playerID !== undefined && session.game.isPlayerActive(session.currentState, playerID);

/** The first action boardgame.io accepts from the session's last state (a move, else any event), or null when the game is stuck. */
export function firstAcceptedAction(session: Session, options: CandidateOptions = {}): FlowAction | null {
  const way = findWayOut(session, options);
  if (way.kind === 'action') return way.action.action;
  if (way.kind === 'dead-end' || way.kind === 'unsure') return way.events[0] ?? null;
  return null;
}

/** Where a stuck game is: its phase and the stages its active players are in, e.g. `phase play, stages [respond]`. */
export function stuckLocation(ctx: FlowCtx): string {
  const where = `phase ${ctx.phase ?? '(none)'}`;
  if (!ctx.activePlayers) return `${where}, the current player's turn`;
  const stages = [...new Set(Object.values(ctx.activePlayers).map((s) => s ?? '(no stage)'))].sort();
  return stages.length ? `${where}, stages [${stages.join(', ')}]` : `${where}, no active players`;
}
