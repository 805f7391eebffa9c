export type LintSeverity = 'error' | 'warning' | 'info';

export interface LintFinding {
  /** Stable code, documented in docs/lint.md. */
  code: string;
  severity: LintSeverity;
  /** One sentence naming the phase, stage, move or function, and what to do. */
  message: string;
  /** Where in the config, as traces name it (`phases.draw.next`, `turn.stages.discard`). */
  path?: string;
}

/** Every lint code with its severity and a one-line summary (docs/lint.md has one section each). */
export const LINT_CODES = {
  'multiple-start': { severity: 'error', summary: 'More than one phase has `start: true`; boardgame.io silently starts in the last one.' },
  'unknown-next-phase': { severity: 'error', summary: "A phase's static `next` names a phase that does not exist." },
  'unknown-set-phase': {
    severity: 'error',
    summary: "`setPhase('X')` names a phase that does not exist; boardgame.io logs `invalid phase` and leaves the game in no phase.",
  },
  'unknown-stage-next': {
    severity: 'error',
    summary: "A stage's `next` is not a stage of the same turn; `endStage` puts the player in an undeclared stage.",
  },
  'unknown-set-stage': {
    severity: 'error',
    summary: "`setStage('X')` names a stage no turn declares; boardgame.io puts the player in it, with the phase or global moves.",
  },
  'min-over-max': {
    severity: 'error',
    summary: '`minMoves` is greater than `maxMoves`, so `maxMoves` can never end the turn (or stage) on time.',
  },
  'legacy-signature': {
    severity: 'error',
    summary: 'A function uses the pre-0.50 `(G, ctx)` signature; in 0.50 its first argument is the `{ G, ctx, events, … }` object.',
  },
  'unreachable-phase': { severity: 'warning', summary: 'No start, `next`, `endIf` or `setPhase` in the game leads to this phase.' },
  'unreachable-move': { severity: 'warning', summary: "A move that boardgame.io's stage → phase → global lookup never offers." },
  'stage-falls-through': {
    severity: 'warning',
    summary: 'A stage without `moves` in a phase with `moves`: its players can make the phase moves.',
  },
  'nondeterministic-call': {
    severity: 'warning',
    summary:
      'Game code calls `Math.random`, the clock, `crypto` or a library built on them: a boardgame.io server and its clients compute different states.',
  },
  'stages-outside-turn': {
    severity: 'error',
    summary: '`stages` declared in a phase or at the top level, where boardgame.io never reads them: stages belong in a `turn`.',
  },
  'order-without-next': {
    severity: 'error',
    summary:
      'A `turn.order` without a `next` (or `first`) function: boardgame.io throws a TypeError when the turn ends (or the phase begins).',
  },
  'function-instead-of-config': {
    severity: 'error',
    summary: '`phases`, a phase, `turn`, `stages` or a stage given as a function: boardgame.io reads objects there and never calls it.',
  },
  'unknown-key': {
    severity: 'warning',
    summary:
      'A key that a phase, turn, turn order or stage does not have in the release the game runs on (with the key it probably means).',
  },
  'end-if-on-entry': {
    severity: 'warning',
    summary:
      "A phase's `endIf` is already true when the phase begins, so the phase ends before any move (and a cycle of such phases leaves the game in no phase).",
  },
  'event-refused': {
    severity: 'error',
    summary:
      'A hook calls an event boardgame.io (0.47.1 on) refuses there: it logs an error and discards the whole action that ran the hook.',
  },
  'event-dropped': { severity: 'warning', summary: 'A hook calls an event boardgame.io (0.47.1 on) drops there: it never takes effect.' },
  'game-not-created': {
    severity: 'error',
    summary: 'The game cannot be created on its release: boardgame.io refuses the config, or setup (or what runs at the start) throws.',
  },
  'endless-event-loop': {
    severity: 'error',
    summary: "In a seeded run, events called from hooks ended turns or phases without end, until boardgame.io's guard undid them all.",
  },
  'unknown-player': {
    severity: 'error',
    summary: 'In a seeded run the current or an active player was an ID that is no seat of the match: nobody can act for it.',
  },
  'turn-ended-twice': {
    severity: 'warning',
    summary: "In a seeded run, ending a phase ended its last turn a second time, and the turn's onEnd ran twice for that one turn.",
  },
  'dynamic-next': { severity: 'info', summary: 'A phase transition whose target is computed, so unreachable phases cannot be reported.' },
} as const satisfies Record<string, { severity: LintSeverity; summary: string }>;

export type LintCode = keyof typeof LINT_CODES;

export function finding(code: LintCode, path: string | undefined, message: string): LintFinding {
  return path === undefined
    ? { code, severity: LINT_CODES[code].severity, message }
    : { code, severity: LINT_CODES[code].severity, message, path };
}

/** `a`, `a and b`, `a, b and c`, each in backquotes. */
export function list(names: readonly string[]): string {
  const q = names.map((n) => `\`${n}\``);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
}
