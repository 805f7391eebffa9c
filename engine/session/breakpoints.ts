import { NO_PHASE } from '../chart/model';
import type { StepRecord } from './session';

/**
 * Where playback, random play or a replay load pauses. `predicate` is source text over `G` and
 * `ctx`, evaluated by the host with the game code (never in the window); the others are read
 * from the step's record.
 */
export type Breakpoint =
  | { kind: 'phase'; phase: string }
  | { kind: 'turn' }
  | { kind: 'stage'; stage: string }
  | { kind: 'event-rejected' }
  | { kind: 'event-dropped' }
  | { kind: 'diagnostic'; code?: string }
  | { kind: 'threw' }
  | { kind: 'predicate'; source: string };

export const BREAKPOINT_KINDS = ['phase', 'turn', 'stage', 'event-rejected', 'event-dropped', 'diagnostic', 'threw', 'predicate'] as const;

/** A one-line description, e.g. `phase scoring entered`. */
export function describeBreakpoint(bp: Breakpoint): string {
  switch (bp.kind) {
    case 'phase':
      return `phase ${bp.phase} entered`;
    case 'turn':
      return 'a turn begins';
    case 'stage':
      return `a player enters stage ${bp.stage}`;
    case 'event-rejected':
      return 'an event is rejected';
    case 'event-dropped':
      return 'an event is dropped';
    case 'diagnostic':
      return bp.code ? `diagnostic ${bp.code}` : 'any diagnostic';
    case 'threw':
      return 'game code throws';
    case 'predicate':
      return `when ${bp.source}`;
  }
}

const kept = (record: StepRecord) => record.trace.transitions.filter((t) => !t.rolledBack);
const events = (record: StepRecord) => record.trace.entries.flatMap((e) => e.events);

/**
 * Whether a step meets a breakpoint read from its record (predicates are evaluated elsewhere and
 * never match here). `previous` is the step before.
 */
export function recordHits(bp: Breakpoint, record: StepRecord, previous: StepRecord | null): boolean {
  switch (bp.kind) {
    case 'phase': {
      const key = (p: string | null) => p ?? NO_PHASE;
      const entered = kept(record).some((t) => t.type === 'phase-begin' && key(t.phase) === bp.phase);
      return entered || (previous !== null && key(previous.ctx.phase) !== bp.phase && key(record.ctx.phase) === bp.phase);
    }
    case 'turn':
      return kept(record).some((t) => t.type === 'turn-begin');
    case 'stage':
      return kept(record).some((t) => t.type === 'stage' && t.to === bp.stage);
    case 'event-rejected':
      return events(record).some((e) => e.outcome === 'rejected');
    case 'event-dropped':
      return events(record).some((e) => e.outcome === 'dropped');
    case 'diagnostic':
      return bp.code ? record.diagnostics.some((d) => d.code === bp.code) : record.diagnostics.length > 0;
    case 'threw':
      return record.trace.entries.some((e) => e.threw !== undefined) || record.error?.type === 'flowscope/threw';
    case 'predicate':
      return false;
  }
}
