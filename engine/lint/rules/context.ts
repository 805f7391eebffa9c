import { nameScopeOf, withPhaseNamesFromCode } from '../name-scope';
import { normaliseConfig, type ConfigFunction, type NormalGame, type NormalPhase, type NormalTurn } from '../../config/normalise';
import type { GameConfig } from '../../types';
import type { LintFinding } from '../codes';
import { sourceOf } from '../source';

/** What every rule reads: the config as written, and as boardgame.io resolves it. */
export interface LintContext {
  config: GameConfig;
  /** The boardgame.io release the game runs on (its keys are the known ones). */
  release: string;
  game: NormalGame;
  /** Declared phases, in config order (without the no-phase state). */
  declared: NormalPhase[];
  phaseNames: string[];
  /** The phase boardgame.io starts in: the LAST one with `start: true` (or null). */
  start: string | null;
  /** Each distinct turn config once, by path (`turn`, `phases.X.turn`), with the phases using it. */
  turns: { turn: NormalTurn; phases: NormalPhase[] }[];
  /** Every config function with its path (a function shared by several places appears once per path). */
  functions: (ConfigFunction & { source: string; phase: string | null })[];
  /** The phase a config path belongs to (`phases.draw.turn.onMove` → `draw`), or null for top-level paths. */
  phaseOf(path: string): string | null;
}

export type Rule = (ctx: LintContext) => LintFinding[];

export function createContext(config: GameConfig, turnOrders: Record<string, unknown>, release = '0.50.2'): LintContext {
  const game = withPhaseNamesFromCode(normaliseConfig(config, turnOrders), nameScopeOf(config));
  const declared = game.phases.filter((p) => p.name !== null);
  const phaseNames = declared.map((p) => p.name as string);
  const starts = declared.filter((p) => p.start);
  const start = starts.length ? (starts[starts.length - 1].name as string) : null;

  const byLength = [...phaseNames].sort((a, b) => b.length - a.length);
  const phaseOf = (path: string) => byLength.find((name) => path.startsWith(`phases.${name}.`)) ?? null;

  const turns: LintContext['turns'] = [];
  for (const phase of game.phases) {
    const entry = turns.find((t) => t.turn.path === phase.turn.path);
    if (entry) entry.phases.push(phase);
    else turns.push({ turn: phase.turn, phases: [phase] });
  }

  const functions: LintContext['functions'] = game.functions.map((f) => ({ ...f, source: sourceOf(f.fn), phase: phaseOf(f.path) }));
  return { config, release, game, declared, phaseNames, start, turns, functions, phaseOf };
}

/** Each function once, at the first path it appears under. */
export function distinctFunctions(ctx: LintContext): LintContext['functions'] {
  const seen = new Set<unknown>();
  return ctx.functions.filter((f) => (seen.has(f.fn) ? false : (seen.add(f.fn), true)));
}

/** `phase \`draw\`` or `the no-phase state`. */
export function phaseLabel(name: string | null): string {
  return name === null ? 'the no-phase state' : `phase \`${name}\``;
}

/** Every turn config as written (`turn`, `phases.X.turn`) that is an object, with its path. */
export function rawTurns(config: GameConfig): { path: string; turn: Record<string, unknown> }[] {
  const out: { path: string; turn: Record<string, unknown> }[] = [];
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (isObject(config.turn)) out.push({ path: 'turn', turn: config.turn });
  if (isObject(config.phases)) {
    for (const [name, phase] of Object.entries(config.phases)) {
      if (isObject(phase) && isObject(phase.turn)) out.push({ path: `phases.${name}.turn`, turn: phase.turn });
    }
  }
  return out;
}
