import { Session } from '../session/session';
import type { FlowAction, GameConfig } from '../types';
import type { BgioRuntime } from '../runtime/bgio-runtime';
import { runBarePhasesEra, snapshot } from './bare-reducer';
import type { PhasesEraInternals } from '../runtime/phases-era/release';

/**
 * The event-permission matrix of a `(G, ctx)` release, observed: one tiny game per cell, where
 * the move `go` makes boardgame.io run `hook`, which calls `event` once. Used by the tests
 * of each release to pin the verdicts down (see DIFFERENCES.md).
 */
export const MATRIX_HOOKS = [
  'move',
  'turn.onMove',
  'turn.onBegin',
  'turn.onEnd',
  'phase.onBegin',
  'phase.onEnd',
  'game.onEnd',
  'turn.endIf',
  'setup',
] as const;
export const MATRIX_EVENTS = ['setStage', 'endStage', 'setActivePlayers', 'endTurn', 'pass', 'setPhase', 'endPhase', 'endGame'] as const;
export type MatrixHook = (typeof MATRIX_HOOKS)[number];
export type MatrixEvent = (typeof MATRIX_EVENTS)[number];

const ARGS: Record<MatrixEvent, unknown[]> = {
  setStage: ['S'],
  endStage: [],
  setActivePlayers: [{ others: 'S' }],
  endTurn: [],
  pass: [],
  setPhase: ['C'],
  endPhase: [],
  endGame: [{ by: 'hook' }],
};

/** Where the traced call shows up in the trace. */
export const MATRIX_PATH: Record<MatrixHook, string> = {
  move: 'moves.go',
  'turn.onMove': 'turn.onMove',
  'turn.onBegin': 'turn.onBegin',
  'turn.onEnd': 'turn.onEnd',
  'phase.onBegin': 'phases.B.onBegin',
  'phase.onEnd': 'phases.A.onEnd',
  'game.onEnd': 'onEnd',
  'turn.endIf': 'turn.endIf',
  setup: 'setup',
};

/** The config of one cell (fresh each call: releases mutate configs) and the action that triggers it. */
export function matrixCell(hook: MatrixHook, event: MatrixEvent): { config: () => GameConfig; actions: FlowAction[] } {
  return {
    config: () => {
      // Each hook calls the event once per game (a closure, so that the release cannot undo it).
      let called = false;
      const fire = (G: any, ctx: any, where: MatrixHook) => {
        if (where !== hook || called || (hook !== 'setup' && !G.armed)) return;
        called = true;
        ctx.events[event](...ARGS[event]);
      };
      const hookFn = (where: MatrixHook) => (G: any, ctx: any) => void fire(G, ctx, where);
      return {
        setup: (ctx: any) => {
          fire({}, ctx, 'setup');
          return { armed: false };
        },
        moves: {
          go: (G: any, ctx: any) => {
            G.armed = true;
            if (hook === 'move') fire(G, ctx, 'move');
            else if (hook === 'turn.onBegin' || hook === 'turn.onEnd') ctx.events.endTurn();
            else if (hook === 'phase.onBegin') ctx.events.setPhase('B');
            else if (hook === 'phase.onEnd') ctx.events.endPhase();
            else if (hook === 'game.onEnd') ctx.events.endGame({ by: 'move' });
          },
          other: () => undefined,
        },
        onEnd: hookFn('game.onEnd'),
        turn: {
          onMove: hookFn('turn.onMove'),
          onBegin: hookFn('turn.onBegin'),
          onEnd: hookFn('turn.onEnd'),
          endIf: (G: any, ctx: any) => void fire(G, ctx, 'turn.endIf'),
          stages: { S: { moves: { other: () => undefined }, next: 'T' }, T: {} },
        },
        phases: {
          A: { start: true, next: 'B', onEnd: hookFn('phase.onEnd') },
          B: { onBegin: hookFn('phase.onBegin') },
          C: {},
        },
      };
    },
    actions: [{ type: 'move', name: 'go', args: [], playerID: '0' }],
  };
}

export interface MatrixCell {
  /** A = applied, D = dropped, R = rejected, X = the game could not be created. */
  outcome: 'A' | 'D' | 'R' | 'X';
  reason?: string;
  /** The session's states differ from the bare reducer's. */
  mismatch: boolean;
}

/**
 * Observes every cell: the outcome the trace gives the event, checked against the bare reducer
 * (the states after creation and after `go`, or that both fail to create the game).
 */
export function observeMatrix(runtime: BgioRuntime, internal: PhasesEraInternals): Record<MatrixHook, Record<MatrixEvent, MatrixCell>> {
  const table = {} as Record<MatrixHook, Record<MatrixEvent, MatrixCell>>;
  for (const hook of MATRIX_HOOKS) {
    table[hook] = {} as Record<MatrixEvent, MatrixCell>;
    for (const event of MATRIX_EVENTS) {
      const cell = matrixCell(hook, event);
      let session: Session;
      try {
        session = new Session({ runtime, config: cell.config(), numPlayers: 3, seed: 'matrix' });
      } catch (error) {
        let bareThrew = false;
        try {
          runBarePhasesEra(internal, cell.config, 3, 'matrix', []);
        } catch {
          bareThrew = true;
        }
        table[hook][event] = { outcome: 'X', reason: (error as Error).message, mismatch: !bareThrew };
        continue;
      }
      for (const action of cell.actions) session.dispatch(action);
      const bare = runBarePhasesEra(internal, cell.config, 3, 'matrix', cell.actions);
      const mismatch = session.steps.some((_, i) => JSON.stringify(snapshot(session.stateAt(i))) !== JSON.stringify(bare[i]));
      const traced = session.steps
        .flatMap((s) => s.trace.entries)
        .filter((e) => e.fn === MATRIX_PATH[hook])
        .flatMap((e) => e.events);
      if (traced.length !== 1) throw new Error(`${hook} ${event}: expected one traced call, got ${traced.length}`);
      const [ev] = traced;
      table[hook][event] = { outcome: ev.outcome === 'applied' ? 'A' : ev.outcome === 'dropped' ? 'D' : 'R', reason: ev.reason, mismatch };
    }
  }
  return table;
}

/** The matrix as one line of outcome letters per hook, in MATRIX_EVENTS order. */
export function matrixLetters(table: Record<MatrixHook, Record<MatrixEvent, MatrixCell>>): Record<MatrixHook, string> {
  const out = {} as Record<MatrixHook, string>;
  for (const hook of MATRIX_HOOKS) out[hook] = MATRIX_EVENTS.map((e) => table[hook][e].outcome).join(' ');
  return out;
}
