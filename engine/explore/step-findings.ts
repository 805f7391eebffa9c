import type { Session, StepRecord } from '../session/session';
import type { BgioState, FlowAction } from '../types';
import { madeUpArgument } from './arguments/explain';
import { isTrustedSource, type ArgSource, type DeclaredSource } from './arguments/sources';
import { findingsOfStep, type Finding } from './findings';

/** A move explore played with made-up arguments that threw or was refused because of them: about explore's guess, not the game. */
export interface ArgumentMiss {
  move: string;
  args: unknown[];
  source: ArgSource;
  /** Why the arguments explain it (`argument 1 (9) is not a key of what the move looked it up in`), or `refused`. */
  reason: string;
}

/**
 * The findings of one step, each with where its action's arguments came from. A throw of the move
 * itself, played with made-up arguments that explain it (any from `state` or `missing`; an `inferred`
 * one that `madeUpArgument` blames), is no finding but a miss; so is a refusal of such a move.
 */
export function classifyStep(
  session: Session,
  record: StepRecord,
  action: FlowAction | null,
  source: ArgSource | undefined,
  declared?: DeclaredSource,
  /** The state the step ran from, when the session did not record it (a search's untracked state). */
  before?: BgioState,
): { findings: Finding[]; miss: ArgumentMiss | null } {
  let findings = findingsOfStep(record);
  let miss: ArgumentMiss | null = null;
  if (action?.type === 'move' && (source === 'no-arguments' || source === 'types') && !record.ok) {
    // Some games refuse a move by throwing a plain Error of their own instead of returning INVALID_MOVE.
    // Explore cannot know whether the UI offers the move at that moment (a declared type says what a
    // client may send, not what the game accepts now: a bid lower than the last one), so only a source
    // that offered this very action (ai.enumerate, a generator, recorded play) makes such a throw a
    // finding. Any other throw (a TypeError from a declared value) is the game's bug.
    const ownPath = (location: string) => location === `moves.${action.name}` || location.endsWith(`.moves.${action.name}`);
    const refusal = findings.find((f) => f.kind === 'threw' && ownPath(f.location) && /threw Error\b/.test(f.message));
    if (refusal) {
      findings = findings.filter((f) => f !== refusal);
      miss = { move: action.name, args: action.args, source, reason: `refused by throwing (${refusal.message.split('\n')[0]})` };
    }
  }
  if (action?.type === 'move' && source && !isTrustedSource(source) && !record.ok) {
    const ownPath = (location: string) => location === `moves.${action.name}` || location.endsWith(`.moves.${action.name}`);
    // Arguments picked from the state or left out may be stored in G and break a hook of the same step too.
    const own = findings.filter((f) => f.kind === 'threw' && (ownPath(f.location) || source !== 'inferred'));
    if (!own.length) miss = { move: action.name, args: action.args, source, reason: 'refused' };
    else {
      // Values picked from the state know nothing of what the move expects: whatever they make it throw is explore's guess.
      const why =
        source === 'inferred'
          ? madeUpArgument(session, before ?? session.stateAt(record.index - 1), action, declared)
          : `its arguments were ${source === 'state' ? 'values picked from the state' : 'missing'}, not found from how the move uses them`;
      if (why) {
        findings = findings.filter((f) => !own.includes(f));
        miss = { move: action.name, args: action.args, source, reason: `threw (${own[0].message.split('\n')[0]}): ${why}` };
      }
    }
  }
  if (source && record.index > 0) findings = findings.map((f) => ({ ...f, argSource: source }));
  return { findings, miss };
}
