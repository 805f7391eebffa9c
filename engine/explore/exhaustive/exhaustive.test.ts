import { describe, expect, it } from 'vitest';
import { bgio050 } from '../../runtime/bgio-050/bgio050-runtime';
import type { GameConfig } from '../../types';
import { showsFinding } from '../shrink';
import rareThrow from '../testing/rare-throw';
import stalePick from '../testing/stale-pick';
import stuckAfterSequence from '../testing/stuck-after-sequence';
import { chartOf } from '../../chart/build';
import { buildExhaustiveReport } from './exhaustive-report';
import ticTacToe from '../../../fixtures/tic-tac-toe/game';
import { exhaustiveSearch, type ExhaustiveOptions } from './exhaustive';

const search = (config: GameConfig, options: Partial<ExhaustiveOptions> = {}, numPlayers = 2) => {
  const game = { runtime: bgio050, config: config as GameConfig, numPlayers };
  return { game, result: exhaustiveSearch(game, { seed: 'test', ...options }) };
};

describe('exhaustive search', () => {
  it('finds the 5,478 positions of standard tic-tac-toe, 958 of them final, nine moves deep', () => {
    const { result } = search(ticTacToe as GameConfig);
    expect(result.distinctStates).toBe(5478);
    expect(result.gameover).toBe(958);
    expect(result.depth).toBe(9);
    expect(result.exhausted).toBe(true);
    expect(result.findings).toEqual([]);
    // Every non-final position was expanded once.
    expect(result.expanded).toBe(5478 - 958);
  });

  it("keeps the shortest path's argument sources: a throw after a move with made-up arguments says so", () => {
    const config = stalePick as unknown as GameConfig;
    const { result } = search(config, { maxDepth: 3 });
    const play = result.findings.find((f) => f.location === 'moves.play')!;
    expect(play.replay.actions.map((a) => (a.type === 'move' ? a.name : a.type))).toEqual(['choose', 'play']);
    expect(play.replay.sources).toHaveLength(2);
    const meta = { game: 'stale-pick', bgio: bgio050.version, numPlayers: 2, config };
    const report = buildExhaustiveReport(meta, chartOf(config, 2, bgio050), { seed: 'test', maxDepth: 3 }, result);
    const group = report.findings.find((f) => f.location === 'moves.play')!;
    expect(group.guessedInReplay).toBe(1);
    expect(group.argSources[0]).toBe('no-arguments');
  });

  it('stops at the depth limit: 1 + 9 + 72 positions within two moves, the last level not expanded', () => {
    const { result } = search(ticTacToe as GameConfig, { maxDepth: 2 });
    expect(result.distinctStates).toBe(82);
    expect(result.stoppedBy).toBe('depth');
    expect(result.exhausted).toBe(false);
    expect(result.unexpanded).toBe(72);
  });

  it('stops at --max-states and says how far it got', () => {
    const { result } = search(ticTacToe as GameConfig, { maxStates: 100 });
    expect(result.distinctStates).toBe(100);
    expect(result.stoppedBy).toBe('max-states');
    expect(result.exhausted).toBe(false);
    expect(result.depth).toBe(3);
  });

  it('reports a throw with the shortest path to it, which replays', () => {
    const { game, result } = search(rareThrow as GameConfig);
    expect(result.exhausted).toBe(true);
    const threw = result.findings.find((f) => f.kind === 'threw')!;
    expect(threw.location).toBe('moves.pick');
    expect(threw.replay.actions.map((a) => a.type === 'move' && a.args)).toEqual([[7], [3]]);
    expect(threw.source).toBe('enumerate');
    expect(showsFinding(game, threw.replay.seed, threw.replay.actions, threw)).toBe(true);
    expect(threw.replay.expect).toHaveLength(3);
  });

  it('reports a stuck state with the shortest path into it', () => {
    const { game, result } = search(stuckAfterSequence as GameConfig);
    const stuck = result.findings.find((f) => f.kind === 'stuck')!;
    expect(stuck.location).toBe("phase trap, the current player's turn");
    expect(stuck.replay.actions.map((a) => a.type === 'move' && a.name)).toEqual(['play', 'play', 'arm', 'play', 'play']);
    expect(showsFinding(game, stuck.replay.seed, stuck.replay.actions, stuck)).toBe(true);
    expect(result.stuck).toBeGreaterThan(0);
  });

  it('finds an event game code calls that boardgame.io drops, seen on the untraced path, with the shortest path to it', () => {
    const game = {
      name: 'late-drop',
      setup: () => ({ n: 0 }),
      endIf: ({ G }: any) => (G.n >= 4 ? { draw: true } : undefined),
      moves: { step: ({ G }: any) => void G.n++ },
      // After the second move the turn has already ended (maxMoves) when onMove calls the event.
      turn: { maxMoves: 1, onMove: ({ G, events }: any) => void (G.n === 2 && events.setActivePlayers({ all: 's' })), stages: { s: {} } },
      ai: { enumerate: () => [{ move: 'step' }] },
    };
    const { game: explored, result } = search(game as unknown as GameConfig);
    expect(result.exhausted).toBe(true);
    const dropped = result.findings.find((f) => f.kind === 'event-dropped')!;
    expect(dropped.location).toBe('turn.onMove → setActivePlayers');
    expect(dropped.replay.actions.map((a) => (a as { playerID?: string }).playerID)).toEqual(['0', '1']);
    expect(showsFinding(explored, dropped.replay.seed, dropped.replay.actions, dropped)).toBe(true);
    // Only the step that called an event was traced again.
    expect(result.traced).toBe(1);
  });

  it('three shards of the frontier together reach exactly the states of the whole search', () => {
    const whole = search(ticTacToe as GameConfig).result;
    const seen = new Set<string>();
    for (let index = 0; index < 3; index++) {
      const { result } = search(ticTacToe as GameConfig, { shard: { index, count: 3 } });
      // The first frontier with 4 states a shard: 72 positions after two moves.
      expect(result.shardDepth).toBe(2);
      expect(result.distinctStates).toBeLessThan(whole.distinctStates);
      const h = result.hashes!;
      for (let i = 0; i < h.length; i += 2) seen.add(`${h[i]}:${h[i + 1]}`);
    }
    expect(seen.size).toBe(whole.distinctStates);
  });
});
