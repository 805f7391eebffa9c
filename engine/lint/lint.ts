import type { GameConfig } from '../types';
import { LINT_CODES as CODES, type LintFinding, type LintSeverity } from './codes';
import { createContext, type Rule } from './rules/context';
import { legacySignature } from './rules/legacy-signature';
import { minOverMax } from './rules/move-limits';
import { stageFallsThrough, unreachableMoves } from './rules/moves';
import { multipleStart, unknownNextPhase, unknownSetPhase } from './rules/phase-names';
import { unreachablePhases } from './rules/reachability';
import { unknownSetStage, unknownStageNext } from './rules/stages';
import { nondeterministicCalls } from './rules/nondeterministic';
import { stagesOutsideTurn } from './rules/stages-outside-turn';
import { orderWithoutNext } from './rules/turn-order-shape';
import { functionInsteadOfConfig } from './rules/function-instead-of-config';
import { unknownKeys } from './rules/unknown-keys';
import { endIfOnEntry } from './rules/end-if-on-entry';
import { eventsInHooks } from './rules/event-hooks';

export type { LintFinding, LintSeverity } from './codes';

/** Every lint code with its severity and a one-line summary; docs/lint.md has a section for each. */
export const LINT_CODES: Record<string, { severity: LintSeverity; summary: string }> = CODES;

const RULES: Rule[] = [
  multipleStart,
  unknownNextPhase,
  unknownSetPhase,
  unknownStageNext,
  unknownSetStage,
  minOverMax,
  legacySignature,
  unreachablePhases,
  unreachableMoves,
  stageFallsThrough,
  nondeterministicCalls,
  stagesOutsideTurn,
  orderWithoutNext,
  functionInsteadOfConfig,
  unknownKeys,
  endIfOnEntry,
  eventsInHooks,
];

const RANK: Record<LintSeverity, number> = { error: 0, warning: 1, info: 2 };

/**
 * Static checks of a boardgame.io 0.50 game config against boardgame.io's own resolution rules
 * (see docs/lint.md). Reads the config and the source of its functions; runs nothing.
 * `turnOrders` = the running boardgame.io release's TurnOrder presets (from boardgame.io/core).
 * Findings come errors first, then warnings, then infos, each group by path.
 *
 * @example
 * lintConfig({ phases: { a: { start: true, next: 'b' } } })
 * // [{ code: 'unknown-next-phase', severity: 'error', path: 'phases.a.next', message: … }]
 */
export function lintConfig(config: GameConfig, turnOrders: Record<string, unknown> = {}, release?: string): LintFinding[] {
  const ctx = createContext(config ?? {}, turnOrders, release);
  const findings = RULES.flatMap((rule) => rule(ctx));
  return findings.sort(
    (a, b) =>
      RANK[a.severity] - RANK[b.severity] ||
      compare(a.path ?? '', b.path ?? '') ||
      compare(a.code, b.code) ||
      compare(a.message, b.message),
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
