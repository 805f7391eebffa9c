import { ActivePlayers, TurnOrder } from 'boardgame.io/core';
import { describe, expect, it } from 'vitest';
import type { GameConfig } from '../types';
import { LINT_CODES, lintConfig, type LintFinding } from './lint';
import { isLegacySignature } from './rules/legacy-signature';
import { eventCalls, parseFunction } from './source';

const noop = () => {};
/** Findings of one code only. */
const only = (config: GameConfig, code: string): LintFinding[] => lintConfig(config, TurnOrder).filter((f) => f.code === code);
/** A function made from source text, so comments and exact spacing survive (the test transform strips comments). */
const fromSource = (source: string): ((...args: any[]) => unknown) => (0, eval)(`(${source})`);

describe('lintConfig', () => {
  it('has a documented severity and summary for every code, and nothing else', () => {
    expect(Object.keys(LINT_CODES).sort()).toEqual([
      'dynamic-next',
      'end-if-on-entry',
      'endless-event-loop',
      'event-dropped',
      'event-refused',
      'function-instead-of-config',
      'game-not-created',
      'legacy-signature',
      'min-over-max',
      'multiple-start',
      'nondeterministic-call',
      'order-without-next',
      'stage-falls-through',
      'stages-outside-turn',
      'turn-ended-twice',
      'unknown-key',
      'unknown-next-phase',
      'unknown-player',
      'unknown-set-phase',
      'unknown-set-stage',
      'unknown-stage-next',
      'unreachable-move',
      'unreachable-phase',
    ]);
    expect(LINT_CODES['legacy-signature'].severity).toBe('error');
    expect(LINT_CODES['unreachable-move'].severity).toBe('warning');
    expect(LINT_CODES['dynamic-next'].severity).toBe('info');
  });

  it('sorts errors first, then warnings, then infos, each by path', () => {
    const findings = lintConfig({
      moves: { go: ({ events, G }: any) => events.setPhase(G.target) },
      phases: {
        b: { start: true, moves: { x: noop }, turn: { stages: { s: {} }, minMoves: 2, maxMoves: 1 }, next: 'zz' },
        a: { start: true, next: 'b' },
      },
    });
    expect(findings.map((f) => [f.severity, f.path])).toEqual([
      ['error', 'phases.a.start'],
      ['error', 'phases.b.next'],
      ['error', 'phases.b.turn.minMoves'],
      ['warning', 'phases.b.turn.stages.s'],
      ['info', 'moves.go'],
    ]);
  });

  it('accepts an empty config', () => {
    expect(lintConfig({})).toEqual([]);
  });
});

describe('multiple-start', () => {
  it('names every start phase and the one boardgame.io keeps (the last)', () => {
    expect(only({ phases: { a: { start: true, next: 'b' }, b: { start: true, next: 'a' } } }, 'multiple-start')).toEqual([
      {
        code: 'multiple-start',
        severity: 'error',
        path: 'phases.b.start',
        message:
          'Phases `a` and `b` both have `start: true`, and boardgame.io silently starts the game in the last one, `b`; keep `start: true` on one phase only.',
      },
    ]);
    expect(only({ phases: { a: { start: true }, b: { start: true }, c: { start: true } } }, 'multiple-start')[0].message).toBe(
      'Phases `a`, `b` and `c` all have `start: true`, and boardgame.io silently starts the game in the last one, `c`; keep `start: true` on one phase only.',
    );
  });

  it('is quiet with one start phase or none', () => {
    expect(only({ phases: { a: { start: true }, b: { start: false } } }, 'multiple-start')).toEqual([]);
    expect(only({ phases: { a: {}, b: {} } }, 'multiple-start')).toEqual([]);
  });
});

describe('unknown-next-phase', () => {
  it("reports a static next that names no phase, with the reducer's actual failure", () => {
    expect(only({ phases: { draw: { start: true, next: 'paly' }, play: {} } }, 'unknown-next-phase')).toEqual([
      {
        code: 'unknown-next-phase',
        severity: 'error',
        path: 'phases.draw.next',
        message:
          "Phase `draw` has `next: 'paly'`, but there is no phase `paly` (phases: `draw` and `play`), so boardgame.io's reducer throws (`Cannot read properties of undefined (reading 'wrapped')`) when `draw` ends; name one of the declared phases.",
      },
    ]);
  });

  it('is quiet for a known static next and for next functions', () => {
    expect(only({ phases: { a: { start: true, next: 'b' }, b: { next: 'a' } } }, 'unknown-next-phase')).toEqual([]);
    expect(only({ phases: { a: { start: true, next: () => 'nowhere' }, b: {} } }, 'unknown-next-phase')).toEqual([]);
  });
});

describe('unknown-set-phase', () => {
  it('reports setPhase with a string literal naming no phase, in any config function', () => {
    const config = {
      moves: { go: ({ events }: any) => events.setPhase('scoring') },
      phases: {
        draw: {
          start: true,
          next: 'draw',
          turn: {
            onBegin: ({ events }: any) => events.setPhase(`finale`),
            stages: { s: { moves: { m: ({ events }: any) => events?.setPhase?.('drawn') } } },
          },
        },
      },
    };
    expect(only(config, 'unknown-set-phase')).toEqual([
      {
        code: 'unknown-set-phase',
        severity: 'error',
        path: 'moves.go',
        message:
          "`moves.go` calls `setPhase('scoring')`, but there is no phase `scoring` (phases: `draw`); boardgame.io would end the current phase, log `invalid phase: scoring` and leave the game in no phase, so fix the name.",
      },
      {
        code: 'unknown-set-phase',
        severity: 'error',
        path: 'phases.draw.turn.onBegin',
        message:
          "`phases.draw.turn.onBegin` calls `setPhase('finale')`, but there is no phase `finale` (phases: `draw`); boardgame.io would end the current phase, log `invalid phase: finale` and leave the game in no phase, so fix the name.",
      },
      {
        code: 'unknown-set-phase',
        severity: 'error',
        path: 'phases.draw.turn.stages.s.moves.m',
        message:
          "`phases.draw.turn.stages.s.moves.m` calls `setPhase('drawn')`, but there is no phase `drawn` (phases: `draw`); boardgame.io would end the current phase, log `invalid phase: drawn` and leave the game in no phase, so fix the name.",
      },
    ]);
  });

  it('says so when the game has no phases at all, and finds the legacy ctx.events form', () => {
    const [f] = only({ moves: { go: (G: any, ctx: any) => ctx.events.setPhase('main') } }, 'unknown-set-phase');
    expect(f.message).toBe(
      "`moves.go` calls `setPhase('main')`, but there is no phase `main` (the game declares no phases); boardgame.io would end the current phase, log `invalid phase: main` and leave the game in no phase, so fix the name.",
    );
  });

  it('ignores known phases, computed names, comments, strings and endIf/next literals', () => {
    const config = {
      moves: {
        a: ({ events }: any) => events.setPhase('play'),
        b: ({ events, G }: any) => events.setPhase(G.next),
        c: fromSource(`({ events }) => { /* events.setPhase('nope') */ // setPhase('nope2')\n return 1; }`),
        d: ({ G }: any) => {
          G.log = "call setPhase('nope') to skip";
        },
      },
      phases: {
        play: { start: true, endIf: () => ({ next: 'elsewhere' }), next: () => 'gone' },
      },
    };
    expect(only(config, 'unknown-set-phase')).toEqual([]);
  });
});

describe('unknown-stage-next', () => {
  it('reports a stage next that is not a stage of the same turn', () => {
    const config = {
      turn: { stages: { a: { moves: { x: noop }, next: 'bb' }, b: {} } },
      phases: { p: { start: true, next: 'p', turn: { stages: { c: { next: 'a' } } } } },
    };
    expect(only(config, 'unknown-stage-next')).toEqual([
      {
        code: 'unknown-stage-next',
        severity: 'error',
        path: 'phases.p.turn.stages.c.next',
        message:
          "Stage `c` has `next: 'a'`, but `phases.p.turn` has no stage `a` (stages: `c`), so `endStage` puts the player in an undeclared stage where they get the phase or global moves; name one of this turn's stages.",
      },
      {
        code: 'unknown-stage-next',
        severity: 'error',
        path: 'turn.stages.a.next',
        message:
          "Stage `a` has `next: 'bb'`, but `turn` has no stage `bb` (stages: `a` and `b`), so `endStage` puts the player in an undeclared stage where they get the phase or global moves; name one of this turn's stages.",
      },
    ]);
  });

  it('is quiet for stage cycles and stages without next', () => {
    const stages = { A: { moves: { x: noop }, next: 'B' }, B: { next: 'C' }, C: { moves: { y: noop }, next: 'A' }, D: {} };
    expect(only({ turn: { stages } }, 'unknown-stage-next')).toEqual([]);
  });
});

describe('min-over-max', () => {
  it('reports turn.minMoves above turn.maxMoves, with what boardgame.io then does', () => {
    expect(only({ turn: { minMoves: 3, maxMoves: 2 } }, 'min-over-max')).toEqual([
      {
        code: 'min-over-max',
        severity: 'error',
        path: 'turn.minMoves',
        message:
          '`turn` has `minMoves: 3` greater than `maxMoves: 2`: boardgame.io refuses the automatic end of the turn after 2 moves (logging `cannot end turn before making 3 moves`), so `maxMoves` has no effect and no turn can end before 3 moves unless its phase ends; make `minMoves` at most `maxMoves`.',
      },
    ]);
  });

  it('reports it in a phase turn and in turn.activePlayers (where moveLimit means maxMoves)', () => {
    const config = {
      phases: { a: { start: true, next: 'a', turn: { maxMoves: 1, minMoves: 2, activePlayers: { all: 's', minMoves: 2, moveLimit: 1 } } } },
    };
    expect(only(config, 'min-over-max')).toEqual([
      {
        code: 'min-over-max',
        severity: 'error',
        path: 'phases.a.turn.activePlayers',
        message:
          '`phases.a.turn.activePlayers` has `minMoves: 2` greater than `maxMoves: 1`: boardgame.io refuses the automatic `endStage` after 1 move (logging `cannot end stage before making 2 moves`), so players stay in their stage until they have made 2 moves; make `minMoves` at most `maxMoves`.',
      },
      {
        code: 'min-over-max',
        severity: 'error',
        path: 'phases.a.turn.minMoves',
        message:
          '`phases.a.turn` has `minMoves: 2` greater than `maxMoves: 1`: boardgame.io refuses the automatic end of the turn after 1 move (logging `cannot end turn before making 2 moves`), so `maxMoves` has no effect and no turn can end before 2 moves unless its phase ends; make `minMoves` at most `maxMoves`.',
      },
    ]);
  });

  it('follows boardgame.io: turn.moveLimit overrides both, 0 means no limit, equal is fine', () => {
    expect(only({ turn: { minMoves: 5, moveLimit: 2 } }, 'min-over-max')).toEqual([]);
    expect(only({ turn: { moveLimit: 3 } }, 'min-over-max')).toEqual([]);
    expect(only({ turn: { minMoves: 2, maxMoves: 0 } }, 'min-over-max')).toEqual([]);
    expect(only({ turn: { minMoves: 2, maxMoves: 2 } }, 'min-over-max')).toEqual([]);
    expect(only({ turn: { minMoves: 1 } }, 'min-over-max')).toEqual([]);
    expect(only({ turn: { activePlayers: ActivePlayers.ALL_ONCE } }, 'min-over-max')).toEqual([]);
    expect(only({ turn: { activePlayers: ['0', '1'] } }, 'min-over-max')).toEqual([]);
  });
});

describe('unreachable-phase', () => {
  it('reports a phase nothing leads to, and one only unreachable phases lead to', () => {
    const config = {
      phases: {
        a: { start: true, next: 'b' },
        b: { next: 'a' },
        c: { next: 'd', moves: { m: noop } },
        d: { moves: { m1: noop, m2: noop } },
      },
    };
    expect(only(config, 'unreachable-phase')).toEqual([
      {
        code: 'unreachable-phase',
        severity: 'warning',
        path: 'phases.c',
        message:
          "Phase `c` is never entered (its move `m` is never offered): it is not the start phase and no `next`, `endIf` or `setPhase('c')` in the game leads to it; mark it `start: true`, name it in a reachable phase's `next`, or remove it.",
      },
      {
        code: 'unreachable-phase',
        severity: 'warning',
        path: 'phases.d',
        message:
          "Phase `d` is never entered (its moves `m1` and `m2` are never offered): only phase `c` leads to it (`phases.c.next`), and it is never entered either; mark it `start: true`, name it in a reachable phase's `next`, or remove it.",
      },
    ]);
  });

  it('treats the first phase of several start phases as unreachable (boardgame.io starts in the last)', () => {
    expect(only({ phases: { a: { start: true }, b: { start: true } } }, 'unreachable-phase').map((f) => f.path)).toEqual(['phases.a']);
  });

  it('counts the start phase, static next, next and endIf candidates, and setPhase literals anywhere', () => {
    const config = {
      moves: { toE: ({ events }: any) => events.setPhase('e') },
      phases: {
        a: { start: true, next: 'b' },
        b: { next: ({ G }: any) => (G.x ? 'c' : 'a') },
        c: { endIf: ({ G }: any) => G.done && { next: 'd' }, next: 'a' },
        d: { turn: { onBegin: ({ events }: any) => events.setPhase('f') } },
        e: {},
        f: {},
      },
    };
    expect(only(config, 'unreachable-phase')).toEqual([]);
    expect(only(config, 'dynamic-next')).toEqual([]);
  });

  it('is quiet for a game without phases or with one start phase', () => {
    expect(only({ moves: { m: noop } }, 'unreachable-phase')).toEqual([]);
    expect(only({ phases: { only: { start: true } } }, 'unreachable-phase')).toEqual([]);
  });
});

describe('dynamic-next', () => {
  it('names a next function without recognisable candidates and reports no unreachable phase', () => {
    const config = { phases: { a: { start: true, next: ({ G }: any) => G.next }, b: {}, c: {} } };
    expect(lintConfig(config)).toEqual([
      {
        code: 'dynamic-next',
        severity: 'info',
        path: 'phases.a.next',
        message:
          "`phases.a.next` returns a phase name that is not written in it as a string literal, so any phase could follow and unreachable phases are not reported; return phase names as string literals (`'a'`) or constants of the module where you can.",
      },
    ]);
  });

  it('also names setPhase with a computed name, and an endIf returning a computed { next }', () => {
    const config = {
      moves: { go: ({ events, G }: any) => events.setPhase(G.target) },
      phases: { a: { start: true, endIf: ({ G }: any) => G.done && { next: G.then } }, b: {} },
    };
    expect(only(config, 'dynamic-next')).toEqual([
      {
        code: 'dynamic-next',
        severity: 'info',
        path: 'moves.go',
        message:
          "`moves.go` calls `setPhase` with a computed phase name, so any phase could follow and unreachable phases are not reported; call `setPhase('a')` with a string literal where you can.",
      },
      {
        code: 'dynamic-next',
        severity: 'info',
        path: 'phases.a.endIf',
        message:
          "`phases.a.endIf` returns `{ next }` with a phase name that is not written in it as a string literal, so any phase could follow and unreachable phases are not reported; return `{ next: 'a' }` with a string literal where you can.",
      },
    ]);
    expect(only(config, 'unreachable-phase')).toEqual([]);
  });

  it('is quiet when next functions name their targets', () => {
    expect(only({ phases: { a: { start: true, next: ({ G }: any) => (G.x ? 'b' : 'a') }, b: {} } }, 'dynamic-next')).toEqual([]);
  });
});

describe('unreachable-move', () => {
  const ownMoves = { a: { start: true, next: 'b', moves: { x: noop } }, b: { next: 'a', moves: { y: noop } } };

  it('reports global moves when every reachable phase has its own moves and the game is never in no phase', () => {
    expect(only({ moves: { g: noop }, phases: ownMoves }, 'unreachable-move')).toEqual([
      {
        code: 'unreachable-move',
        severity: 'warning',
        path: 'moves.g',
        message:
          'Global move `g` is never offered: every phase the game can enter (`a` and `b`) has its own `moves`, which replace the global ones, and the game starts in `a` and every phase it can enter has a static `next`, so it is never in no phase; add `g` to the `moves` of the phases that should offer it, or remove it.',
      },
    ]);
  });

  it('reports stage moves of the top-level turn when every reachable phase has its own turn', () => {
    const config = {
      turn: { stages: { s: { moves: { sm: noop } } } },
      phases: { a: { start: true, next: 'a', moves: { x: noop }, turn: {} } },
    };
    expect(only(config, 'unreachable-move')).toEqual([
      {
        code: 'unreachable-move',
        severity: 'warning',
        path: 'turn.stages.s.moves.sm',
        message:
          'Move `sm` of stage `s` in the top-level `turn` is never offered: every phase the game can enter has its own `turn`, which replaces the top-level one, and the game starts in `a` and every phase it can enter has a static `next`, so it is never in no phase; move stage `s` into the `turn` of the phases that need it.',
      },
    ]);
  });

  it('is quiet when global moves are offered somewhere', () => {
    // A reachable phase without moves.
    expect(only({ moves: { g: noop }, phases: { ...ownMoves, b: { next: 'a' } } }, 'unreachable-move')).toEqual([]);
    // No start phase: the game begins in no phase.
    expect(only({ moves: { g: noop }, phases: { a: { moves: { x: noop } } } }, 'unreachable-move')).toEqual([]);
    // A phase without next: the game is in no phase once it ends.
    expect(
      only(
        { moves: { g: noop }, phases: { a: { start: true, next: 'b', moves: { x: noop } }, b: { moves: { y: noop } } } },
        'unreachable-move',
      ),
    ).toEqual([]);
    // A next function may return no phase.
    expect(
      only(
        { moves: { g: noop }, phases: { a: { start: true, moves: { x: noop }, next: ({ G }: any) => (G.x ? 'a' : undefined) } } },
        'unreachable-move',
      ),
    ).toEqual([]);
    // No phases at all.
    expect(only({ moves: { g: noop }, turn: { stages: { s: { moves: { sm: noop } } } } }, 'unreachable-move')).toEqual([]);
  });

  it('leaves the moves of unreachable phases to unreachable-phase, and treats declared stages as reachable', () => {
    const config = {
      phases: { a: { start: true, next: 'a', turn: { stages: { never: { moves: { z: noop } } } } }, b: { moves: { y: noop } } },
    };
    expect(only(config, 'unreachable-move')).toEqual([]);
  });
});

describe('stage-falls-through', () => {
  it('names the stage without moves and the phase whose moves its players get', () => {
    const config = {
      turn: { stages: { shared: {} } },
      phases: {
        a: {
          start: true,
          next: 'b',
          moves: { x: noop, y: noop },
          turn: { stages: { respond: {}, other: { moves: {} }, own: { moves: { z: noop } } } },
        },
        b: { next: 'a', moves: { w: noop } },
      },
    };
    expect(only(config, 'stage-falls-through')).toEqual([
      {
        code: 'stage-falls-through',
        severity: 'warning',
        path: 'phases.a.turn.stages.respond',
        message:
          "Stage `respond` has no `moves`, so in phase `a` its players can make the phase's moves (`x` and `y`); if they should not, give the stage its own `moves` (`moves: {}` for none).",
      },
      {
        code: 'stage-falls-through',
        severity: 'warning',
        path: 'turn.stages.shared',
        message:
          "Stage `shared` has no `moves`, so in phase `b` its players can make the phase's moves (`w`); if they should not, give the stage its own `moves` (`moves: {}` for none).",
      },
    ]);
  });

  it('is quiet where the stage falls through to the global moves (the phase has no moves)', () => {
    expect(only({ moves: { g: noop }, turn: { stages: { B: { next: 'C' }, C: { moves: { c: noop } } } } }, 'stage-falls-through')).toEqual(
      [],
    );
    expect(only({ moves: { g: noop }, phases: { a: { start: true, turn: { stages: { B: {} } } } } }, 'stage-falls-through')).toEqual([]);
  });
});

describe('legacy-signature', () => {
  const legacyPaths = (config: GameConfig) => only(config, 'legacy-signature').map((f) => f.path);

  it("explains the seed's turn.onMove failure and shows the corrected signature", () => {
    const config = {
      turn: {
        onMove: (G: any, ctx: any) => {
          if (G.pendingAction && ctx.events?.setActivePlayers) {
            ctx.events.setActivePlayers({ value: { [G.pendingAction.target]: 'respondToBang' }, moveLimit: 1 });
          }
        },
      },
    };
    expect(only(config, 'legacy-signature')).toEqual([
      {
        code: 'legacy-signature',
        severity: 'error',
        path: 'turn.onMove',
        message:
          '`turn.onMove` is written with the pre-0.50 `(G, ctx)` signature: in boardgame.io 0.50 the first argument is the `{ G, ctx, events, random, playerID, ... }` object, so `G` here is that object and `ctx` is undefined; this is why its `ctx.events.setActivePlayers(…)` never takes effect, since `ctx` is undefined and the call is skipped or throws (the `turn.onMove` failure described in the reactive-patterns document); write it as `({ G, ctx, events }) =>`.',
      },
    ]);
  });

  it('explains moves (whose arguments shift) and keeps their arguments in the fix', () => {
    const config = {
      moves: {
        play: (G: any, ctx: any, id: string) => {
          G.x = ctx.random.D6() + id;
          ctx.events.endTurn();
        },
      },
    };
    expect(only(config, 'legacy-signature')).toEqual([
      {
        code: 'legacy-signature',
        severity: 'error',
        path: 'moves.play',
        message:
          "`moves.play` is written with the pre-0.50 `(G, ctx, id)` signature: in boardgame.io 0.50 the first argument is the `{ G, ctx, events, random, playerID, ... }` object, so `G` here is that object and `ctx` is undefined (or the move's first argument, when it is given one); this is why its `ctx.events.endTurn(…)` never takes effect, since `ctx` is undefined and the call is skipped or throws (the same failure as the `turn.onMove` in the reactive-patterns document); write it as `({ G, ctx, events, random }, id) =>`.",
      },
    ]);
  });

  it('covers triggers, phase next, turn orders, setup and playerView, renaming other parameter names', () => {
    const config = {
      setup: (ctx: any) => ({ n: ctx.numPlayers }),
      playerView: (G: any, ctx: any, playerID: any) => G[playerID],
      phases: {
        a: {
          start: true,
          endIf: (G: any) => G.done,
          next: (g: any, c: any) => (c.turn > g.n ? 'a' : 'a'),
          turn: { order: { first: (G: any, ctx: any) => 0, next: (G: any, ctx: any) => (ctx.playOrderPos + 1) % ctx.numPlayers } },
        },
      },
    };
    expect(only(config, 'legacy-signature').map((f) => [f.path, f.message])).toEqual([
      [
        'phases.a.endIf',
        '`phases.a.endIf` is written with the pre-0.50 `(G)` signature: in boardgame.io 0.50 the first argument is the `{ G, ctx, events, random, playerID, ... }` object, so `G` here is that object, not the game state; write it as `({ G, ctx }) =>`.',
      ],
      [
        'phases.a.next',
        '`phases.a.next` is written with the pre-0.50 `(g, c)` signature: in boardgame.io 0.50 the first argument is the `{ G, ctx, events, random, playerID, ... }` object, so `g` here is that object and `c` is undefined; write it as `({ G: g, ctx: c }) =>`.',
      ],
      [
        'phases.a.turn.order.first',
        '`phases.a.turn.order.first` is written with the pre-0.50 `(G, ctx)` signature: in boardgame.io 0.50 the first argument is the `{ G, ctx, events, random, playerID, ... }` object, so `G` here is that object and `ctx` is undefined; write it as `({ G, ctx }) =>`.',
      ],
      [
        'phases.a.turn.order.next',
        '`phases.a.turn.order.next` is written with the pre-0.50 `(G, ctx)` signature: in boardgame.io 0.50 the first argument is the `{ G, ctx, events, random, playerID, ... }` object, so `G` here is that object and `ctx` is undefined; write it as `({ G, ctx }) =>`.',
      ],
      [
        'playerView',
        '`playerView` is written with the pre-0.50 `(G, ctx, playerID)` signature: in boardgame.io 0.50 the first argument is the `{ G, ctx, events, random, playerID, ... }` object, so `G` here is that object and `ctx` and `playerID` are undefined; write it as `({ G, ctx, playerID }) =>`.',
      ],
      [
        'setup',
        '`setup` is written with the pre-0.50 `(ctx)` signature: in boardgame.io 0.50 its first argument is the `{ ctx, random, events, log, ... }` object, so `ctx` here is that object and `ctx.numPlayers` is undefined; write it as `({ ctx }) =>`.',
      ],
    ]);
  });

  it('recognises every way of writing the old signature', () => {
    const forms: Record<string, (...args: any[]) => unknown> = {
      named: function named(G: any, ctx: any) {
        return G && ctx;
      },
      anonymous: function (G: any, ctx: any) {
        return G && ctx;
      },
      arrow: (G: any, ctx: any) => G && ctx,
      bare: (G: any) => G,
      lower: (g: any) => g,
      secondOnly: (state: any, ctx: any) => state && ctx,
      asyncArrow: async (G: any, ctx: any) => G && ctx,
      asyncBare: fromSource('async G => G'),
      asyncFunction: async function f(G: any, ctx: any) {
        return G && ctx;
      },
      defaults: (G: any = {}, ctx: any = { turn: Math.max(1, 2), s: 'a, b' }) => G && ctx,
      commented: fromSource('(/* state */ G /* : State */, // the context\n  ctx) => G && ctx'),
      newlines: fromSource('function (\n  G,\n\n  ctx\n) { return 1; }'),
      generated: new Function('G', 'ctx', 'return G && ctx') as (...args: any[]) => unknown,
      ...{
        method(G: any, ctx: any) {
          return G && ctx;
        },
        async asyncMethod(G: any, ctx: any) {
          return G && ctx;
        },
        'quoted name'(G: any) {
          return G;
        },
      },
    };
    expect(legacyPaths({ moves: forms })).toEqual(
      Object.keys(forms)
        .map((k) => `moves.${k}`)
        .sort(),
    );
    const methodFix = only({ turn: { onBegin: forms.method } }, 'legacy-signature')[0].message;
    expect(methodFix.endsWith('write it as `method({ G, ctx, events })`.')).toBe(true);
    const asyncFix = only({ turn: { onBegin: forms.asyncFunction } }, 'legacy-signature')[0].message;
    expect(asyncFix.endsWith('write it as `async function f({ G, ctx, events })`.')).toBe(true);
    const renamed = only({ turn: { onBegin: forms.secondOnly } }, 'legacy-signature')[0].message;
    expect(renamed).toContain('so `state` here is that object and `ctx` is undefined;');
    expect(renamed.endsWith('write it as `({ G: state, ctx, events }) =>`.')).toBe(true);
  });

  it('does not flag 0.50 signatures, parameterless functions or ai.enumerate', () => {
    const modern = {
      destructured: ({ G, ctx }: any) => G && ctx,
      context: (context: any, id: string) => context.G[id],
      partly: ({ G }: any, id: string) => G[id],
      none: () => undefined,
      rest: (...args: any[]) => args,
      asyncDestructured: async ({ G, events }: any) => G && events,
      functionDestructured: function ({ G }: any, ctxArg: any) {
        return G && ctxArg;
      },
      nested: ({ G: { cells } }: any, [a, b]: any = []) => cells[a + b],
      namedGame: (game: any) => game.G,
      ...{
        method({ G, ctx, events }: any) {
          return G && ctx && events;
        },
      },
    };
    const config = {
      setup: ({ ctx }: any, setupData: any) => ({ n: ctx.numPlayers, setupData }),
      moves: { ...modern, long: { move: ({ G }: any) => G, undoable: false } },
      turn: { order: TurnOrder.CUSTOM_FROM('seating'), onMove: ({ G, ctx, events }: any) => G && ctx && events },
      phases: {
        a: { start: true, turn: { order: TurnOrder.ONCE }, next: 'b' },
        b: { turn: { order: TurnOrder.CUSTOM(['1', '0']) }, next: 'a' },
      },
      playerView: ({ G }: any) => G,
      ai: { enumerate: (G: any, ctx: any, playerID: string) => (G && ctx ? [playerID] : []) },
    };
    expect(legacyPaths(config)).toEqual([]);
  });

  it('reports a function shared by several places once, at its first path', () => {
    const take = (G: any) => G;
    expect(legacyPaths({ phases: { a: { start: true, moves: { take }, next: 'b' }, b: { moves: { take }, next: 'a' } } })).toEqual([
      'phases.a.moves.take',
    ]);
  });
});

describe('source reading', () => {
  it('parses parameter lists of every form', () => {
    const params = (source: string) => parseFunction(source)?.params.map((p) => `${p.kind}:${p.name ?? p.text}`);
    expect(params('async => 1')).toEqual(['identifier:async']);
    expect(params('function () { [native code] }')).toEqual([]);
    expect(params('({ G: { a = `x${1}` } }, [b, c] = [], ...rest) => 1')).toEqual([
      'pattern:{ G: { a = `x${1}` } }',
      'pattern:[b, c] = []',
      'rest:rest',
    ]);
    expect(params("'my move'(G, ctx) {}")).toEqual(['identifier:G', 'identifier:ctx']);
    expect(params('[key](G) {}')).toEqual(['identifier:G']);
    expect(params('get x() { return 1; }')).toEqual([]);
    expect(parseFunction('not a function')).toBeNull();
  });

  it('judges signatures from source text', () => {
    const legacy = (source: string, kind: 'move' | 'setup' = 'move') => isLegacySignature(parseFunction(source), kind);
    expect(legacy('(G, ctx) => 1')).toBe(true);
    expect(legacy('async function\n(\n G = 1 /* x */,\n ctx\n) {}')).toBe(true);
    expect(legacy('({ G, ctx }) => 1')).toBe(false);
    expect(legacy('(ctx, setupData) => ({})', 'setup')).toBe(true);
    expect(legacy('({ ctx }, setupData) => ({})', 'setup')).toBe(false);
  });

  it('finds event calls, literal or computed, through events or ctx.events', () => {
    const source = `({ events, G }) => { events.setPhase('a'); ctx.events?.setPhase(G.x); setPhase(\`b\`); const s = "setPhase('c')"; // setPhase('d')\n }`;
    expect(eventCalls(source, ['setPhase'])).toEqual([
      { event: 'setPhase', literal: 'a', computed: false, viaCtx: false },
      { event: 'setPhase', computed: true, viaCtx: true },
      { event: 'setPhase', literal: 'b', computed: false, viaCtx: false },
    ]);
  });
});

// Fixtures are linted in fixtures/fixtures.test.ts, where each is loaded on its own release.
