/* eslint-disable @typescript-eslint/no-explicit-any -- a game config and its ctx are the user's data, of any shape boardgame.io accepts. */
import { normaliseConfig } from '../config/normalise';
import { comparableSteps, firstDivergence } from './compare';
import { describeUse, type EntropyUse } from './entropy';
import { moduleStateChanged } from './module-state';
import { Session } from './session';

export interface Nondeterminism {
  /** The first step whose outcome differed when the same actions were run again. */
  step: number;
  differences: string[];
  /** Game functions that read a clock or an unseeded random source (`moves.deal uses Math.random`). */
  suspects: string[];
}

const SOURCES: Array<[RegExp, string]> = [
  [/\bMath\.random\s*\(/, 'Math.random'],
  [/\bDate\.now\s*\(/, 'Date.now'],
  [/\bnew\s+Date\s*\(/, 'new Date'],
  [/\bperformance\.now\s*\(/, 'performance.now'],
  [/\bcrypto\.(getRandomValues|randomUUID)\s*\(/, 'crypto'],
];

/** The config functions whose source reads a clock or an unseeded random source. */
export function nondeterministicSources(config: Session['config']): string[] {
  let functions: { path: string; fn: (...a: any[]) => unknown }[] = [];
  try {
    functions = normaliseConfig(config).functions;
  } catch {
    functions = [];
  }
  const out: string[] = [];
  for (const f of functions) {
    const source = Function.prototype.toString.call(f.fn);
    const used = SOURCES.filter(([re]) => re.test(source)).map(([, name]) => name);
    if (used.length) out.push(`${f.path} uses ${used.join(' and ')}`);
  }
  return out;
}

export interface RerunOptions {
  /**
   * The same game from a fresh evaluation of its module (what another process would load): a
   * difference then also shows randomness drawn at module load, which a re-run on the same
   * module object would share.
   */
  config?: Session['config'];
  /** What that fresh evaluation read at module load (named as a cause). */
  loadEntropy?: readonly EntropyUse[];
  /**
   * The `G` of each of the session's steps as it was dispatched (step 0 first), when the caller
   * kept them: then the session's states are not re-derived to compare them.
   */
  dispatchedGs?: readonly unknown[];
}

/**
 * Runs the session's actions again from scratch and compares every step. Game code that reads
 * `Math.random`, the clock, or state outside G gives different results on the second run, which
 * breaks replays, seeking and `flowscope check`: the first difference is returned with its causes,
 * the uses of `Math.random`, the clock or `crypto` recorded at that step (or at module load), else
 * the config functions whose source reads them (boardgame.io's `random` plugin is seeded and
 * replays exactly; with the sandbox on, so are these).
 */
export function findNondeterminism(session: Session, options: RerunOptions = {}): Nondeterminism | null {
  const again = new Session({
    runtime: session.runtime,
    config: options.config ?? session.config,
    numPlayers: session.numPlayers,
    seed: session.seed,
    setupData: session.setupData,
    gameRandomness: session.gameRandomness,
    loadEntropy: options.loadEntropy,
    ...session.watchers,
  });
  // The re-run's G is kept as each step is dispatched: re-deriving them all afterwards would run every action a third time.
  const againGs: unknown[] = [again.currentState.G];
  for (const action of session.actions()) {
    again.dispatch(action);
    againGs.push(again.currentState.G);
  }
  const divergence = firstDivergence(comparableSteps(session, options.dispatchedGs), comparableSteps(again, againGs));
  if (!divergence) return null;
  const at = [session, again].filter((s) => divergence.step <= s.lastIndex).map((s) => s.step(divergence.step));
  const used = unique(
    [
      ...at.flatMap((r) => r.entropy.filter((u) => !u.atLoad)),
      ...[session, again].flatMap((s) => s.step(0).entropy.filter((u) => u.atLoad)),
    ].map(describeUse),
  );
  const ran = new Set(at.flatMap((r) => r.trace.entries).map((e) => e.fn));
  // State a function keeps in the game's module outside G: a second run (in the same process, or
  // after an earlier run changed it) starts from another value.
  let functions: { path: string; fn: unknown }[] = [];
  try {
    functions = normaliseConfig(session.config).functions;
  } catch {
    functions = [];
  }
  const ranFirst = [...functions.filter((f) => ran.has(f.path)), ...functions.filter((f) => !ran.has(f.path))];
  const moduleState = unique(
    ranFirst.flatMap((f) =>
      moduleStateChanged(f.fn).map(
        (name) =>
          `${f.path} changes ${name}, which is kept in the game's module (outside G), so a second run starts from the value the first left`,
      ),
    ),
  );
  // Seeded uses (the sandbox recorded them) replay exactly: they cannot be why two runs differ.
  const seeded = session.gameRandomness === 'seeded' && used.length > 0;
  if (moduleState.length) return { step: divergence.step, differences: divergence.differences, suspects: moduleState };
  if (seeded) return { step: divergence.step, differences: divergence.differences, suspects: [] };
  if (used.length) return { step: divergence.step, differences: divergence.differences, suspects: used };
  const sources = nondeterministicSources(session.config);
  const inStep = sources.filter((s) => ran.has(s.split(' uses ')[0]));
  return { step: divergence.step, differences: divergence.differences, suspects: inStep.length ? inStep : sources };
}

const unique = (items: string[]) => [...new Set(items)];
