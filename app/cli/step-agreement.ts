import type { FlowCtx, GameConfig, StepRecord } from '../../engine';
import { detectLegacy, differencesFor, type SemanticDifference } from '../../engine/legacy';
import { deepEqual } from '../../engine/util/plain';

/** What two releases must agree on, step by step: the flow as a player sees it, and G. */
function flowOf(ctx: FlowCtx) {
  return {
    // Up to 0.32 "no phase" was the implicit `default` phase.
    phase: ctx.phase === 'default' ? null : ctx.phase,
    currentPlayer: ctx.currentPlayer,
    activePlayers: ctx.activePlayers,
    gameover: ctx.gameover !== undefined,
  };
}

const show = (v: unknown) => JSON.stringify(v);

/** Which semantic differences can explain a divergence in each part of the step. */
const EXPLAINS: Record<string, readonly string[]> = {
  accepted: [
    'move-returns-nothing',
    'context-object',
    'phase-onbegin-events',
    'default-events',
    'moves-per-turn',
    'action-players',
    'turn-order-any',
    'onmove-argument',
  ],
  phase: [
    'phase-end-goes-back',
    'phases-array-round-robin',
    'endif-before-onbegin',
    'endPhase-argument',
    'gameover-phase',
    'phase-end-game',
    'stale-events',
  ],
  currentPlayer: [
    'endTurn-argument',
    'endTurnIf-player',
    'phase-change-keeps-turn',
    'endturnif-after-phase-change',
    'turn-order-any',
    'moves-per-turn',
    'stale-events',
  ],
  activePlayers: ['action-players', 'turn-order-any', 'phase-onbegin-events', 'context-object', 'onmove-argument'],
  gameover: ['phase-end-game', 'gameover-phase', 'context-object'],
  G: ['move-returns-nothing', 'context-object', 'endif-before-onbegin', 'stale-events', 'onmove-argument'],
};

/** One side of a step: its record and the G it left. */
export interface ComparedStep {
  step: StepRecord;
  G: unknown;
}

export interface StepDisagreement {
  /** The parts that differ: `accepted`, `phase`, `currentPlayer`, `activePlayers`, `gameover`, `G`. */
  parts: string[];
  /** One line per part (`phase: "draw" on 0.32.1, null on 0.50.2`). */
  lines: string[];
}

/** Where the same action left the game on two releases: null when they agree. */
export function stepDisagreement(a: ComparedStep, b: ComparedStep, releaseA: string, releaseB: string): StepDisagreement | null {
  const parts: string[] = [];
  const lines: string[] = [];
  if (a.step.ok !== b.step.ok) {
    parts.push('accepted');
    const error = a.step.error ?? b.step.error;
    lines.push(`accepted: ${a.step.ok} on ${releaseA}, ${b.step.ok} on ${releaseB}${error ? ` (${error.message.split('\n')[0]})` : ''}`);
  }
  const fa = flowOf(a.step.ctx);
  const fb = flowOf(b.step.ctx);
  for (const key of Object.keys(fa) as (keyof typeof fa)[]) {
    if (deepEqual(fa[key], fb[key])) continue;
    parts.push(key);
    lines.push(`${key}: ${show(fa[key])} on ${releaseA}, ${show(fb[key])} on ${releaseB}`);
  }
  if (!deepEqual(a.G, b.G)) {
    parts.push('G');
    lines.push('G differs');
  }
  return parts.length ? { parts, lines } : null;
}

export interface Explanation {
  /** The documented release differences this game meets that can cause such a disagreement. */
  likely: SemanticDifference[];
  /** The other documented differences this game meets. */
  others: SemanticDifference[];
}

/** The documented differences between the releases (docs/migration.md) that may explain a disagreement of the legacy `config`. */
export function explainDisagreement(config: GameConfig, release: string, disagreement: StepDisagreement): Explanation {
  const features = detectLegacy(config, { release }).map((f) => f.feature);
  const relevant = new Set(disagreement.parts.flatMap((p) => EXPLAINS[p] ?? []));
  const met = differencesFor(features);
  return {
    likely: met.filter((d) => relevant.has(d.id)),
    others: met.filter((d) => !relevant.has(d.id)),
  };
}
