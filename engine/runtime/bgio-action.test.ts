import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { FlowAction } from '../types';
import { fromBgioAction, toBgioAction } from './bgio-action';

const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/dist/cjs/client.js');

const game = {
  seed: 'translate',
  moves: { bump: ({ G }: any, by = 1) => void (G.n += by) },
  phases: { A: { start: true, next: 'B' }, B: {} },
  setup: () => ({ n: 0 }),
};

/** The redux actions a real boardgame.io client dispatches, caught by a store enhancer (as flowscope/attach does). */
function dispatched(play: (client: any) => void): Record<string, unknown>[] {
  const caught: Record<string, unknown>[] = [];
  const enhancer =
    (next: any) =>
    (...args: any[]) => {
      const store = next(...args);
      return { ...store, dispatch: (action: any) => (caught.push(action), store.dispatch(action)) };
    };
  const client = Client({ game, numPlayers: 2, enhancer });
  client.start();
  play(client);
  client.stop();
  return caught.filter((a) => a.type !== 'STRIP_TRANSIENTS');
}

const as0 = { player: '9' };

describe('fromBgioAction: a boardgame.io action as a Flowscope action', () => {
  it('reads each action type a real client dispatches: moves, events, undo, redo, reset', () => {
    const actions = dispatched((client) => {
      client.moves.bump(2);
      client.moves.bump();
      client.undo();
      client.redo();
      client.events.endTurn();
      client.events.setPhase('B');
      client.reset();
    });
    expect(actions.map((a) => fromBgioAction(a, as0))).toEqual([
      { ok: true, playerKnown: true, action: { type: 'move', name: 'bump', args: [2], playerID: '0' } },
      { ok: true, playerKnown: true, action: { type: 'move', name: 'bump', args: [], playerID: '0' } },
      { ok: true, playerKnown: true, action: { type: 'undo', playerID: '0' } },
      { ok: true, playerKnown: true, action: { type: 'redo', playerID: '0' } },
      { ok: true, playerKnown: true, action: { type: 'event', name: 'endTurn', args: [], playerID: '0' } },
      { ok: true, playerKnown: true, action: { type: 'event', name: 'setPhase', args: ['B'], playerID: '1' } },
      { ok: true, playerKnown: false, action: { type: 'reset' } },
    ]);
  });

  it('is the inverse of toBgioAction for every kind of action', () => {
    const actions: FlowAction[] = [
      { type: 'move', name: 'bump', args: [1, { x: 2 }], playerID: '1' },
      { type: 'event', name: 'endStage', args: [], playerID: '0' },
      { type: 'undo', playerID: '1' },
      { type: 'redo', playerID: '0' },
      { type: 'reset' },
    ];
    for (const action of actions) expect(fromBgioAction(toBgioAction(action), as0)).toMatchObject({ ok: true, action });
  });

  it('gives a single argument as a list of one, no arguments as none, and the given player when the action names none', () => {
    expect(fromBgioAction({ type: 'MAKE_MOVE', payload: { type: 'bump', args: 3 } }, as0)).toEqual({
      ok: true,
      playerKnown: false,
      action: { type: 'move', name: 'bump', args: [3], playerID: '9' },
    });
    expect(fromBgioAction({ type: 'GAME_EVENT', payload: { type: 'endTurn', args: null, playerID: null } }, as0)).toEqual({
      ok: true,
      playerKnown: false,
      action: { type: 'event', name: 'endTurn', args: [], playerID: '9' },
    });
  });

  it('reads what boardgame.io logs from inside its flow as what the client sent, for log entries only', () => {
    const setPhase = { type: 'GAME_EVENT', payload: { type: 'endPhase', args: { next: 'B' }, playerID: '0' } };
    const setStage = { type: 'GAME_EVENT', payload: { type: 'endStage', args: 'T', playerID: '1' } };
    expect(fromBgioAction(setPhase, { player: '', logged: true })).toMatchObject({
      action: { type: 'event', name: 'setPhase', args: ['B'], playerID: '0' },
    });
    expect(fromBgioAction(setStage, { player: '', logged: true })).toEqual({
      ok: true,
      playerKnown: true,
      action: { type: 'event', name: 'setStage', args: ['T'], playerID: '1' },
      note: 'logged as endStage("T"): replayed as setStage("T")',
    });
    expect(fromBgioAction(setStage, as0)).toMatchObject({ action: { type: 'event', name: 'endStage', args: ['T'] } });
    expect(fromBgioAction({ type: 'RESET' }, { player: '', logged: true })).toEqual({
      ok: false,
      kind: 'unsupported',
      message: 'a "RESET" action Flowscope cannot replay',
    });
  });

  it('refuses a plugin action, an unknown event and anything that is not an action, with one line each; never throws', () => {
    expect(fromBgioAction({ type: 'PLUGIN', payload: { type: 'log', args: [], playerID: '0' } }, as0)).toEqual({
      ok: false,
      kind: 'unsupported',
      message: 'a "PLUGIN" action Flowscope cannot replay',
    });
    expect(fromBgioAction({ type: 'GAME_EVENT', payload: { type: 'jump', args: [] } }, as0)).toEqual({
      ok: false,
      kind: 'unknown-event',
      message: 'unknown event "jump"',
    });
    expect(fromBgioAction({ type: 'SYNC', state: {} }, as0)).toMatchObject({
      ok: false,
      message: 'a "SYNC" action Flowscope cannot replay',
    });
    for (const [bad, got] of [
      [null, 'null'],
      [undefined, 'undefined'],
      ['MAKE_MOVE', 'a string'],
      [[{ type: 'UNDO' }], 'an array'],
      [{ type: 7 }, 'an object without a string type'],
      [{ payload: { type: 'bump' } }, 'an object without a string type'],
    ] as const)
      expect(fromBgioAction(bad, as0)).toEqual({
        ok: false,
        kind: 'unsupported',
        message: `expected a boardgame.io action { type, payload }, got ${got}`,
      });
  });
});
