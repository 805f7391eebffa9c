import { describe, expect, it } from 'vitest';
import { internal as internal049 } from '../../runtime/bgio-049/bgio';
import { bgio049 } from '../../runtime/bgio-049/bgio049-runtime';
import { bgio050 } from '../../runtime/bgio-050/bgio050-runtime';
import { Session } from '../../session/session';
import {
  MATRIX_EVENTS,
  MATRIX_HOOKS,
  MATRIX_PATH,
  matrixCell,
  matrixLetters,
  observeMatrix,
  type MatrixHook,
} from '../../testing/events-matrix';
import type { GameConfig } from '../../types';
import { lintConfig } from '../lint';
import { hookAt, REFUSED_SINCE_0_47, type HookKind } from './event-hooks';

const AS_HOOK: Partial<Record<MatrixHook, HookKind>> = {
  'turn.onBegin': 'turn.onBegin',
  'turn.onEnd': 'turn.onEnd',
  'phase.onBegin': 'phase.onBegin',
  'phase.onEnd': 'phase.onEnd',
  'game.onEnd': 'game.onEnd',
  'turn.endIf': 'trigger',
  setup: 'setup',
};

const found = (config: GameConfig, release: string) =>
  lintConfig(config, {}, release)
    .filter((f) => f.code === 'event-refused' || f.code === 'event-dropped')
    .map((f) => `${f.code} ${f.path}`);

describe('event-refused and event-dropped', () => {
  it("know what boardgame.io 0.49.13 itself does with each hook's events", () => {
    const observed = matrixLetters(observeMatrix(bgio049, internal049));
    for (const hook of MATRIX_HOOKS) {
      const kind = AS_HOOK[hook];
      const predicted = MATRIX_EVENTS.map((e) => (kind ? (REFUSED_SINCE_0_47[kind][e] ?? 'A') : 'A')).join(' ');
      expect(predicted, hook).toBe(observed[hook]);
    }
  });

  it('know what boardgame.io 0.50.2 does too (the same cells, each function given the context object)', () => {
    // The matrix's (G, ctx) functions, called the 0.50 way: ctx with the events API, as they read it.
    const toContext = (value: unknown, key: string): unknown => {
      if (typeof value === 'function') {
        const fn = value as (...a: any[]) => unknown;
        return key === 'setup'
          ? (c: any, data: unknown) => fn({ ...c.ctx, events: c.events }, data)
          : (c: any, ...args: unknown[]) => fn(c.G, { ...c.ctx, events: c.events }, ...args);
      }
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toContext(v, k)]));
    };
    for (const hook of MATRIX_HOOKS) {
      const kind = AS_HOOK[hook];
      for (const event of MATRIX_EVENTS) {
        const cell = matrixCell(hook, event);
        const session = new Session({
          runtime: bgio050,
          config: toContext(cell.config(), '') as GameConfig,
          numPlayers: 3,
          seed: 'matrix',
        });
        for (const action of cell.actions) session.dispatch(action);
        const [call] = session.steps
          .flatMap((s) => s.trace.entries)
          .filter((e) => e.fn === MATRIX_PATH[hook])
          .flatMap((e) => e.events);
        const seen = call.outcome === 'applied' ? 'A' : call.outcome === 'dropped' ? 'D' : 'R';
        expect(seen, `${hook} ${event}`).toBe(kind ? (REFUSED_SINCE_0_47[kind][event] ?? 'A') : 'A');
      }
    }
  });

  it('name each hook by its path', () => {
    expect(hookAt('phases.deal.turn.onBegin', 'hook')).toBe('turn.onBegin');
    expect(hookAt('phases.turn.onBegin', 'hook')).toBe('phase.onBegin');
    expect(hookAt('phases.deal.onEnd', 'hook')).toBe('phase.onEnd');
    expect(hookAt('onEnd', 'hook')).toBe('game.onEnd');
    expect(hookAt('turn.onMove', 'hook')).toBeNull();
    expect(hookAt('phases.deal.next', 'trigger')).toBe('trigger');
    expect(hookAt('turn.order.first', 'order')).toBe('trigger');
    expect(hookAt('moves.play', 'move')).toBeNull();
  });

  it('read the events each function calls, on 0.47.1 and later only', () => {
    const config: GameConfig = {
      setup: ({ events }: any) => (events.endTurn(), {}),
      moves: { go: ({ events }: any) => events.setStage('S') },
      turn: { onMove: ({ events }: any) => events.endStage(), onBegin: ({ events }: any) => events.setActivePlayers({ all: 'S' }) },
      phases: {
        bidding: {
          start: true,
          onBegin: ({ events }: any) => events.setActivePlayers({ all: 'bid' }),
          endIf: ({ events }: any) => events.endPhase(),
        },
        scoring: { onBegin: ({ events }: any) => events.endTurn(), onEnd: ({ events }: any) => events.setPhase('bidding') },
      },
      onEnd: ({ events }: any) => events.endGame(),
    };
    expect(found(config, '0.50.2').sort()).toEqual([
      'event-dropped onEnd',
      'event-dropped phases.scoring.onBegin',
      'event-refused phases.bidding.endIf',
      'event-refused phases.bidding.onBegin',
      'event-refused phases.scoring.onEnd',
      'event-refused setup',
    ]);
    expect(found(config, '0.43.3')).toEqual([]);
    const [message] = lintConfig(config, {}, '0.50.2').filter((f) => f.path === 'phases.bidding.onBegin');
    expect(message.message).toBe(
      "`phases.bidding.onBegin` calls `setActivePlayers`, which boardgame.io 0.50.2 refuses in a phase's `onBegin`: it logs an error and discards the whole action, so nothing the move or event that ran `phases.bidding.onBegin` did takes effect; set `turn.activePlayers` in this phase's turn, or call it from `turn.onBegin`.",
    );
  });
});
