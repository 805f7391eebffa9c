import type { FlowCtx, GameConfig, StepRecord } from '../../engine';
import semver from 'semver';
import { detectLegacy, differencesFor, differenceShownBy, readLegacy, type SemanticDifference } from '../../engine/legacy';
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
  G: ['move-returns-nothing', 'context-object', 'endif-before-onbegin', 'stale-events', 'onmove-argument', 'phase-change-keeps-turn'],
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
  /** The step on each release (what ran in it tells which differences are in play). */
  own: StepRecord;
  modern: StepRecord;
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
  return parts.length ? { parts, lines, own: a.step, modern: b.step } : null;
}

export interface Explanation {
  /** The documented release differences this game meets that can cause such a disagreement, in play at this step. */
  likely: SemanticDifference[];
  /** Where each likely one was found in the game (its config path, and the phase it belongs to). */
  where: Map<string, { path: string; phase?: string }>;
  /** The other documented differences this game meets. */
  others: SemanticDifference[];
}

/** Differences that only a step of some kind, or an old enough release, can show. */
const ONLY_WHEN: Record<string, (d: StepDisagreement, release: string) => boolean> = {
  // 0.27 brought immer: from then on a move returning nothing has its draft as the new G.
  'move-returns-nothing': (d, release) => d.own.action?.type === 'move' && semver.lt(semver.coerce(release) ?? '0.50.0', '0.27.0'),
  'onmove-argument': (d) => d.own.action?.type === 'move',
  // A phase began or ended in the step, on either release.
  'phase-change-keeps-turn': (d) =>
    [...d.own.trace.transitions, ...d.modern.trace.transitions].some((t) => t.type === 'phase-begin' || t.type === 'phase-end'),
  // Events called in a move, applied after the move's own triggers ended its turn or phase.
  'stale-events': (d) => d.own.action?.type === 'move',
  // The migration wraps every (G, ctx) function: only a game already run on 0.50 unmigrated meets it.
  'context-object': (_d, release) => semver.gte(semver.coerce(release) ?? '0.50.0', '0.50.0'),
};

/** `flow.phases.lobby.turnOrder` → `lobby`; `phases.draw.onBegin` → `draw`. */
const phaseOfPath = (path: string) => /^(?:flow\.)?phases\.([^.[\]]+)/.exec(path)?.[1];

/**
 * The documented differences between the releases (docs/migration.md) that may explain a
 * disagreement of the legacy `config`: those the differing parts can show, for which the game has
 * a feature in play at the step (a function that ran in it on either release, or a setting of a
 * phase the step was in, or of the whole game), and that this kind of step can show.
 */
export function explainDisagreement(config: GameConfig, release: string, disagreement: StepDisagreement): Explanation {
  const findings = detectLegacy(config, { release });
  const relevant = new Set(disagreement.parts.flatMap((p) => EXPLAINS[p] ?? []));
  const { own, modern } = disagreement;
  const ran = new Set([...own.trace.entries, ...modern.trace.entries].map((e) => e.fn));
  const phases = new Set<string | null>([own.ctx.phase, modern.ctx.phase]);
  for (const t of [...own.trace.transitions, ...modern.trace.transitions]) phases.add(t.phase);
  const spec = readLegacy(config).spec;
  const fns = functionPaths(spec, findings);
  const named = phaseNamed(spec);
  const inPlay = (path: string) => {
    // Traces name an array phase (0.26) by its name: `flow.phases[1]` is `flow.phases.skip-one`.
    const asTraced = named(path);
    if (ranSomewhere(asTraced, ran)) return true;
    if (fns.has(path)) return false;
    const phase = phaseOfPath(asTraced);
    return phase === undefined || phases.has(phase) || (phase === 'default' && phases.has(null));
  };
  const where = new Map<string, { path: string; phase?: string }>();
  // An error only one difference raises names it, whatever the config shows; the rest are others.
  const raised = [modern.error, own.error].map((e) => e && differenceShownBy(e.message)).find((d) => d !== undefined);
  const likely: SemanticDifference[] = raised ? [raised] : [];
  const others: SemanticDifference[] = [];
  for (const d of differencesFor(findings.map((f) => f.feature))) {
    if (d === raised) continue;
    if (raised) {
      others.push(d);
      continue;
    }
    const found = findings.find((f) => d.features.includes(f.feature) && inPlay(f.path));
    const applies = relevant.has(d.id) && found !== undefined && (ONLY_WHEN[d.id]?.(disagreement, release) ?? true);
    if (!applies) {
      others.push(d);
      continue;
    }
    likely.push(d);
    const phase = phaseOfPath(named(found.path));
    where.set(d.id, phase === undefined ? { path: found.path } : { path: found.path, phase });
  }
  return { likely, where, others };
}

/** `flow.phases[1]…` as `flow.phases.<its name>…`, for a 0.26 game whose phases are an array. */
function phaseNamed(spec: GameConfig): (path: string) => string {
  const phases = (spec.flow as { phases?: unknown } | undefined)?.phases;
  if (!Array.isArray(phases)) return (path) => path;
  return (path) =>
    path.replace(/^flow\.phases\[(\d+)\]/, (whole, i: string) => {
      const name = (phases[Number(i)] as { name?: unknown } | undefined)?.name;
      return typeof name === 'string' ? `flow.phases.${name}` : whole;
    });
}

/** Whether the function at `path` (or one inside the section at `path`) ran in the step. */
function ranSomewhere(path: string, ran: ReadonlySet<string>): boolean {
  if (ran.has(path)) return true;
  for (const fn of ran) if (fn.startsWith(`${path}.`)) return true;
  return false;
}

/** The paths of the findings that name a function of the spec as written (found by walking the path). */
function functionPaths(spec: GameConfig, findings: readonly { path: string }[]): Set<string> {
  const out = new Set<string>();
  for (const { path } of findings) {
    let value: unknown = spec;
    for (const key of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (typeof value === 'function') out.add(path);
  }
  return out;
}
