import type { StepRecord } from '../session/session';
import { describeCall } from '../trace/describe';
import type { ArgSource } from './arguments/sources';

/** What kind of flow bug a finding is. */
export type FindingKind =
  'threw' | 'stuck' | 'dead-end' | 'loop-guard' | 'event-rejected' | 'event-dropped' | 'nondeterminism' | 'diagnostic';

export const FINDING_KINDS: readonly FindingKind[] = [
  'threw',
  'stuck',
  'dead-end',
  'loop-guard',
  'event-rejected',
  'event-dropped',
  'nondeterminism',
  'diagnostic',
];

/** One observation of a flow bug at one step of one playout. */
export interface Finding {
  kind: FindingKind;
  /** Where it happened: the game function (`phases.play.moves.draw`), with the event for event findings, or the stuck position. */
  location: string;
  message: string;
  /** The step that showed it (0 = the game's creation). */
  step: number;
  /** Where the arguments of the step's action came from (none for the game's creation and for states). */
  argSource?: ArgSource;
  /** For a dead end: the client events that leave it. */
  leavingEvents?: string[];
}

/** Findings with the same key are the same bug: same kind, same place. */
export const findingKey = (f: Pick<Finding, 'kind' | 'location'>) => `${f.kind}@${f.location}`;

const MAX_TURN_ENDINGS = /Maximum number of turn endings exceeded/;
// An event that took effect and was then discarded with the action is a consequence of the
// refusal (reported on its own), not a separate bug.
const ROLLED_BACK = /rolled back/;

/**
 * The flow bugs one step shows: game code that threw, events boardgame.io rejected or dropped,
 * its loop guards (a phase `endIf` cycle bailed out to no phase, or too many turn endings in
 * one action) and every other diagnostic. Each location is reported once per step.
 */
export function findingsOfStep(record: StepRecord): Finding[] {
  const out = new Map<string, Finding>();
  const add = (f: Omit<Finding, 'step'>) => {
    const key = findingKey(f);
    if (!out.has(key)) out.set(key, { ...f, step: record.index });
  };
  const { entries, transitions } = record.trace;
  entries.forEach((entry, i) => {
    if (entry.threw) add({ kind: 'threw', location: entry.fn, message: `${entry.fn} threw ${entry.threw}` });
    for (const ev of entry.events) {
      const where = `${entry.fn} → ${ev.name}`;
      const call = `${entry.fn} called ${describeCall(ev.name, ev.args)}`;
      if (ev.outcome === 'rejected' && MAX_TURN_ENDINGS.test(ev.reason ?? '')) {
        add({
          kind: 'loop-guard',
          location: where,
          message: `${call}: boardgame.io stopped an endless chain of turn endings (${ev.reason?.split('\n')[0]})`,
        });
      } else if (ev.outcome === 'rejected')
        add({ kind: 'event-rejected', location: where, message: `${call}: rejected: ${ev.reason ?? ''}` });
      else if (ev.outcome === 'dropped' && !ROLLED_BACK.test(ev.reason ?? ''))
        add({ kind: 'event-dropped', location: where, message: `${call}: dropped: ${ev.reason ?? ''}` });
    }
    // boardgame.io ends each phase at most once per action: when an `endIf` asks to end a phase
    // that already ended in this action, it silently leaves the game in no phase at all.
    const phaseEndIf = /^phases\.([^.]+)\.endIf$/.exec(entry.fn);
    if (phaseEndIf && entry.returned && transitions.some((t) => t.type === 'phase-end' && t.phase === phaseEndIf[1] && t.at <= i)) {
      add({
        kind: 'loop-guard',
        location: entry.fn,
        message: `${entry.fn} asked to end phase ${phaseEndIf[1]} again within one action: boardgame.io's loop guard left the game in no phase (an endless endIf chain)`,
      });
    }
  });
  if (record.error?.type === 'flowscope/threw' && !entries.some((e) => e.threw)) {
    add({ kind: 'threw', location: 'boardgame.io', message: record.error.message });
  }
  for (const d of record.diagnostics) {
    if (d.code === 'threw' || d.code === 'event-rejected' || d.code === 'event-dropped') continue;
    add({ kind: 'diagnostic', location: diagnosticLocation(d.code, d.message), message: d.message });
  }
  return [...out.values()];
}

/** A diagnostic's place: its code and the config path its message names first (`legacy-signature: phases.play.turn.onMove`). */
function diagnosticLocation(code: string, message: string): string {
  const path = /`((?:moves|phases|turn|endIf|onEnd|setup|playerView)[\w.$]*)`/.exec(message)?.[1];
  if (path) return `${code}: ${path}`;
  const line = message.split('\n')[0];
  return `${code}: ${line.length > 80 ? `${line.slice(0, 79)}…` : line}`;
}
