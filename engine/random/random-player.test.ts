import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import { Session } from '../session/session';
import type { FlowAction, GameConfig } from '../types';
import { RandomPlayer } from './random-player';

const session = (config: GameConfig, numPlayers = 3) => new Session({ runtime: bgio050, config, numPlayers, seed: 'rp' });

function play(
  config: GameConfig,
  seed: string,
  steps: number,
  options: Partial<ConstructorParameters<typeof RandomPlayer>[0]> = {},
): FlowAction[] {
  const s = session(config);
  const p = new RandomPlayer({ seed, ...options });
  for (let i = 0; i < steps; i++) {
    const action = p.choose(s);
    if (!action) break;
    s.dispatch(action);
  }
  return s.actions();
}

describe('the random player', () => {
  const withAi: GameConfig = {
    setup: () => ({ n: 0 }),
    moves: { pick: ({ G }: any, k: number) => void (G.n += k), other: () => undefined },
    turn: { maxMoves: 1 },
    ai: { enumerate: (_G: unknown, _ctx: unknown, playerID: string) => [{ move: 'pick', args: [Number(playerID) + 1] }] },
  };

  it('uses ai.enumerate, acting for whoever may act', () => {
    const actions = play(withAi, 'a', 6);
    expect(actions).toEqual([0, 1, 2, 0, 1, 2].map((p) => ({ type: 'move', name: 'pick', args: [p + 1], playerID: String(p) })));
  });

  it('is deterministic per seed and differs between seeds', () => {
    const plain: GameConfig = {
      moves: { a: () => undefined, b: () => undefined },
      turn: { stages: { s: { moves: { c: () => undefined } } } },
      phases: { x: { start: true }, y: {} },
    };
    expect(play(plain, 'one', 60)).toEqual(play(plain, 'one', 60));
    expect(play(plain, 'one', 60)).not.toEqual(play(plain, 'two', 60));
  });

  it('without ai.enumerate, plays available moves without arguments and the events open to the player', () => {
    const plain: GameConfig = {
      moves: { a: () => undefined },
      turn: { stages: { s: { moves: { c: () => undefined } } } },
      events: { endGame: false },
    };
    const actions = play(plain, 'events', 300);
    const kinds = new Set(actions.map((a) => (a.type === 'move' || a.type === 'event' ? a.name : a.type)));
    expect(kinds).toContain('a');
    expect(kinds).toContain('endTurn');
    expect(kinds).toContain('setStage');
    expect(kinds).toContain('c');
    expect(kinds).not.toContain('endGame');
    for (const a of actions)
      if (a.type === 'move' || a.type === 'event') expect(a.args.every((x) => typeof x === 'string' || typeof x === 'object')).toBe(true);
  });

  it('stops at game over, or resets and plays on when asked', () => {
    const short: GameConfig = { ...withAi, endIf: ({ G }: any) => (G.n >= 5 ? { done: true } : undefined) };
    const stopped = play(short, 'g', 50);
    expect(stopped.length).toBeLessThan(5);
    const restarted = play(short, 'g', 50, { restartOnGameOver: true });
    expect(restarted).toHaveLength(50);
    expect(restarted).toContainEqual({ type: 'reset' });
  });

  it('mixes in undo and redo when asked', () => {
    const actions = play(withAi, 'u', 200, { undoRate: 0.3 });
    expect(actions.some((a) => a.type === 'undo')).toBe(true);
    expect(actions.some((a) => a.type === 'redo')).toBe(true);
  });

  it('tries only the events it is given', () => {
    const config: GameConfig = { moves: { a: () => undefined }, phases: { x: { start: true }, y: {} }, turn: { stages: { s: {} } } };
    const all = play(config, 'e', 300);
    expect(all.some((a) => a.type === 'event' && a.name === 'setPhase')).toBe(true);
    const limited = play(config, 'e', 300, { events: ['endTurn'] });
    expect(new Set(limited.filter((a) => a.type === 'event').map((a) => (a as { name: string }).name))).toEqual(new Set(['endTurn']));
  });
});
