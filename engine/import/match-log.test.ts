import { CreateGameReducer, InitializeGame } from 'boardgame.io/dist/cjs/internal.js';
import { describe, expect, it } from 'vitest';
import { likelyPlayer, MatchLogReader, playerIsAmbiguous, type MatchLogEntry } from './match-log';

const game = {
  seed: 'log',
  moves: { bump: ({ G }: any) => void G.n++, stage: ({ events }: any) => events.setStage('S') },
  phases: { A: { start: true, next: 'B' }, B: {} },
  turn: { stages: { S: { moves: { inS: () => undefined } } } },
  setup: () => ({ n: 0 }),
};

/** Runs actions on boardgame.io's own reducer, as a server does, and keeps the log it would store. */
function play(actions: Record<string, unknown>[]): { log: MatchLogEntry[]; stateID: number } {
  const reducer = CreateGameReducer({ game } as any);
  let state: any = InitializeGame({ game, numPlayers: 2 } as any);
  const log: MatchLogEntry[] = [];
  for (const action of actions) {
    state = reducer(state, action);
    log.push(...(state.deltalog ?? []));
  }
  return { log, stateID: state._stateID };
}
const move = (type: string, playerID = '0') => ({ type: 'MAKE_MOVE', payload: { type, args: [], playerID } });
const event = (type: string, args?: unknown, playerID = '0') => ({ type: 'GAME_EVENT', payload: { type, args, playerID } });

describe('MatchLogReader', () => {
  it('names every missing entry of a log that skips 300,000 actions, without overflowing the stack', () => {
    const entry = { _stateID: 300_000, action: move('bump'), turn: 1, phase: 'A' } as unknown as MatchLogEntry;
    const { actions, gaps } = new MatchLogReader().read([entry]);
    expect(actions).toHaveLength(1);
    expect(gaps).toHaveLength(300_000);
  });

  it('reads one action per _stateID: the move, not the events it called', () => {
    const { log } = play([move('bump'), move('stage'), move('inS')]);
    const { actions, gaps } = new MatchLogReader().read(log);
    expect(actions.map((a) => [a.stateID, a.action.type === 'move' && a.action.name])).toEqual([
      [0, 'bump'],
      [1, 'stage'],
      [2, 'inS'],
    ]);
    expect(gaps).toEqual([]);
  });

  it("turns setPhase's endPhase({ next }) back into setPhase, and names the event's missing player", () => {
    const { log } = play([event('setPhase', 'B')]);
    const [read] = new MatchLogReader().read(log).actions;
    expect(read.action).toEqual({ type: 'event', name: 'setPhase', args: ['B'], playerID: '' });
    expect(read.playerKnown).toBe(false);
  });

  it('names each _stateID that left no entry, including trailing ones, and reads each entry once', () => {
    const { log, stateID } = play([
      move('bump'),
      event('setActivePlayers', { all: 'S' }),
      move('inS', '1'),
      event('setActivePlayers', { all: 'S' }),
    ]);
    const reader = new MatchLogReader();
    const first = reader.read(log.slice(0, 1));
    const rest = reader.read(log); // a sync repeats the whole log
    expect([...first.actions, ...rest.actions].map((a) => a.stateID)).toEqual([0, 2]);
    expect(rest.gaps.map((g) => [g.kind, g.stateID])).toEqual([['missing-entry', 1]]);
    expect(reader.finish(stateID).map((g) => [g.kind, g.stateID])).toEqual([['missing-entry', 3]]);
  });

  it('reads setStage sent by a player already in a stage (logged as endStage with its argument) as setStage', () => {
    const { log } = play([event('setActivePlayers', { all: 'S' }), event('setStage', 'T', '1')]);
    const { actions, gaps } = new MatchLogReader().read(log);
    expect(actions.map((a) => a.action)).toEqual([{ type: 'event', name: 'setStage', args: ['T'], playerID: '' }]);
    expect(gaps.map((g) => [g.kind, g.stateID])).toEqual([
      ['missing-entry', 0],
      ['set-stage', 1],
    ]);
  });

  it('skips what it cannot replay, and says so', () => {
    const log: MatchLogEntry[] = [
      { action: { type: 'PLUGIN', payload: { type: 'x' } }, _stateID: 0 },
      { action: { type: 'GAME_EVENT', payload: { type: 'endTurn' } }, _stateID: 1, automatic: true },
    ];
    const { actions, gaps } = new MatchLogReader().read(log);
    expect(actions).toEqual([]);
    expect(gaps.map((g) => g.kind)).toEqual(['unknown-action', 'unknown-action']);
  });

  it('picks the current player for an unnamed event, and knows when that is a guess', () => {
    const ctx = {
      phase: null,
      turn: 1,
      currentPlayer: '0',
      playOrder: ['0', '1'],
      playOrderPos: 0,
      activePlayers: { '1': 'S', '2': 'S' },
      numMoves: 0,
      gameover: undefined,
    };
    expect(likelyPlayer(ctx)).toBe('1');
    expect(playerIsAmbiguous(ctx, { type: 'event', name: 'endStage', args: [], playerID: '1' })).toBe(true);
    expect(playerIsAmbiguous(ctx, { type: 'event', name: 'endTurn', args: [], playerID: '1' })).toBe(false);
    expect(likelyPlayer({ ...ctx, activePlayers: null })).toBe('0');
  });
});
