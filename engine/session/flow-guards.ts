import { describeCall } from '../trace/describe';
import type { StepTrace, Transition } from '../trace/types';
import type { FlowCtx } from '../types';

// boardgame.io's events plugin gives up after numPlayers × 100 turn endings in one update
// (`maxEndedTurnsPerAction`, 0.49+) and returns the state from before the events it queued.
export const ENDLESS_TURN_ENDINGS = /Maximum number of turn endings exceeded/;
const EVENTS_UNDONE = new RegExp(`${ENDLESS_TURN_ENDINGS.source}|events plugin declared action invalid`);

/**
 * Makes a step's transitions agree with the ctx boardgame.io kept, for the two places where
 * boardgame.io silently throws work away:
 * - the events plugin refused the queued events (an endless `endTurn` from `turn.onBegin`): every
 *   transition from the first one an event caused is marked `rolledBack`;
 * - the phase loop guard (`flow.ts` `Process`): a phase that ends a second time in one step sets
 *   `ctx.phase` to null with no hook run; a `loopGuard` transition says so.
 * Returns how many transitions were marked undone.
 */
export function reconcileTransitions(trace: StepTrace, ctx: FlowCtx, actionRefused: boolean): number {
  let undone = 0;
  if (!actionRefused && trace.logs.some((l) => l.level === 'error' && EVENTS_UNDONE.test(l.text))) {
    const first = trace.transitions.findIndex((t) => !t.rolledBack && !t.automatic);
    if (first >= 0) {
      for (const t of trace.transitions.slice(first)) {
        if (!t.rolledBack) undone++;
        t.rolledBack = true;
      }
    }
  }
  // Both guards apply only when the step ended in no phase with the game still on.
  if (ctx.phase === null && ctx.gameover === undefined) {
    const missing = missingPhaseIn(trace);
    const live = trace.transitions.filter((t) => !t.rolledBack);
    const guard =
      missing === undefined
        ? loopGuardTransition(live, ctx, trace.entries.length)
        : missingPhaseTransition(live, ctx, trace.entries.length, missing);
    if (guard) trace.transitions.push(guard);
  }
  settleEventVerdicts(trace);
  return undone;
}

/**
 * An event boardgame.io logged an error for, but that still took effect (`setPhase` to a missing
 * phase ends the current one; `endTurn('2')` ends the turn) is `applied`, with the logged error
 * kept as its warning: `rejected` means nothing changed.
 */
function settleEventVerdicts(trace: StepTrace): void {
  let live: Transition[] | undefined;
  for (const entry of trace.entries) {
    for (const ev of entry.events) {
      if (ev.outcome !== 'rejected' || !ev.reason?.startsWith('boardgame.io logged:')) continue;
      live ??= trace.transitions.filter((t) => !t.rolledBack);
      const call = `${entry.fn} called ${describeCall(ev.name, ev.args)}`;
      if (!live.some((t) => t.cause.includes(call))) continue;
      ev.outcome = 'applied';
      ev.warning = ev.reason;
      delete ev.reason;
    }
  }
}

/** The phase boardgame.io said it has no such phase of (`invalid phase: X`), if it said so this step. */
function missingPhaseIn(trace: StepTrace): string | undefined {
  for (const line of trace.logs) {
    const name = /invalid phase: (\S+)/.exec(line.text)?.[1];
    if (name !== undefined) return name;
  }
  return undefined;
}

/** Only for a step that ended in no phase with the game still on (the caller checks). */
function missingPhaseTransition(live: Transition[], ctx: FlowCtx, at: number, missing: string): Transition | null {
  const last = live.filter((t) => t.type === 'phase-begin' || t.type === 'phase-end').pop();
  if (!last || last.type !== 'phase-end' || last.phase === null) return null;
  return {
    type: 'phase-begin',
    at,
    phase: null,
    turn: ctx.turn,
    automatic: false,
    cause: `boardgame.io has no phase ${missing} (it logged \`invalid phase: ${missing}\`), so after phase ${last.phase} ended the game is in no phase, with no onBegin run and no turn started`,
  };
}

/** Only for a step that ended in no phase with the game still on (the caller checks). */
function loopGuardTransition(live: Transition[], ctx: FlowCtx, at: number): Transition | null {
  const phaseMoves = live.filter((t) => t.type === 'phase-begin' || t.type === 'phase-end');
  const last = phaseMoves[phaseMoves.length - 1];
  if (!last || last.type !== 'phase-end' || last.phase === null) return null;
  const ended = [...new Set(phaseMoves.filter((t) => t.type === 'phase-end').map((t) => t.phase as string))];
  return {
    type: 'phase-begin',
    at,
    phase: null,
    turn: ctx.turn,
    automatic: true,
    loopGuard: true,
    cause: `boardgame.io's loop guard: after phase ${last.phase} ended, the next phase was one that had already ended in this step (${ended.join(' → ')} → …, an endIf already true when its phase begins), so boardgame.io ends no phase twice and left the game in no phase, without running any onBegin and without starting a turn`,
  };
}
