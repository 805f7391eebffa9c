import { describeCall } from '../trace/describe';
import type { StepTrace, TracedEvent, Transition } from '../trace/types';
import { EMPTY_LIST } from '../util/empty-list';
import type { FlowAction, FlowCtx, PlayerID } from '../types';

const STAGE_EVENTS = new Set(['setActivePlayers', 'setStage', 'endStage', 'setActionPlayers']);

/**
 * A player's slot: a stage name, `null` (active with no stage: in `activePlayers` with
 * `Stage.NULL`, or the current player while `activePlayers` is null), or `undefined` (not active).
 */
function slotOf(ctx: FlowCtx, player: PlayerID): string | null | undefined {
  if (!ctx.activePlayers) return player === ctx.currentPlayer ? null : undefined;
  return player in ctx.activePlayers ? ctx.activePlayers[player] : undefined;
}

/**
 * Players whose stage changed during a step, each with the likeliest reason: the stage event
 * that was applied, the new turn's `turn.activePlayers`, a used-up `maxMoves`, or the end of
 * the turn (which always clears `activePlayers`).
 */
export function stageTransitions(
  before: FlowCtx,
  after: FlowCtx,
  trace: StepTrace,
  action: FlowAction,
  flowEra = false,
  /** activePlayers emptied and boardgame.io restored the ones saved by a `setActivePlayers({ revert: true })`. */
  reverted = false,
): Transition[] {
  if (!before.activePlayers && !after.activePlayers) return NONE;
  const changed = changedPlayers(before, after);
  if (!changed.length) return NONE;
  let applied = stageEvents(trace, (ev) => ev.outcome === 'applied');
  // boardgame.io may log an error for a stage event that still moved the player (setStage before
  // the stage's minMoves sets the stage, then logs): named here, the flow guards then settle it as applied.
  if (!applied.length) applied = stageEvents(trace, (ev) => ev.outcome === 'rejected' && !!ev.reason?.startsWith('boardgame.io logged:'));
  const lastApplied = applied[applied.length - 1];
  const turnBegan = trace.transitions.some((t) => t.type === 'turn-begin');
  const phaseBegan = trace.transitions.some((t) => t.type === 'phase-begin');
  const turnEnded = trace.transitions.some((t) => t.type === 'turn-end');
  // Hooks and endIfs run as the turn changes, and their events are applied after it has (boardgame.io
  // walks the queue once the action's flow is done); a move's or onMove's events that were applied
  // came before the turn ended, which cleared them.
  const appliedAfterTurnBegan = !!lastApplied && /(^|\.)(onBegin|onEnd|endIf)$/.test(lastApplied.by);
  const out: Transition[] = [];
  for (const player of changed) {
    const from = slotOf(before, player);
    const to = slotOf(after, player);
    let cause: string;
    let automatic = true;
    if (action.type === 'undo' || action.type === 'redo') {
      cause =
        action.type === 'undo'
          ? `player ${action.playerID} undid the last move, which restores the stages from before it`
          : `player ${action.playerID} redid the undone move, which restores the stages it left`;
      automatic = false;
    } else if (action.type === 'event' && STAGE_EVENTS.has(action.name) && !turnBegan) {
      cause = `player ${action.playerID} called ${describeCall(action.name, action.args)}`;
      automatic = false;
    } else if (turnEnded && !flowEra && to === undefined) {
      // Ending a turn clears activePlayers: whoever the new turn leaves out left because of that.
      cause = player === before.currentPlayer ? `player ${player}'s turn ended` : 'the turn ended, which clears activePlayers';
    } else if (lastApplied && (!turnBegan || appliedAfterTurnBegan)) {
      cause = `${lastApplied.by} called ${describeCall(lastApplied.ev.name, lastApplied.ev.args)}`;
      automatic = false;
    } else if (flowEra && phaseBegan) {
      // Up to 0.32 a phase begins within the turn: its turn order's `first` and `actionPlayers` set who may act.
      cause = `phase ${after.phase ?? '(none)'} began, and its turn order set who may act`;
    } else if (turnBegan && after.activePlayers) {
      cause = flowEra
        ? "the new turn's turn order set who may act (turnOrder.actionPlayers)"
        : // A stage event applied by turn.onBegin would have been credited above.
          "the new turn's turn.activePlayers set who may act";
    } else if (turnBegan || turnEnded) {
      cause = 'the turn ended, which clears activePlayers';
    } else if (phaseBegan) {
      cause = `phase ${after.phase ?? '(none)'} began, and its turn order set who may act`;
    } else if (reverted) {
      const used = action.type === 'move' && action.playerID === player ? `player ${player} made its last allowed move (maxMoves), ` : '';
      cause = `${used}activePlayers emptied, and revert: true of the setActivePlayers that set them restored the active players from before it`;
    } else if (action.type === 'move' && action.playerID === player && to === undefined) {
      cause = `player ${player} made its last allowed move (maxMoves) and left the stage`;
    } else if (after.activePlayers === null && (to === undefined || player === after.currentPlayer)) {
      cause = 'activePlayers emptied, so control returned to the current player';
    } else {
      cause = 'activePlayers changed (revert or next of an emptied activePlayers)';
    }
    out.push({ type: 'stage', at: trace.entries.length, phase: after.phase, turn: after.turn, player, from, to, automatic, cause });
  }
  return out;
}

function stageEvents(trace: StepTrace, keep: (ev: TracedEvent) => boolean): Array<{ by: string; ev: TracedEvent }> {
  return trace.entries.flatMap((e) => e.events.filter((ev) => STAGE_EVENTS.has(ev.name) && keep(ev)).map((ev) => ({ by: e.fn, ev })));
}

/** No stage changed (most steps): the caller only reads it. */
const NONE: Transition[] = EMPTY_LIST;

/** The players whose slot differs between the two ctxs, in player order. */
function changedPlayers(before: FlowCtx, after: FlowCtx): PlayerID[] {
  // With activePlayers null the current player is the one active (slot null).
  const players = new Set([
    ...Object.keys(before.activePlayers ?? { [before.currentPlayer]: null }),
    ...Object.keys(after.activePlayers ?? { [after.currentPlayer]: null }),
  ]);
  const changed = [...players].filter((player) => slotOf(before, player) !== slotOf(after, player));
  return changed.sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
}

/**
 * How many activePlayers a `setActivePlayers({ revert: true })` has saved in `state` (boardgame.io's
 * `ctx._prevActivePlayers`, since 0.33; 0 before): one fewer after a step means it restored one.
 */
export function savedActivePlayers(state: { ctx: object }): number {
  const saved = (state.ctx as { _prevActivePlayers?: unknown })._prevActivePlayers;
  return Array.isArray(saved) ? saved.length : 0;
}
