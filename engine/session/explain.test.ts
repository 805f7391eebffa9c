import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import { Session } from './session';
import { explainStep } from './explain';

const game = {
  setup: () => ({}),
  moves: {
    PlayBang: ({ events }: any, _card: string, target: string) =>
      events.setActivePlayers({ value: { [target]: 'respondToBang' }, minMoves: 1, maxMoves: 1 }),
    wait: ({ events }: any) => events.setActivePlayers({ all: 'x' }),
  },
  turn: { onMove: ({ events }: any) => undefined, stages: { respondToBang: { moves: { playMissed: () => undefined } } } },
  phases: { play: { start: true, endIf: ({ ctx }: any) => ctx.turn > 2, next: 'done' }, done: {} },
};

describe('explainStep', () => {
  const s = new Session({ runtime: bgio050, config: game, numPlayers: 3, seed: 'x' });
  const explain = (i: number) => explainStep(s.step(i), i ? s.step(i - 1).ctx : null);

  it('says why a player entered a stage, naming the move and the event', () => {
    s.dispatch({ type: 'move', name: 'PlayBang', args: ['c12', '2'], playerID: '0' });
    expect(explain(1)).toBe(
      'player 2 entered stage respondToBang because moves.PlayBang called setActivePlayers({"value":{"2":"respondToBang"},"minMoves":1,"maxMoves":1})',
    );
  });
  it('says when a player used up its moves and left a stage', () => {
    s.dispatch({ type: 'move', name: 'playMissed', args: [], playerID: '2' });
    expect(explain(2)).toBe('player 2 left stage respondToBang because player 2 made its last allowed move (maxMoves) and left the stage');
  });
  it('says why a turn and a phase ended', () => {
    s.dispatch({ type: 'event', name: 'endTurn', args: [], playerID: '0' });
    expect(explain(3)).toBe("player 0's turn ended because player 0 called endTurn()");
    s.dispatch({ type: 'event', name: 'endTurn', args: [], playerID: '1' });
    expect(explain(4)).toBe('phase play ended because phases.play.endIf returned true');
  });
  it('says why boardgame.io refused an action', () => {
    expect(s.step(4).ctx).toMatchObject({ phase: 'done', currentPlayer: '0' });
    s.dispatch({ type: 'move', name: 'PlayBang', args: ['c1', '0'], playerID: '1' });
    expect(explain(5)).toBe("boardgame.io refused it: player 1 may not act now: it is player 0's turn and no one is in a stage");
  });
  it('describes the creation step', () => {
    expect(explain(0)).toBe('phase play began because the game starts in phase play (start: true)');
  });
});

describe('explainStep with several stage changes', () => {
  it('leads with the player an event put in a stage, not the one whose maxMoves ran out', () => {
    const chain = {
      moves: { start: ({ events }: any) => events.setActivePlayers({ value: { 1: 'respond' }, minMoves: 1, maxMoves: 1 }) },
      turn: {
        stages: {
          respond: { moves: { pass: ({ events }: any) => events.setActivePlayers({ value: { 2: 'respond' }, minMoves: 1, maxMoves: 1 }) } },
        },
      },
    };
    const s = new Session({ runtime: bgio050, config: chain, numPlayers: 3, seed: 'c' });
    s.dispatch({ type: 'move', name: 'start', args: [], playerID: '0' });
    const r = s.dispatch({ type: 'move', name: 'pass', args: [], playerID: '1' });
    expect(explainStep(r, s.step(1).ctx)).toBe(
      'player 2 entered stage respond because turn.stages.respond.moves.pass called setActivePlayers({"value":{"2":"respond"},"minMoves":1,"maxMoves":1}), and 1 other player changed slot too',
    );
  });
});

describe('explainStep agrees with the ctx', () => {
  it('says a reset after game over went back to the start (not "the flow did not move")', () => {
    const s = new Session({
      runtime: bgio050,
      config: { moves: { win: ({ events }: any) => events.endGame({ winner: '0' }), pass: () => undefined } },
      numPlayers: 2,
      seed: 'r',
    });
    s.dispatch({ type: 'move', name: 'pass', args: [], playerID: '0' });
    s.dispatch({ type: 'event', name: 'endTurn', args: [], playerID: '0' });
    s.dispatch({ type: 'move', name: 'win', args: [], playerID: '1' });
    const r = s.dispatch({ type: 'reset' });
    expect(explainStep(r, s.step(3).ctx)).toBe(
      'the game was reset to its start: the game is no longer over, turn 2 → 1, current player 1 → 0',
    );
  });
  it('says when boardgame.io stopped an endless endTurn chain while creating the game', () => {
    const loop = { phases: { main: { start: true, turn: { onBegin: ({ events }: any) => events.endTurn() } } } };
    const s = new Session({ runtime: bgio050, config: loop, numPlayers: 2, seed: 'l' });
    const text = explainStep(s.step(0), null);
    expect(text).not.toMatch(/phase main began/);
    expect(text).toMatch(
      /^the game was created, but boardgame.io stopped an endless chain of turn endings \(\d+ turns ended before it gave up/,
    );
    expect(text).toMatch(/starts in phase main, turn 1, player 0's turn$/);
  });
  it('says an undo moved the flow back', () => {
    const s = new Session({
      runtime: bgio050,
      config: { moves: { wait: ({ events }: any) => events.setActivePlayers({ all: 'x' }) }, turn: { stages: { x: {} } } },
      numPlayers: 2,
      seed: 'u',
    });
    s.dispatch({ type: 'move', name: 'wait', args: [], playerID: '0' });
    const r = s.dispatch({ type: 'undo', playerID: '0' });
    expect(explainStep(r, s.step(1).ctx)).toBe('undo: player 0 stage x → out of activePlayers, player 1 stage x → out of activePlayers');
  });
  it('says a game with no phases began in no phase (it left none)', () => {
    const s = new Session({ runtime: bgio050, config: { moves: { pass: () => undefined } }, numPlayers: 2, seed: 'n' });
    expect(explainStep(s.step(0), null)).toBe("the game began in no phase, turn 1, player 0's turn");
  });
  it('names revert: true when a stage ends by restoring the active players from before', () => {
    const config = {
      turn: { stages: { respond: { moves: { answer: () => undefined } } } },
      moves: {
        ask: ({ events }: any) => events.setActivePlayers({ others: 'respond', revert: true, maxMoves: 1 }),
        challenge: ({ events }: any) => events.setActivePlayers({ value: { '1': 'respond' }, maxMoves: 1 }),
      },
    };
    const s = new Session({ runtime: bgio050, config, numPlayers: 2, seed: 'v' });
    s.dispatch({ type: 'move', name: 'ask', args: [], playerID: '0' });
    const back = s.dispatch({ type: 'move', name: 'answer', args: [], playerID: '1' });
    expect(explainStep(back, s.step(1).ctx)).toMatch(
      /^player 1 left stage respond because player 1 made its last allowed move \(maxMoves\), activePlayers emptied, and revert: true of the setActivePlayers that set them restored the active players from before it/,
    );
    // Without revert the same answer says nothing of it.
    s.dispatch({ type: 'move', name: 'challenge', args: [], playerID: '0' });
    const plain = s.dispatch({ type: 'move', name: 'answer', args: [], playerID: '1' });
    expect(explainStep(plain, s.step(3).ctx)).not.toMatch(/revert/);
  });
});
