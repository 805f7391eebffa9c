import { expectationOf, type StepExpectation } from '../replay/replay-file';
import { SessionError, type Session } from '../session/session';
import type { FlowAction } from '../types';
import type { ArgSource } from './arguments/sources';
import { ddmin } from './ddmin';
import { findingKey, type Finding } from './findings';
import { blockedFinding, creationFailureLocation, newExploreSession, nondeterminismFinding, type ExploreGame } from './playout';
import { classifyStep } from './step-findings';

/** The shortest action list found that still shows a finding, with the expectations its steps meet. */
export interface MinimalReplay {
  seed: string;
  actions: FlowAction[];
  /** One expectation per step, so that `flowscope check` turns the replay into a regression test. */
  expect: StepExpectation[];
  /** Number of actions in the playout up to the finding, before shrinking. */
  originalLength: number;
  /** Replays ddmin ran. */
  tests: number;
  /** True when ddmin finished: removing any one action loses the finding. */
  minimal: boolean;
  /** Where each action's arguments came from (when the run recorded it). */
  sources?: ArgSource[];
}

/** Runs `actions` from the start and says whether the finding (same kind, same location) shows. */
export function showsFinding(
  game: ExploreGame,
  seed: string,
  actions: readonly FlowAction[],
  finding: Pick<Finding, 'kind' | 'location'>,
  sources?: readonly ArgSource[],
): boolean {
  const key = findingKey(finding);
  let session: Session;
  try {
    session = newExploreSession(game, seed);
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    return finding.kind === 'threw' && findingKey({ kind: 'threw', location: creationFailureLocation(error) }) === key;
  }
  // A throw that made-up arguments explain is no finding here either (see `classifyStep`).
  const inStep = (i: number, action: FlowAction | null, source?: ArgSource) =>
    classifyStep(session, session.steps[i], action, source, game.play?.declared).findings.some((f) => findingKey(f) === key);
  if (!isStateFinding(finding.kind)) {
    if (inStep(0, null)) return true;
    for (const [i, action] of actions.entries()) if (inStep(session.dispatch(action).index, action, sources?.[i])) return true;
    return false;
  }
  for (const action of actions) session.dispatch(action);
  const found = finding.kind === 'nondeterminism' ? nondeterminismFinding(session) : blockedFinding(session, game.play);
  return found !== null && findingKey(found) === key;
}

/**
 * Shrinks the actions of a playout that showed `finding` to a 1-minimal list that still shows it
 * (delta debugging), and records the expectations of each of its steps.
 */
export function minimalReplay(
  game: ExploreGame,
  seed: string,
  actions: readonly FlowAction[],
  finding: Finding,
  budget?: number,
  onProgress?: () => void,
  sources?: readonly ArgSource[],
): MinimalReplay {
  // A finding at a step needs nothing after that step; non-determinism needs the whole run.
  const length = finding.kind === 'nondeterminism' ? actions.length : finding.step;
  const prefix = actions.slice(0, length).map((action, i) => ({ action, source: sources?.[i] }));
  const shrunk = ddmin(
    prefix,
    (subset) => {
      onProgress?.();
      return showsFinding(
        game,
        seed,
        subset.map((s) => s.action),
        finding,
        subset.map((s) => s.source as ArgSource),
      );
    },
    budget,
  );
  return {
    seed,
    actions: shrunk.items.map((s) => s.action),
    expect: expectationsOf(
      game,
      seed,
      shrunk.items.map((s) => s.action),
    ),
    originalLength: prefix.length,
    tests: shrunk.tests,
    minimal: shrunk.minimal,
    ...(sources ? { sources: shrunk.items.map((s) => s.source as ArgSource) } : {}),
  };
}

/** Findings about a state (the whole run up to it), not about one step. */
const isStateFinding = (kind: Finding['kind']) => kind === 'stuck' || kind === 'dead-end' || kind === 'nondeterminism';

function expectationsOf(game: ExploreGame, seed: string, actions: readonly FlowAction[]): StepExpectation[] {
  let session: Session;
  try {
    session = newExploreSession(game, seed);
  } catch {
    return [];
  }
  for (const action of actions) session.dispatch(action);
  return session.steps.map((s) => expectationOf(s.index, s.ok, s.ctx));
}
