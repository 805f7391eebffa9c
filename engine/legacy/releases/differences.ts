/**
 * The behaviour differences between boardgame.io releases that a `compare` of a legacy game (on
 * its own release) with its migration (on 0.50.2) can show. Each was checked by running the
 * installed releases (0.26.3, 0.32.1, 0.39.16, 0.43.3, 0.49.13, 0.50.2); see docs/migration.md.
 */
import type { LegacyFeature } from '../analysis/types';

/** What a difference is explained about: the game, where, and the two releases compared. */
export interface DiffContext {
  /** The legacy release (`0.32.1`). */
  from?: string;
  /** The release compared with (`0.50.2`). */
  to?: string;
  /** The phase involved. */
  phase?: string | null;
  /** The config path involved (`flow.phases.play`). */
  path?: string;
  /** A player involved (`'3'`). */
  player?: string;
  /** The step where the runs diverged. */
  step?: number;
}

export interface SemanticDifference {
  id: string;
  /** The release where the new behaviour starts (`0.33`). */
  since: string;
  /** The releases with the old behaviour (`0.27–0.32`). */
  before: string;
  /** The difference, in one sentence. */
  what: string;
  /** What a user sees when a game relies on the old behaviour. */
  symptom: string;
  /** Legacy features (from `detectLegacy`) that make a game meet it: any one of them, or with `allFeatures` every one. */
  features: LegacyFeature[];
  allFeatures?: boolean;
  /** An error the newer release raises only because of this difference (for what no feature shows, such as the shape of `G`). */
  errorPattern?: RegExp;
  /** One sentence about this difference for `ctx`. */
  explain(ctx: DiffContext): string;
}

const rel = (ctx: DiffContext, fallbackFrom: string) => ({ from: ctx.from ?? fallbackFrom, to: ctx.to ?? '0.50.2' });
const at = (ctx: DiffContext) => (ctx.step !== undefined ? ` (step ${ctx.step})` : '');
const phaseName = (ctx: DiffContext, fallback = 'the phase') => (ctx.phase ? `phase \`${ctx.phase}\`` : fallback);

const TABLE: SemanticDifference[] = [
  {
    id: 'phase-end-goes-back',
    since: '0.33',
    before: '0.27–0.32',
    what: 'Ending a phase that has no `next` returned to the previous phase (the implicit `default` phase at first); since 0.33 it leaves the game in no phase.',
    symptom:
      'After the phase ends, `ctx.phase` is `null` and only the top-level moves are offered, where the old game went back to the phase it came from.',
    features: ['default-phase', 'endPhase-next'],
    explain: (ctx) => {
      const { from, to } = rel(ctx, '0.32');
      return `${phaseName(ctx, 'A phase')} has no \`next\`: on ${from} ending it went back to the phase it was entered from, on ${to} the game goes to no phase${at(ctx)}.`;
    },
  },
  {
    id: 'phases-array-round-robin',
    since: '0.27',
    before: '≤0.26',
    what: '`flow.phases` was an array and ending a phase went to the next phase in it (round robin); since 0.27 phases are a map and follow `next`.',
    symptom: 'The game ends up in another phase (or none) after a phase ends.',
    features: ['phases-array'],
    explain: (ctx) =>
      `On ${rel(ctx, '0.26').from} ending ${phaseName(ctx)} went to the next phase in the \`phases\` array; on ${rel(ctx, '0.26').to} it follows \`next\`${at(ctx)}.`,
  },
  {
    id: 'phase-change-keeps-turn',
    since: '0.33',
    before: '≤0.32',
    what: 'A phase change did not end the turn: `ctx.turn` stayed, `onTurnBegin` did not run, and `turnOrder.first` (DEFAULT: the same position) picked who continued; since 0.33 ending a phase ends the turn and the new phase starts a new one (`turn.onBegin` runs, `ctx.turn` + 1), and 0.33+ `TurnOrder.DEFAULT` then starts with the next player.',
    symptom:
      '`ctx.turn` is higher, `turn.onBegin` runs once more per phase change, and with `TurnOrder.DEFAULT` the next player (not the same one) begins the new phase.',
    features: ['startingPhase', 'endPhaseIf', 'turnOrder', 'TurnOrder-preset'],
    explain: (ctx) => {
      const { from, to } = rel(ctx, '0.32');
      return `When ${phaseName(ctx, 'a phase')} began${at(ctx)}, ${from} kept the turn going (same \`ctx.turn\`, no \`onTurnBegin\`) while ${to} ended it and started a new turn${ctx.player ? ` for player ${ctx.player}` : ''}.`;
    },
  },
  {
    id: 'endif-before-onbegin',
    since: '0.33',
    before: '≤0.32',
    what: "When a phase began, ≤0.32 ran its `onPhaseBegin` and then checked its `endPhaseIf`; since 0.33 the new phase's `endIf` is checked first (with the state the previous phase left), before its `onBegin` runs.",
    symptom:
      'A phase whose `onBegin` resets what its `endIf` tests (a counter, a hand) ends the moment it is entered, its `onBegin` never runs, and a cycle of such phases ends in no phase (`ctx.phase === null`).',
    features: ['onPhaseBegin', 'endPhaseIf'],
    allFeatures: true,
    explain: (ctx) =>
      `On ${rel(ctx, '0.32').to} ${phaseName(ctx)}'s \`endIf\` was checked before its \`onBegin\` reset the state, so it ended at once; ${rel(ctx, '0.32').from} ran \`onPhaseBegin\` first${at(ctx)}.`,
  },
  {
    id: 'endturnif-after-phase-change',
    since: '0.33',
    before: '≤0.32',
    what: "≤0.32 checked the (new phase's) `endTurnIf` right after every phase change, so a phase's first turn could end at once; since 0.33 `turn.endIf` is only checked after moves and stage changes.",
    symptom:
      'After a phase change the turn stays with the player who was playing, where the old game passed it on at once (e.g. to the player `endTurnIf` named).',
    features: ['endTurnIf', 'endTurnIf-player'],
    explain: (ctx) =>
      `When ${phaseName(ctx)} began${at(ctx)}, ${rel(ctx, '0.32').from} checked \`endTurnIf\` and ended the turn${ctx.player ? ` (player ${ctx.player} next)` : ''}; ${rel(ctx, '0.32').to} does not check \`turn.endIf\` until a move is made.`,
  },
  {
    id: 'stale-events',
    since: '0.43.3 or before (0.32.1 applies them, 0.43.3 drops them)',
    before: '≤0.32',
    what: "An `endTurn`/`endPhase` called in a move was applied after the move even when the move's own triggers (`endPhaseIf`, `endTurnIf`) had already ended that turn or phase; later releases drop such an event.",
    symptom:
      "A move that ends its phase and calls `endTurn('3')` used to end the new phase's first turn too (player 3 next); now the new phase starts normally.",
    features: ['endTurn-player', 'endPhase-next', 'ctx.events'],
    explain: (ctx) =>
      `${rel(ctx, '0.32').from} still applied the move's event after its turn had ended; ${rel(ctx, '0.32').to} drops it${at(ctx)}.`,
  },
  {
    id: 'gameover-phase',
    since: '0.33',
    before: '≤0.32',
    what: 'When the game ended, ≤0.32 left `ctx.phase` as it was (after running `onPhaseEnd`); since 0.33 ending the game also ends the phase, so `ctx.phase` is `null` next to `ctx.gameover`.',
    symptom: 'The final state shows no phase (`ctx.phase === null`).',
    features: ['endGameIf'],
    explain: (ctx) => `At game over ${rel(ctx, '0.32').from} stayed in ${phaseName(ctx)}, ${rel(ctx, '0.32').to} shows no phase${at(ctx)}.`,
  },
  {
    id: 'turn-numbering',
    since: '0.33',
    before: '≤0.32',
    what: 'The first turn was `ctx.turn === 0`; since 0.33 it is 1.',
    symptom: 'Every `ctx.turn` is one higher (before phase changes add more), so code testing `ctx.turn === 0` never fires.',
    features: ['flow'],
    explain: (ctx) => `${rel(ctx, '0.32').from} numbers the first turn 0, ${rel(ctx, '0.32').to} numbers it 1${at(ctx)}.`,
  },
  {
    id: 'endTurn-argument',
    since: '0.27',
    before: '≤0.26',
    what: "`endTurn('3')` made player 3 next; since 0.27 it is `endTurn({ next: '3' })`. A bare ID is ignored after that: the same player plays the next turn (0.49+ log `ERROR: invalid argument to endTurn: 3`).",
    symptom: 'The turn ends but stays with the same player (`currentPlayer` unchanged, `ctx.turn` + 1).',
    features: ['endTurn-player'],
    explain: (ctx) =>
      `${rel(ctx, '0.26').from} passed the turn to player ${ctx.player ?? '3'} on \`endTurn('${ctx.player ?? '3'}')\`; ${rel(ctx, '0.26').to} needs \`endTurn({ next: '${ctx.player ?? '3'}' })\` and otherwise keeps the same player${at(ctx)}.`,
  },
  {
    id: 'endTurnIf-player',
    since: '0.27',
    before: '≤0.26',
    what: '`endTurnIf` returning a playerID made that player next; since 0.27 it returns `{ next: playerID }` (`turn.endIf` since 0.33). A bare ID still ends the turn, with the same player next.',
    symptom: 'The turn ends after the move but the same player plays again.',
    features: ['endTurnIf-player'],
    explain: (ctx) =>
      `${ctx.path ? `\`${ctx.path}\`` : '`endTurnIf`'} returned '${ctx.player ?? '3'}': on ${rel(ctx, '0.26').from} player ${ctx.player ?? '3'} was next, on ${rel(ctx, '0.26').to} only \`{ next: '${ctx.player ?? '3'}' }\` does that${at(ctx)}.`,
  },
  {
    id: 'endPhase-argument',
    since: '0.33',
    before: '0.27–0.32 (`{ next }`), ≤0.26 (a name)',
    what: "`endPhase({ next: 'B' })` (0.27–0.32) and `endPhase('B')` (≤0.26) chose the next phase; since 0.33 `endPhase()` ignores its argument and `setPhase('B')` chooses.",
    symptom: "The game goes to the phase's `next` (or no phase) instead of `B`.",
    features: ['endPhase-next'],
    explain: (ctx) =>
      `${rel(ctx, '0.32').from} honoured \`endPhase({ next })\`; ${rel(ctx, '0.32').to} ignores the argument (use \`setPhase\`)${at(ctx)}.`,
  },
  {
    id: 'turn-order-any',
    since: '0.33',
    before: '≤0.32 (0.26 and 0.27–0.32 differ)',
    what: '`TurnOrder.ANY` let every player move: in 0.26 the turn still passed round robin, in 0.27–0.32 it stayed with one player; since 0.33 that is `turn.activePlayers: ActivePlayers.ALL` with a turn order of your choice.',
    symptom: 'On 0.33+ the legacy preset object is not a turn order (`TurnOrder.ANY` does not exist): only the current player can move.',
    features: ['TurnOrder.ANY'],
    explain: (ctx) =>
      `\`TurnOrder.ANY\` on ${rel(ctx, '0.32').from} let every player move; on ${rel(ctx, '0.32').to} that is \`ActivePlayers.ALL\`${at(ctx)}.`,
  },
  {
    id: 'action-players',
    since: '0.33',
    before: '0.21–0.32',
    what: '`ctx.actionPlayers` (a list, default `[currentPlayer]`) and `setActionPlayers`/`changeActionPlayers` became `ctx.activePlayers` (`{ id: stage }` or `null`) and `setActivePlayers`; turn orders returning `{ playOrderPos, actionPlayers }` (≤0.26) return the position only.',
    symptom:
      '`ctx.actionPlayers` is undefined (code reading it throws), and the other players cannot move because `activePlayers` stays `null`.',
    features: ['actionPlayers', 'setActionPlayers', 'changeActionPlayers', 'turnOrder-position-object', 'turnOrder-actionPlayers'],
    explain: (ctx) =>
      `${rel(ctx, '0.32').from} let the action players move; ${rel(ctx, '0.32').to} only lets \`ctx.activePlayers\` (or the current player) move${at(ctx)}.`,
  },
  {
    id: 'moves-per-turn',
    since: '0.48',
    before: '≤0.32 `movesPerTurn`, 0.33–0.47 `moveLimit`',
    what: '`movesPerTurn` (renamed `moveLimit` in 0.33) ended the turn after N moves and refused `endTurn` before; since 0.48 that is `minMoves` + `maxMoves` (a turn `moveLimit` still sets both; in `setActivePlayers` it means `maxMoves` only).',
    symptom: 'A dropped `movesPerTurn` lets turns run on (and end early); a stage `moveLimit` no longer forces a move.',
    features: ['movesPerTurn', 'moveLimit'],
    explain: (ctx) =>
      `${ctx.path ? `\`${ctx.path}\`` : 'The move limit'} is \`minMoves\` + \`maxMoves\` on ${rel(ctx, '0.47').to}${at(ctx)}.`,
  },
  {
    id: 'context-object',
    since: '0.50',
    before: '≤0.49',
    what: 'Moves, hooks, triggers and turn orders took `(G, ctx, ...args)` with `ctx.events`, `ctx.random`, `ctx.playerID`, `ctx.log`; since 0.50 they take one context object `{ G, ctx, events, random, playerID, log }`.',
    symptom:
      'A `(G, ctx)` function gets the context object as `G` and `undefined` as `ctx`: `G.something` is undefined, a guarded `ctx.events?.x()` is silently skipped (the Bang! `onMove` that never opens the response stage), an unguarded one throws.',
    features: ['g-ctx-signature', 'ctx.events', 'ctx.random', 'ctx.playerID', 'ctx.log'],
    explain: (ctx) =>
      `${ctx.path ? `\`${ctx.path}\`` : 'This function'} is written \`(G, ctx)\`: on ${rel(ctx, '0.49').from} \`ctx\` carried the events, on ${rel(ctx, '0.49').to} its first argument is the context object and \`ctx\` is undefined, so its event calls never run${at(ctx)}.`,
  },
  {
    id: 'phase-onbegin-events',
    since: '0.49 (not in 0.43)',
    before: '≤0.43',
    what: '`setActivePlayers`/`setStage`/`endStage` called in `phase.onBegin` were applied in 0.43; since the events permission matrix (in 0.49.13 and 0.50.2 alike) they make boardgame.io refuse the whole action (`StageEventInPhaseBegin`), and `endTurn` there is silently ignored. `setPhase`/`endPhase` there were dropped in 0.43 and are applied in 0.49+.',
    symptom:
      'The move that ends the previous phase is refused and rolled back (`ERROR: events plugin declared action invalid`), or the turn does not end.',
    features: ['onPhaseBegin', 'setActionPlayers'],
    explain: (ctx) =>
      `${phaseName(ctx, 'The phase')}'s \`onBegin\` calls a stage event: ${rel(ctx, '0.43').from} applied it, ${rel(ctx, '0.43').to} refuses the whole action${at(ctx)}.`,
  },
  {
    id: 'default-events',
    since: '0.33',
    before: '≤0.32',
    what: 'The client offered `endGame` only with `flow.endGame: true` and `setActionPlayers` only with `flow.setActionPlayers: true`; since 0.33 every event is offered unless `events.X: false`.',
    symptom: 'A client (or Flowscope’s random player) can end the game or change the active players where the old one could not.',
    features: ['flow-events'],
    explain: (ctx) => `${rel(ctx, '0.32').to} offers events that ${rel(ctx, '0.32').from}'s client did not${at(ctx)}.`,
  },
  {
    id: 'move-returns-nothing',
    since: '0.27 (immer, boardgame.io#295: 0.32.1 has it, 0.26.3 not)',
    before: '≤0.26',
    what: 'Without immer, a move that returned nothing was refused (and its mutation leaked into the old state); since immer, returning nothing means "the draft is the new G", and `INVALID_MOVE` refuses.',
    symptom: 'An illegal move that used to be refused is accepted.',
    features: ['g-ctx-signature'],
    explain: (ctx) =>
      `${ctx.path ? `\`${ctx.path}\`` : 'The move'} returned nothing: ${rel(ctx, '0.26').from} refused it, ${rel(ctx, '0.26').to} accepts it${at(ctx)}.`,
  },
  {
    id: 'g-not-draftable',
    since: '0.41 (immer 1 → 7: 0.39.16 has immer 1.12, 0.43.3 immer 8)',
    before: '≤0.40',
    what: 'Moves and hooks run through immer. Immer 1 ran them on a G it could not draft (a class instance, say) as it was; immer 7 and later throw "produce can only be called on things that are draftable" instead.',
    symptom: 'The game cannot be created (the first turn or phase hook throws an `[Immer]` error), or every move throws it.',
    features: [],
    errorPattern: /\[Immer\] produce can only be called on things that are draftable/,
    explain: (ctx) => {
      const { from, to } = rel(ctx, '0.39');
      return `G is not a plain object or array (a class instance, say): ${from} ran moves and hooks on it as it was, ${to} runs them through immer, which only drafts plain objects, arrays, Map and Set and throws on anything else${at(ctx)}.`;
    },
  },
  {
    id: 'g-not-serializable',
    since: '0.43.3 (its serializable plugin)',
    before: '≤0.43.2',
    what: 'Outside production (`NODE_ENV` not `production`), a move or hook whose returned G holds anything JSON cannot carry (a class instance, `Map`, `Set`, `Date`, a function) throws "Move state is not JSON-serialiazable", and the action is discarded; before, such a G was kept.',
    symptom: 'A move that used to work is refused with `Move state is not JSON-serialiazable`.',
    features: [],
    errorPattern: /Move state is not JSON-serial/,
    explain: (ctx) => {
      const { from, to } = rel(ctx, '0.39');
      return `The move returned a G that JSON cannot carry (a class instance, \`Map\`, \`Set\`, \`Date\` or function inside it): ${from} kept it, ${to} throws "Move state is not JSON-serialiazable" outside production and discards the action${at(ctx)}.`;
    },
  },
  {
    id: 'onmove-argument',
    since: '0.33',
    before: '≤0.32',
    what: '`onMove(G, ctx, action)` got the move (`{ type, args, playerID }`); 0.50.2 passes no move to `turn.onMove` (only unreleased boardgame.io does).',
    symptom: '`onMove` code reading the move name sees `undefined`.',
    features: ['onMove'],
    explain: (ctx) => `${ctx.path ? `\`${ctx.path}\`` : '`onMove`'} reads the move, which ${rel(ctx, '0.32').to} does not pass${at(ctx)}.`,
  },
  {
    id: 'phase-end-game',
    since: '0.33',
    before: '≤0.32',
    what: 'Each phase could override `endGameIf`; since 0.33 there is one game `endIf` (it may look at `ctx.phase`).',
    symptom: 'A phase-specific end condition is not checked.',
    features: ['endGameIf'],
    explain: (ctx) =>
      `${phaseName(ctx)} had its own \`endGameIf\` on ${rel(ctx, '0.32').from}; ${rel(ctx, '0.32').to} only checks the game's \`endIf\`${at(ctx)}.`,
  },
];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Every difference Flowscope knows, each checked on the installed releases. */
export const semanticDifferences: readonly SemanticDifference[] = TABLE.map((d) => ({
  ...d,
  explain: (ctx: DiffContext) => capital(d.explain(ctx)),
}));

/** The difference that alone makes a newer release raise this error, if one does. */
export function differenceShownBy(message: string): SemanticDifference | undefined {
  return semanticDifferences.find((d) => d.errorPattern?.test(message));
}

/** The differences a game with these legacy features can run into. */
export function differencesFor(features: readonly LegacyFeature[]): SemanticDifference[] {
  const set = new Set(features);
  return semanticDifferences.filter((d) => (d.allFeatures ? d.features.every((f) => set.has(f)) : d.features.some((f) => set.has(f))));
}
