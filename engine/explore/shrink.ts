import { expectationOf, type StepExpectation } from '../replay/replay-file';
import { SessionError, type Session } from '../session/session';
import type { FlowAction } from '../types';
import { ddmin } from './ddmin';
import { findingKey, findingsOfStep, type Finding } from './findings';
import { creationFailureLocation, newExploreSession, nondeterminismFinding, stuckFinding, type ExploreGame } from './playout';

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
}

/** Runs `actions` from the start and says whether the finding (same kind, same location) shows. */
export function showsFinding(
  game: ExploreGame,
  seed: string,
  actions: readonly FlowAction[],
  finding: Pick<Finding, 'kind' | 'location'>,
): boolean {
  const key = findingKey(finding);
  let session: Session;
  try {
    session = newExploreSession(game, seed);
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    return finding.kind === 'threw' && findingKey({ kind: 'threw', location: creationFailureLocation(error) }) === key;
  }
  const inStep = (i: number) => findingsOfStep(session.steps[i]).some((f) => findingKey(f) === key);
  if (finding.kind !== 'stuck' && finding.kind !== 'nondeterminism') {
    if (inStep(0)) return true;
    for (const action of actions) if (inStep(session.dispatch(action).index)) return true;
    return false;
  }
  for (const action of actions) session.dispatch(action);
  const found = finding.kind === 'stuck' ? stuckFinding(session) : nondeterminismFinding(session);
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
): MinimalReplay {
  // A finding at a step needs nothing after that step; stuck and non-determinism need the whole run.
  const prefix = finding.kind === 'stuck' || finding.kind === 'nondeterminism' ? actions.slice() : actions.slice(0, finding.step);
  const shrunk = ddmin(
    prefix,
    (subset) => {
      onProgress?.();
      return showsFinding(game, seed, subset, finding);
    },
    budget,
  );
  return {
    seed,
    actions: shrunk.items,
    expect: expectationsOf(game, seed, shrunk.items),
    originalLength: prefix.length,
    tests: shrunk.tests,
    minimal: shrunk.minimal,
  };
}

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
