import { describe, expect, it } from 'vitest';
import type { GameConfig } from '../../types';
import { core as core039, internal as internal039 } from '../bgio-039/bgio';
import { bgio039 } from '../bgio-039/bgio039-runtime';
import { core as core043, internal as internal043 } from '../bgio-043/bgio';
import { bgio043 } from '../bgio-043/bgio043-runtime';
import { core as core049, internal as internal049 } from '../bgio-049/bgio';
import { bgio049 } from '../bgio-049/bgio049-runtime';
import type { BgioRuntime } from '../bgio-runtime';
import { event, eventsOf, move, runScenario } from '../../testing/phases-check';
import { MATRIX_EVENTS, MATRIX_HOOKS, matrixLetters, observeMatrix, type MatrixHook } from '../../testing/events-matrix';
import type { PhasesEraInternals } from './release';

/**
 * The event and flow tests every `(G, ctx)` release Flowscope ships passes: 0.39.16, 0.43.3 and
 * 0.49.13, or two of them. Each release's own behaviours (one release only) are tested in its
 * folder: bgio-039/setup-events, stage-null; bgio-049/event-verdicts, flow-features.
 * DIFFERENCES.md lists what differs between the releases.
 */
interface Release {
  version: string;
  runtime: BgioRuntime;
  internal: PhasesEraInternals;
  core: typeof core039 | typeof core043 | typeof core049;
  /** How the matrix describe names the release's verdicts. */
  matrixTitle: string;
  /** The observed permission matrix: one letter per event of MATRIX_EVENTS (see DIFFERENCES.md). */
  matrix: Record<MatrixHook, string>;
  /**
   * What a queued event is checked against: the turn and phase the action began in (`action`), or
   * those of the hook or move that called it (`call`, 0.46.0).
   */
  eventContext: 'action' | 'call';
  /** `phases.X.next` as a function (0.46.2); `turn.endIf` after stage events (0.46.1, 0.46.2). */
  flow046: boolean;
  /** `minMoves`/`maxMoves` for turns and stages (0.48.0); before, only `moveLimit`. */
  minMaxMoves: boolean;
  /** `setStage(Stage.NULL)` makes the player active without a stage (0.42.1). */
  stageNullActivates: boolean;
  flowTitle: string;
}

const BEFORE_046_MATRIX = {
  move: 'A A A A A A A A',
  'turn.onMove': 'A A A A A A A A',
  'turn.onBegin': 'A A A D A A A A',
  'turn.onEnd': 'A A A D A A A A',
  'phase.onBegin': 'A A A D A D D A',
  'phase.onEnd': 'A A A D A D D A',
  'game.onEnd': 'A A A A A D D A',
  'turn.endIf': 'A A A A A A A A',
};

const RELEASES: Release[] = [
  {
    version: '0.39.16',
    runtime: bgio039,
    internal: internal039,
    core: core039,
    matrixTitle: 'observed: nothing is refused (that came with 0.46/0.47)',
    // endGame from setup crashes InitializeGame (fixed in 0.43.0): bgio-039/setup-events.test.ts.
    matrix: { ...BEFORE_046_MATRIX, setup: 'A A A D A A A X' },
    eventContext: 'action',
    flow046: false,
    minMaxMoves: false,
    stageNullActivates: false,
    flowTitle: '0.39.16 flow features that differ from 0.43.3 and 0.49.13',
  },
  {
    version: '0.43.3',
    runtime: bgio043,
    internal: internal043,
    core: core043,
    matrixTitle: 'observed: nothing is refused (that came with 0.46/0.47)',
    matrix: { ...BEFORE_046_MATRIX, setup: 'A A A D A A A A' },
    eventContext: 'action',
    flow046: false,
    minMaxMoves: false,
    stageNullActivates: true,
    flowTitle: '0.43.3 flow features that differ from 0.49.13',
  },
  {
    version: '0.49.13',
    runtime: bgio049,
    internal: internal049,
    core: core049,
    matrixTitle: 'observed (the same as 0.50.2’s)',
    matrix: {
      move: 'A A A A A A A A',
      'turn.onMove': 'A A A A A A A A',
      'turn.onBegin': 'R R A A A A A A',
      'turn.onEnd': 'R R R R A A A A',
      'phase.onBegin': 'R R R D A A A A',
      'phase.onEnd': 'R R R R A R R A',
      'game.onEnd': 'D D D D D D D D',
      'turn.endIf': 'R R R R R R R R',
      setup: 'R R R R R R R R',
    },
    eventContext: 'call',
    flow046: true,
    minMaxMoves: true,
    stageNullActivates: true,
    flowTitle: '0.49.13 flow features that older (G, ctx) releases lack',
  },
];

for (const rel of RELEASES) {
  const { version, runtime, internal, core } = rel;
  const check = (config: () => GameConfig, actions: Parameters<typeof runScenario>[2]['actions'], numPlayers = 3) =>
    runScenario(runtime, internal, { numPlayers, config, actions });

  describe(`the event permission matrix of ${version}, ${rel.matrixTitle}`, () => {
    const table = observeMatrix(runtime, internal);

    it('each hook × event verdict, as the trace reports it and the bare reducer confirms', () => {
      expect(MATRIX_EVENTS.join(' ')).toBe('setStage endStage setActivePlayers endTurn pass setPhase endPhase endGame');
      expect(matrixLetters(table)).toEqual(rel.matrix);
      for (const hook of MATRIX_HOOKS) for (const ev of MATRIX_EVENTS) expect(table[hook][ev].mismatch, `${hook} ${ev}`).toBe(false);
    });

    // From 0.46.0 the reasons are the events plugin's own: bgio-049/event-verdicts.test.ts.
    if (rel.eventContext === 'action') {
      it('events are checked against the turn and phase the whole action began in', () => {
        expect(table['turn.onBegin'].endTurn.reason).toBe(
          `boardgame.io ${version} only processes endTurn while it is still the turn the action began in (turn 1); it was called in turn 2 and reached in turn 2`,
        );
        expect(table['phase.onBegin'].setPhase.reason).toBe(
          `boardgame.io ${version} only processes setPhase while it is still the phase the action began in (phase A); it was called in phase B and reached in phase B`,
        );
        expect(table['turn.onEnd'].endTurn.reason).toBe(
          'the turn it was called in had already ended when boardgame.io reached it (called in turn 1, reached in turn 2)',
        );
        expect(table.setup.endTurn.reason).toBe(
          'the turn it was called in had already ended when boardgame.io reached it (called in turn 0, reached in turn 1)',
        );
      });
    }
  });

  // The verdicts of 0.49 (events checked where they were called, 0.46.0): bgio-049/event-verdicts.test.ts.
  if (rel.eventContext === 'action') {
    describe(`events called by game code get ${version}’s verdict`, () => {
      it('applied to the next turn: a stage event from turn.onMove when the same move ends the turn (no 0.46 guard)', () => {
        const config = (): GameConfig => ({
          moves: { go: () => undefined },
          turn: { moveLimit: 1, onMove: (G: any, ctx: any) => void ctx.events.setActivePlayers({ others: 'respond' }) },
        });
        const { session, mismatches } = check(config, [move('go')]);
        expect(mismatches).toEqual([]);
        // `others` is read when the event is processed: relative to the new current player.
        expect(session.step(1).ctx).toMatchObject({ turn: 2, currentPlayer: '1', activePlayers: { 0: 'respond', 2: 'respond' } });
        expect(eventsOf(session, 1)).toEqual([
          { fn: 'turn.onMove', name: 'setActivePlayers', args: [{ others: 'respond' }], outcome: 'applied' },
        ]);
      });

      it('applied after the game ended: endTurn after endGame starts another turn (stopped in 0.47.6)', () => {
        const config = (): GameConfig => ({
          setup: () => ({ turns: 0 }),
          moves: { go: (G: any, ctx: any) => void (ctx.events.endGame(), ctx.events.endTurn()) },
          turn: { onBegin: (G: any) => void G.turns++ },
        });
        const { session, mismatches } = check(config, [move('go'), move('go')]);
        expect(mismatches).toEqual([]);
        expect(session.step(1).ctx).toMatchObject({ turn: 2, currentPlayer: '1', gameover: true });
        expect(session.currentState.G).toEqual({ turns: 2 });
        expect(eventsOf(session, 1).map((e) => [e.name, e.outcome])).toEqual([
          ['endGame', 'applied'],
          ['endTurn', 'applied'],
        ]);
        expect(session.step(2).error?.type).toBe('action/gameover');
      });

      it('applied: events called from triggers and setup (refused from 0.47.1)', () => {
        const config = (): GameConfig => ({
          setup: (ctx: any) => (ctx.events.setPhase('b'), {}),
          moves: { go: () => undefined },
          phases: { a: { start: true }, b: { turn: { endIf: (G: any, ctx: any) => void (ctx.numMoves === 1 && ctx.events.endPhase()) } } },
        });
        const { session, mismatches } = check(config, [move('go', '1')]);
        expect(mismatches).toEqual([]);
        expect(session.step(0).ctx).toMatchObject({ phase: 'b', turn: 2, currentPlayer: '1' });
        expect(eventsOf(session, 0)).toEqual([{ fn: 'setup', name: 'setPhase', args: ['b'], outcome: 'applied' }]);
        expect(session.step(0).trace.transitions.map((t) => t.cause)).toEqual([
          'the game starts in phase a (start: true)',
          'first turn of phase a',
          'phase a is ending: setup called setPhase("b")',
          'setup called setPhase("b")',
          'setup called setPhase("b")',
          'first turn of phase b',
        ]);
        expect(session.step(1).ctx).toMatchObject({ phase: null, turn: 3 });
        expect(eventsOf(session, 1).map((e) => [e.fn, e.name, e.outcome])).toEqual([['phases.b.turn.endIf', 'endPhase', 'applied']]);
      });

      it('dropped: endTurn from turn.onBegin of a turn the action started (self-ending turns came with 0.46.0)', () => {
        const config = (): GameConfig => ({ turn: { onBegin: (G: any, ctx: any) => void (ctx.turn === 2 && ctx.events.endTurn()) } });
        const { session, mismatches } = check(config, [event('endTurn')]);
        expect(mismatches).toEqual([]);
        expect(session.step(1).ctx).toMatchObject({ turn: 2, currentPlayer: '1' });
        expect(eventsOf(session, 1)).toMatchObject([{ fn: 'turn.onBegin', name: 'endTurn', outcome: 'dropped' }]);
      });
    });
  }

  describe(rel.flowTitle, () => {
    if (rel.eventContext === 'action') {
      it("stages set by a phase's onBegin are said to come from it, not from the new turn", () => {
        const config = (): GameConfig => ({
          phases: {
            lobby: { start: true, next: 'bidding', moves: { ready: (G: any, ctx: any) => void ctx.events.endPhase() } },
            bidding: {
              onBegin: (G: any, ctx: any) => void ctx.events.setActivePlayers({ all: 'bid' }),
              turn: { stages: { bid: { moves: { bid: () => undefined } } } },
            },
          },
        });
        const { session, mismatches } = check(config, [move('ready')]);
        expect(mismatches).toEqual([]);
        expect(session.step(1).ctx.activePlayers).toEqual({ 0: 'bid', 1: 'bid', 2: 'bid' });
        const stages = session.step(1).trace.transitions.filter((t) => t.type === 'stage');
        expect(stages.map((t) => `${t.player}: ${t.cause}`)).toEqual([
          '0: phases.bidding.onBegin called setActivePlayers({"all":"bid"})',
          '1: phases.bidding.onBegin called setActivePlayers({"all":"bid"})',
          '2: phases.bidding.onBegin called setActivePlayers({"all":"bid"})',
        ]);
      });
    }

    it('setPhase into a phase whose endIf is already true: it ends before it begins, then its own next is taken', () => {
      const config = (): GameConfig => ({
        setup: () => ({ log: [] }),
        phases: {
          A: { start: true, moves: { goB: (G: any, ctx: any) => void ctx.events.setPhase('B') } },
          B: {
            endIf: () => true,
            next: 'C',
            onBegin: (G: any) => void G.log.push('B.onBegin'),
            onEnd: (G: any) => void G.log.push('B.onEnd'),
          },
          C: {},
        },
      });
      const { session, mismatches } = check(config, [move('goB')]);
      expect(mismatches).toEqual([]);
      expect(session.step(1).ctx.phase).toBe('C');
      expect(session.stateAt(1).G).toEqual({ log: ['B.onEnd'] });
      const phases = session.step(1).trace.transitions.filter((t) => t.type.startsWith('phase'));
      expect(phases.map((t) => `${t.type} ${t.phase}: ${t.cause}`)).toEqual([
        'phase-end A: phases.A.moves.goB called setPhase("B")',
        'phase-end B: phases.B.endIf returned true as soon as B became the phase, before it began (its onBegin did not run, its onEnd does)',
        "phase-begin C: phases.B.next is 'C'",
      ]);
    });

    // From 0.46.2 phases.X.next may be a function: bgio-049/flow-features.test.ts.
    if (!rel.flow046) {
      it('a function phases.X.next is not called: the release makes the function the phase and throws', () => {
        const config = (): GameConfig => ({
          setup: () => ({ route: 'c' }),
          phases: { a: { start: true, next: (G: any) => G.route }, b: {}, c: {} },
        });
        const { session, bare, mismatches } = check(config, [event('endPhase')]);
        expect(mismatches).toEqual([]);
        expect(session.step(1).error).toEqual({
          type: 'flowscope/threw',
          message: "boardgame.io threw TypeError: Cannot read properties of undefined (reading 'wrapped')",
        });
        expect(session.step(1).ctx.phase).toBe('a');
        expect(bare[1]).toEqual(bare[0]);
        expect(session.step(1).trace.entries.map((e) => e.fn)).not.toContain('phases.a.next');
      });
    }

    // minMoves/maxMoves from 0.48.0: bgio-049/flow-features.test.ts.
    if (!rel.minMaxMoves) {
      it('turn.minMoves and turn.maxMoves do not exist yet (0.48.0): only turn.moveLimit counts', () => {
        const config = (): GameConfig => ({ moves: { m: () => undefined }, turn: { minMoves: 1, maxMoves: 2 } });
        const { session, mismatches } = check(config, [event('endTurn'), move('m', '1'), move('m', '1'), move('m', '1')]);
        expect(mismatches).toEqual([]);
        expect(session.steps.map((s) => [s.ok, s.ctx.turn, s.ctx.numMoves])).toEqual([
          [true, 1, 0],
          [true, 2, 0],
          [true, 2, 1],
          [true, 2, 2],
          [true, 2, 3],
        ]);
      });

      it('stage minMoves/maxMoves are ignored; moveLimit is a stage’s maximum', () => {
        const config = (): GameConfig => ({ moves: { m: () => undefined }, turn: { stages: { S: {} } } });
        const actions = [
          event('setActivePlayers', [{ value: { 1: 'S', 2: 'S' }, minMoves: 1, maxMoves: 1 }]),
          event('endStage', [], '1'),
          move('m', '2'),
          move('m', '2'),
        ];
        const { session, mismatches } = check(config, actions);
        expect(mismatches).toEqual([]);
        expect(session.steps.map((s) => [s.ok, s.ctx.activePlayers])).toEqual([
          [true, null],
          [true, { 1: 'S', 2: 'S' }],
          [true, { 2: 'S' }],
          [true, { 2: 'S' }],
          [true, { 2: 'S' }],
        ]);
      });
    }

    // Before 0.42.1 setStage(Stage.NULL) does nothing: bgio-039/stage-null.test.ts.
    if (rel.stageNullActivates) {
      it('setStage(Stage.NULL) makes the player active without a stage (0.42.1)', () => {
        const { session, mismatches } = check(() => ({ moves: { m: () => undefined } }), [event('setStage', [core.Stage.NULL])]);
        expect(mismatches).toEqual([]);
        expect(session.step(1).ctx.activePlayers).toEqual({ 0: null });
      });
    }

    // From 0.46.1/0.46.2 turn.endIf runs after stage events: bgio-049/flow-features.test.ts.
    if (!rel.flow046) {
      it('turn.endIf is not checked after a setActivePlayers event (it is from 0.46.2)', () => {
        const config = (): GameConfig => ({ turn: { endIf: (G: any, ctx: any) => ctx.activePlayers?.['1'] === 'done' } });
        const { session, mismatches } = check(config, [event('setActivePlayers', [{ value: { 1: 'done' } }])]);
        expect(mismatches).toEqual([]);
        expect(session.step(1).ctx).toMatchObject({ turn: 1, currentPlayer: '0', activePlayers: { 1: 'done' } });
      });

      it('which end checks run after stage events: none after setActivePlayers, game and phase endIf (not turn.endIf) after setStage', () => {
        const config = (): GameConfig => ({
          turn: { endIf: (G: any, ctx: any) => ctx.activePlayers?.['0'] === 't' },
          phases: {
            a: {
              start: true,
              endIf: (G: any, ctx: any) => ctx.activePlayers?.['1'] === 'p' || ctx.activePlayers?.['0'] === 'q',
              next: 'b',
            },
            b: {},
          },
        });
        const sap = check(config, [event('setActivePlayers', [{ value: { 1: 'p' } }])]);
        expect(sap.mismatches).toEqual([]);
        expect(sap.session.step(1).ctx).toMatchObject({ phase: 'a', turn: 1, activePlayers: { 1: 'p' } });
        expect(sap.session.step(1).trace.entries.map((e) => e.fn)).toEqual([]);
        const turnEnd = check(config, [event('setStage', ['t'])]);
        expect(turnEnd.mismatches).toEqual([]);
        expect(turnEnd.session.step(1).ctx).toMatchObject({ phase: 'a', turn: 1, activePlayers: { 0: 't' } });
        // Checked after EndStage and again after UpdateStage; turn.endIf is never called.
        expect(turnEnd.session.step(1).trace.entries.map((e) => e.fn)).toEqual(['phases.a.endIf', 'phases.a.endIf']);
        const phaseEnd = check(config, [event('setStage', ['q'])]);
        expect(phaseEnd.mismatches).toEqual([]);
        expect(phaseEnd.session.step(1).ctx).toMatchObject({ phase: 'b', turn: 2 });
      });
    }
  });
}
