import { normaliseConfig } from '../config/normalise';
import { comparableSteps, firstDivergence } from './compare';
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

/**
 * Runs the session's actions again from scratch and compares every step. Game code that reads
 * `Math.random`, the clock, or state outside G gives different results on the second run, which
 * breaks replays, seeking and `flowscope check`: the first difference is returned with the likely
 * culprits (boardgame.io's `random` plugin is seeded and replays exactly).
 */
export function findNondeterminism(session: Session): Nondeterminism | null {
  const again = new Session({ runtime: session.runtime, config: session.config, numPlayers: session.numPlayers, seed: session.seed, setupData: session.setupData, ...session.watchers });
  for (const action of session.actions()) again.dispatch(action);
  const divergence = firstDivergence(comparableSteps(session), comparableSteps(again));
  if (!divergence) return null;
  const ran = new Set([...session.step(divergence.step).trace.entries, ...again.step(divergence.step).trace.entries].map((e) => e.fn));
  const sources = nondeterministicSources(session.config);
  const inStep = sources.filter((s) => ran.has(s.split(' uses ')[0]));
  return { step: divergence.step, differences: divergence.differences, suspects: inStep.length ? inStep : sources };
}
