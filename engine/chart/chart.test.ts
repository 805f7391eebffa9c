import { createMachine, interpret } from 'xstate';
import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import { Session } from '../session/session';
import type { FlowAction, GameConfig } from '../types';
import { chartOf } from './build';
import { ChartActor } from './chart-actor';
import { chartMachineConfig } from './machine';
import { chartToMermaid } from './mermaid';
import { GAMEOVER, NO_PHASE, observePhaseChange } from './model';
import { projectCtx } from './projection';
import { deepEqual } from '../util/plain';

const game: GameConfig = {
  name: 'chart-demo',
  moves: { shared: () => undefined, jump: ({ events }: any) => events.setPhase('c') },
  endIf: () => undefined,
  turn: { stages: { A: { moves: { a: () => undefined }, next: 'B' }, B: { next: 'Z' } } },
  phases: {
    a: { start: true, next: 'b', moves: { go: () => undefined } },
    b: { next: ({ G }: any) => (G.flag ? 'c' : 'a'), endIf: () => false },
    c: { turn: { minMoves: 1, maxMoves: 2, order: { first: () => 0, next: () => undefined } }, onBegin: () => undefined },
  },
};
const edges = (kind: string) =>
  chartOf(game, 2, bgio050)
    .edges.filter((e) => e.kind === kind)
    .map((e) => `${e.phase ? `${e.phase}/` : ''}${e.source}->${e.target}${e.dynamic ? ' (dynamic)' : ''}`);

describe('the chart model', () => {
  it('has every phase, the no-phase state, and each phase’s turn in force', () => {
    const model = chartOf(game, 2, bgio050);
    expect(model.phases.map((p) => p.key)).toEqual(['a', 'b', 'c', NO_PHASE, 'Z'].filter((k) => k !== 'Z'));
    expect(model.startPhase).toBe('a');
    expect(model.players).toEqual(['0', '1']);
    const c = model.phases.find((p) => p.key === 'c')!;
    expect(c.turn).toMatchObject({
      path: 'phases.c.turn',
      minMoves: 1,
      maxMoves: 2,
      order: { kind: 'custom', label: 'custom (phases.c.turn.order)' },
      stages: [],
    });
    expect(model.phases.find((p) => p.key === 'b')!.turn.path).toBe('turn');
    expect(model.phases.find((p) => p.key === 'a')!.turn.order.label).toBe('TurnOrder.DEFAULT');
  });

  it('says where each edge comes from', () => {
    expect(edges('start')).toEqual(['[*]->a']);
    expect(edges('next')).toEqual(['a->b']);
    // Candidates are the phase names found in the function's source, in config order.
    expect(edges('next-fn')).toEqual(['b->a (dynamic)', 'b->c (dynamic)']);
    expect(edges('endIf')).toEqual(['b->a (dynamic)', 'b->c (dynamic)']);
    expect(edges('end')).toEqual(['c->__nophase__']);
    // moves.jump is a global move: it can run wherever the global moves apply (b, c and no phase).
    expect(edges('setPhase')).toEqual(['b->c (dynamic)', 'c->c (dynamic)', '__nophase__->c (dynamic)']);
    expect(edges('gameover')).toEqual([
      'a->gameover (dynamic)',
      'b->gameover (dynamic)',
      'c->gameover (dynamic)',
      '__nophase__->gameover (dynamic)',
    ]);
    expect(edges('stage-next')).toEqual(['a/A->B', 'a/B->Z', 'b/A->B', 'b/B->Z', '__nophase__/A->B', '__nophase__/B->Z']);
    expect(edges('turn')).toEqual(['a/a->a', 'b/b->b', 'c/c->c', '__nophase__/__nophase__->__nophase__']);
  });

  it('marks stages and phases the config names but does not declare', () => {
    const model = chartOf(game, 2, bgio050);
    expect(model.phases.find((p) => p.key === 'a')!.turn.stages.map((s) => [s.name, s.declared])).toEqual([
      ['A', true],
      ['B', true],
      ['Z', false],
    ]);
    const odd = chartOf({ moves: {}, phases: { p: { start: true, next: 'ghost' } } }, 2, bgio050);
    expect(odd.phases.find((p) => p.key === 'ghost')).toMatchObject({ declared: false });
  });

  it('marks a dynamic edge observed once a run takes it, and adds edges nothing predicted', () => {
    const model = chartOf(game, 2, bgio050);
    expect(observePhaseChange(model, 'b', 'c', 'phases.b.next returned "c"')).toMatchObject({ kind: 'next-fn', observed: true });
    expect(observePhaseChange(model, 'a', 'c', "player 0 called setPhase('c')")).toMatchObject({
      kind: 'observed',
      dynamic: true,
      observed: true,
    });
  });

  it('becomes an XState machine definition that XState accepts as JSON', () => {
    const definition = JSON.parse(JSON.stringify(chartMachineConfig(chartOf(game, 2, bgio050))));
    const service = interpret(createMachine({ ...definition, predictableActionArguments: true })).start();
    expect(service.state.value).toEqual({ a: { turn: { 0: 'waiting', 1: 'waiting' } } });
    service.send(['PHASE.c', 'SLOT.1.active']);
    expect(service.state.value).toEqual({ c: { turn: { 0: 'waiting', 1: 'active' } } });
    service.send('flow.end.__nophase__');
    expect(Object.keys(service.state.value as object)).toEqual([NO_PHASE]);
    service.send('GAMEOVER');
    expect(service.state.value).toBe(GAMEOVER);
    service.stop();
  });

  it('renders as a Mermaid state diagram with every phase, stage and edge', () => {
    const text = chartToMermaid(chartOf(game, 2, bgio050));
    expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(text).toContain('phase__a --> phase__b : next');
    expect(text).toContain("phase__b --> phase__c : setPhase('c') (possible)");
    expect(text).toContain('stage__a__A --> stage__a__B : next');
    expect(text).toContain('class stage__a__Z, stage__b__Z, stage____nophase____Z undeclared');
  });
});

describe('the chart actor', () => {
  const move = (name: string, playerID: string): FlowAction => ({ type: 'move', name, args: [], playerID });

  it('follows phases, turns and stages, including stages only a run reveals', () => {
    const config: GameConfig = {
      moves: { respond: ({ events }: any) => events.setActivePlayers({ others: 'improvised' }), noop: () => undefined },
      turn: { stages: { improvised: { moves: { noop: () => undefined } } } },
      phases: { one: { start: true }, two: {} },
    };
    const session = new Session({ runtime: bgio050, config, numPlayers: 3, seed: 'a' });
    const model = chartOf({ ...config, turn: {} }, 3, bgio050);
    const actor = new ChartActor(model);
    actor.sync(session.steps[0].ctx);
    expect(actor.value).toEqual({ one: { turn: { 0: 'active', 1: 'waiting', 2: 'waiting' } } });
    const grew = actor.sync(session.dispatch(move('respond', '0')).ctx);
    expect(grew).toBe(true);
    expect(model.phases.find((p) => p.key === 'one')!.turn.stages).toEqual([
      { name: 'improvised', moves: null, next: null, declared: false },
    ]);
    expect(actor.value).toEqual({ one: { turn: { 0: 'waiting', 1: 'stage:improvised', 2: 'stage:improvised' } } });
    actor.sync(session.dispatch({ type: 'event', name: 'endStage', args: [], playerID: '1' }).ctx);
    expect(actor.value).toEqual({ one: { turn: { 0: 'waiting', 1: 'waiting', 2: 'stage:improvised' } } });
    // Player 2 is still in its stage, so it is the one who may act (boardgame.io accepts events from any active player).
    const toTwo = session.dispatch({ type: 'event', name: 'setPhase', args: ['two'], playerID: '2' });
    expect(toTwo.ok).toBe(true);
    actor.sync(toTwo.ctx);
    expect(actor.value).toEqual({ two: { turn: { 0: 'waiting', 1: 'active', 2: 'waiting' } } });
    const over = session.dispatch({ type: 'event', name: 'endGame', args: [], playerID: toTwo.ctx.currentPlayer });
    expect(over.ok).toBe(true);
    actor.sync(over.ctx);
    expect(actor.value).toBe('gameover');
    actor.sync(session.steps[1].ctx);
    expect(actor.value).toEqual({ one: { turn: { 0: 'waiting', 1: 'stage:improvised', 2: 'stage:improvised' } } });
    actor.stop();
  });

  it('invents no stage when endGame is called from a stage inside a phase (ctx keeps the old activePlayers)', () => {
    const config: GameConfig = {
      moves: {},
      phases: {
        play: {
          start: true,
          turn: {
            activePlayers: { currentPlayer: 'main' },
            stages: { main: { moves: { finish: ({ events }: any) => events.endGame({ winner: '0' }) } } },
          },
        },
      },
    };
    const session = new Session({ runtime: bgio050, config, numPlayers: 2, seed: 'end' });
    const actor = new ChartActor(chartOf(config, 2, bgio050));
    actor.sync(session.steps[0].ctx);
    const over = session.dispatch(move('finish', '0'));
    // boardgame.io leaves the phase (null) but keeps activePlayers when the game ends.
    expect(over.ctx).toMatchObject({ phase: null, activePlayers: { 0: 'main' }, gameover: { winner: '0' } });
    expect(actor.sync(over.ctx)).toBe(false);
    expect(actor.model.phases.find((p) => p.key === NO_PHASE)!.turn.stages).toEqual([]);
    expect(actor.value).toBe(GAMEOVER);
    actor.stop();
  });

  it('draws a setPhase or endGame nothing predicted as an edge once a step takes it', () => {
    const config: GameConfig = { moves: { noop: () => undefined }, phases: { one: { start: true }, two: {} } };
    const session = new Session({ runtime: bgio050, config, numPlayers: 2, seed: 'edges' });
    const actor = new ChartActor(chartOf(config, 2, bgio050));
    actor.sync(session.steps[0].ctx);
    const kinds = () => actor.model.edges.filter((e) => e.kind === 'observed').map((e) => `${e.source}->${e.target} ${e.label}`);
    expect(kinds()).toEqual([]);
    const syncStep = (event: 'setPhase' | 'endGame', args: unknown[] = []) => {
      const before = session.steps[session.lastIndex].ctx;
      const record = session.dispatch({ type: 'event', name: event, args, playerID: before.currentPlayer });
      expect(record.error).toBeNull();
      return actor.sync(record.ctx, { before, causes: record.trace.transitions.map((t) => t.cause) });
    };
    expect(syncStep('setPhase', ['two'])).toBe(true);
    expect(kinds()).toEqual(["one->two setPhase('two')"]);
    // The same change again adds nothing.
    expect(syncStep('setPhase', ['one'])).toBe(true);
    expect(syncStep('setPhase', ['two'])).toBe(false);
    expect(syncStep('endGame')).toBe(true);
    expect(kinds()).toEqual(["one->two setPhase('two')", "two->one setPhase('one')", 'two->gameover endGame']);
    expect(actor.value).toBe(GAMEOVER);
    actor.stop();
  });

  /** A three-player game whose players go in and out of a stage each turn, and its ctx at its first `steps` steps (at least). */
  const stagedTurns = (steps: number) => {
    const config: GameConfig = {
      moves: { call: ({ events }: any) => events.setActivePlayers({ others: 'reply' }), pass: ({ events }: any) => events.endTurn() },
      turn: { stages: { reply: { moves: { answer: ({ events }: any) => events.endStage() } } } },
    };
    const session = new Session({ runtime: bgio050, config, numPlayers: 3, seed: 'lazy' });
    const ctxs = [session.steps[0].ctx];
    while (ctxs.length <= steps) {
      const player = session.steps[session.lastIndex].ctx.currentPlayer;
      const others = ['0', '1', '2'].filter((p) => p !== player);
      const round = [move('call', player), move('answer', others[0]), move('answer', others[1]), move('pass', player)];
      for (const action of round) ctxs.push(session.dispatch(action).ctx);
    }
    return { config, ctxs };
  };
  const countTransitions = (actor: ChartActor) => {
    const seen = { count: 0 };
    actor.interpreter.onTransition((state) => {
      if (state.changed) seen.count++;
    });
    // XState hands a new listener the current state at once.
    seen.count = 0;
    return seen;
  };

  it('moves only when read when no inspector can watch it, straight to the last step synced', () => {
    const { config, ctxs } = stagedTurns(30);
    const actor = new ChartActor(chartOf(config, 3, bgio050));
    actor.sync(ctxs[0]);
    const seen = countTransitions(actor);
    for (const ctx of ctxs.slice(1, 30)) expect(actor.sync(ctx)).toBe(false);
    expect(seen.count).toBe(0);
    expect(actor.value).toEqual(projectCtx(ctxs[29], actor.model.players));
    expect(seen.count).toBe(1);
    actor.stop();
  });

  it('takes every step as it comes when registered with the XState devtools', () => {
    const { config, ctxs } = stagedTurns(30);
    const actor = new ChartActor(chartOf(config, 3, bgio050), { devTools: true });
    actor.sync(ctxs[0]);
    const seen = countTransitions(actor);
    let moved = 0;
    for (let i = 1; i < 30; i++) {
      actor.sync(ctxs[i]);
      if (!deepEqual(projectCtx(ctxs[i], actor.model.players), projectCtx(ctxs[i - 1], actor.model.players))) moved++;
      expect(seen.count).toBe(moved);
    }
    expect(moved).toBeGreaterThan(20);
    actor.stop();
  });
});

describe('edges found in code', () => {
  it('ignore setPhase calls whose target is computed', () => {
    const model = chartOf(
      {
        moves: { go: ({ events }: any, n: number) => events.setPhase(`round${n}`), fixed: ({ events }: any) => events.setPhase('round1') },
        phases: { round1: {} },
      },
      2,
      bgio050,
    );
    // Only moves.fixed gives an edge: from each phase where the global moves apply.
    expect(model.edges.filter((e) => e.kind === 'setPhase').map((e) => `${e.source}->${e.target} ${e.fn}`)).toEqual([
      'round1->round1 moves.fixed',
      '__nophase__->round1 moves.fixed',
    ]);
    expect(model.phases.every((p) => p.declared)).toBe(true);
  });
});
