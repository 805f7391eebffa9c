import { fromBgioAction } from '../runtime/bgio-action';
import { type FlowAction, type FlowCtx, type PlayerID } from '../types';

/** One entry of a boardgame.io match log (`LogEntry` in boardgame.io 0.50's types). */
export interface MatchLogEntry {
  action: { type: string; payload?: { type?: string | null; args?: unknown; playerID?: PlayerID | null } };
  _stateID: number;
  turn?: number;
  phase?: string | null;
  automatic?: boolean;
  redact?: boolean;
}

/** Where boardgame.io's log does not say exactly what was dispatched. */
export type LogGapKind = 'missing-entry' | 'set-stage' | 'end-game' | 'event-player' | 'redacted' | 'unknown-action';

export interface LogGap {
  kind: LogGapKind;
  /** The `_stateID` the action was applied to (the state before it). */
  stateID: number;
  message: string;
}

/** An action recovered from the log; `player: null` when the log does not name who dispatched it. */
export interface LoggedAction {
  stateID: number;
  action: FlowAction;
  /** False when the log names no player (events): the replayer picks one from the state. */
  playerKnown: boolean;
}

/**
 * Turns a match log (the server's stored log, a `sync`'s log or an `update`'s deltalog) into the
 * actions that were dispatched. Feed it in order; it remembers the next `_stateID` it expects, so
 * an action that left no entry (boardgame.io logs none for `setActivePlayers`, `setStage` sent as
 * an event, or `endGame` outside a phase) is named as a gap.
 *
 * Each accepted action advances `_stateID` by one and logs its entries under the state it was
 * applied to; an action's own entry is the first one that is not `automatic` (events called inside
 * a move log entries of their own under the same `_stateID`, and are re-run by the move).
 */
export class MatchLogReader {
  private expected: number;

  constructor(initialStateID = 0) {
    this.expected = initialStateID;
  }

  /** The `_stateID` the next action will be applied to. */
  get nextStateID(): number {
    return this.expected;
  }

  read(entries: readonly MatchLogEntry[]): { actions: LoggedAction[]; gaps: LogGap[] } {
    const actions: LoggedAction[] = [];
    const gaps: LogGap[] = [];
    const groups = new Map<number, MatchLogEntry[]>();
    for (const entry of entries) {
      if (!entry || typeof entry._stateID !== 'number') continue;
      if (entry._stateID < this.expected) continue; // already read (a sync repeats the whole log)
      const group = groups.get(entry._stateID) ?? [];
      group.push(entry);
      groups.set(entry._stateID, group);
    }
    for (const stateID of [...groups.keys()].sort((a, b) => a - b)) {
      // Not `push(...)`: a log that skips far ahead has more gaps than a call may take arguments.
      for (const gap of this.missingUpTo(stateID)) gaps.push(gap);
      const group = groups.get(stateID)!;
      const primary = group.find((e) => !e.automatic);
      this.expected = stateID + 1;
      if (!primary) {
        gaps.push({
          kind: 'unknown-action',
          stateID,
          message: `the log holds only automatic entries for _stateID ${stateID}; the action that caused them is unknown`,
        });
        continue;
      }
      const read = readEntry(primary, stateID);
      if (read.gap) gaps.push(read.gap);
      if (read.action) actions.push(read.action);
    }
    return { actions, gaps };
  }

  /** Gaps for actions that left no entry before the state `finalStateID` (e.g. the stored final state's). */
  finish(finalStateID: number): LogGap[] {
    const gaps = this.missingUpTo(finalStateID);
    this.expected = Math.max(this.expected, finalStateID);
    return gaps;
  }

  private missingUpTo(stateID: number): LogGap[] {
    const gaps: LogGap[] = [];
    for (let id = this.expected; id < stateID; id++) {
      gaps.push({
        kind: 'missing-entry',
        stateID: id,
        message:
          `an action was accepted at _stateID ${id} but boardgame.io logged nothing for it ` +
          `(it logs no entry for setActivePlayers, for setStage sent as an event, or for endGame outside a phase); the replay cannot repeat it`,
      });
    }
    this.expected = Math.max(this.expected, stateID);
    return gaps;
  }
}

function readEntry(entry: MatchLogEntry, stateID: number): { action?: LoggedAction; gap?: LogGap } {
  const read = fromBgioAction(entry.action ?? { type: '' }, { player: '', logged: true });
  if (!read.ok)
    return {
      gap: {
        kind: 'unknown-action',
        stateID,
        message: read.kind === 'unknown-event' ? `the log names an ${read.message}; skipped` : `the log holds ${read.message}; skipped`,
      },
    };
  const { action, playerKnown, note } = read;
  const logged = { stateID, playerKnown, action };
  if (note) return { action: logged, gap: { kind: 'set-stage', stateID, message: note } };
  if (action.type === 'move' && entry.redact === true && entry.action?.payload?.args === undefined)
    return {
      action: logged,
      gap: {
        kind: 'redacted',
        stateID,
        message: `the arguments of move ${action.name} were redacted from this copy of the log; it is replayed without them`,
      },
    };
  return { action: logged };
}

/** The player an event with no logged player most likely came from: the current player when active, else the first active one. */
export function likelyPlayer(ctx: FlowCtx): PlayerID {
  const active = ctx.activePlayers ? Object.keys(ctx.activePlayers) : null;
  if (!active || active.length === 0 || active.includes(ctx.currentPlayer)) return ctx.currentPlayer;
  return active[0];
}

/** True when more than one player could have sent an event whose effect depends on who sent it. */
export function playerIsAmbiguous(ctx: FlowCtx, action: FlowAction): boolean {
  if (action.type !== 'event' || !['endStage', 'setStage', 'pass'].includes(action.name)) return false;
  return !!ctx.activePlayers && Object.keys(ctx.activePlayers).length > 1;
}
