import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  bgio050,
  cloneGraph,
  createPrng,
  deepEqual,
  findGames,
  findNondeterminism,
  Session,
  type FlowAction,
  type GameRandomness,
} from '../../engine';
import { tempDirWith } from '../testing/temp-dir';
import { loadGameModule, type LoadedGameModule } from './load-game-file';

const GAMES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing', 'games');
const move = (name: string, playerID = '0'): FlowAction => ({ type: 'move', name, args: [], playerID });

async function open(file: string, gameRandomness: GameRandomness = 'seeded') {
  const module = await loadGameModule(file, bgio050, { gameRandomness });
  return { module, config: findGames(module.exports)[0].config };
}

function sessionOf(module: LoadedGameModule, config: Session['config'], seed = 'sandbox', checkpointInterval?: number): Session {
  return new Session({
    runtime: bgio050,
    config,
    numPlayers: 2,
    seed,
    gameRandomness: module.gameRandomness,
    loadEntropy: module.loadEntropy,
    checkpointInterval,
  });
}

/** Plays `actions`, keeping a private copy of G as each step was played. */
function play(session: Session, actions: FlowAction[]): unknown[] {
  const played = [cloneGraph(session.currentState.G)];
  for (const action of actions) {
    session.dispatch(action);
    played.push(cloneGraph(session.currentState.G));
  }
  return played;
}

/** Seeks to steps in a scrambled order (each step several times); counts the steps whose G differs from the one played. */
function seeksThatDiffer(session: Session, played: unknown[]): number {
  const next = createPrng('seek order');
  const differ = new Set<number>();
  for (let n = 0; n < played.length * 3; n++) {
    const index = Math.floor(next() * played.length);
    if (!deepEqual(session.stateAt(index).G, played[index])) differ.add(index);
  }
  for (let index = 0; index < played.length; index++) if (!deepEqual(session.stateAt(index).G, played[index])) differ.add(index);
  return differ.size;
}

describe('the sandbox for game code', () => {
  it("the issue's measure: 100 steps of a move that pushes Math.random() onto G; no seek differs (with the sandbox off, most do)", async () => {
    const actions = Array.from({ length: 100 }, () => move('roll'));
    const seeded = await open(path.join(GAMES, 'rolls.js'));
    const session = sessionOf(seeded.module, seeded.config);
    const played = play(session, actions);
    expect(new Set((played[100] as { rolls: number[] }).rolls).size).toBeGreaterThan(80);
    expect(seeksThatDiffer(session, played)).toBe(0);

    const real = await open(path.join(GAMES, 'rolls.js'), 'real');
    const unseeded = sessionOf(real.module, real.config);
    // Checkpoints (every 32 steps) are kept as played; every other step is re-run.
    expect(seeksThatDiffer(unseeded, play(unseeded, actions))).toBeGreaterThan(80);
  });

  it('every pattern (module load, setup, moves, a hook, a helper file, lodash, uuid, the clock, crypto) is exact under any seek, and named at its step', async () => {
    const { module, config } = await open(path.join(GAMES, 'chance', 'game.js'));
    const actions = ['draw', 'lodash', 'stamp', 'ids', 'fair'].flatMap((name, i) => [
      move(name, String(i % 2)),
      { type: 'event', name: 'endTurn', args: [], playerID: String(i % 2) } as FlowAction,
    ]);
    const session = sessionOf(module, config, 'sandbox', 3);
    const played = play(session, [...actions, ...actions]);
    expect(seeksThatDiffer(session, played)).toBe(0);

    const uses = (index: number) =>
      session.step(index).entropy.map((u) => `${u.fn ?? (u.atLoad ? 'load' : '?')} ${u.api} ${u.where ?? ''}`.trim());
    expect(uses(0)).toEqual([
      'load Math.random game.js:7',
      'load new Date() game.js:7',
      'setup Math.random deck.js:5',
      'turn.onBegin Date.now game.js:34',
    ]);
    expect(uses(1)).toEqual(['moves.draw Math.random deck.js:5']);
    expect(uses(3)).toEqual(['moves.lodash Math.random game.js:18 via lodash']);
    expect(uses(5)).toEqual([
      'moves.stamp Date.now game.js:22',
      'moves.stamp new Date() game.js:22',
      'moves.stamp performance.now game.js:22',
    ]);
    expect(uses(7)).toEqual(['moves.ids crypto.getRandomValues game.js:25', 'moves.ids crypto.randomUUID game.js:26']);
    expect(uses(9)).toEqual([]);
    const diagnostic = session.step(1).diagnostics.find((d) => d.code === 'nondeterministic-call');
    expect(diagnostic?.message).toMatch(
      /^moves\.draw uses Math\.random \(deck\.js:5\): in boardgame\.io the server and each client compute different results from it; use boardgame\.io's `random`/,
    );
    expect(
      session
        .step(5)
        .diagnostics.map((d) => d.message)
        .join('\n'),
    ).toMatch(/pass the time in as a move argument/);
  });

  it('a second evaluation of the module (as in another process) reproduces every step, module-load values included', async () => {
    const { module, config } = await open(path.join(GAMES, 'chance', 'game.js'));
    const actions = ['draw', 'lodash', 'stamp', 'ids'].map((name) => move(name));
    const first = play(sessionOf(module, config), actions);
    const again = findGames(module.evaluateAgain())[0].config;
    expect(again).not.toBe(config);
    expect(play(sessionOf(module, again), actions)).toEqual(first);
    expect(findNondeterminism(sessionOf(module, config), { config: again })).toBeNull();
  });

  it('values derive from the seed and the step: another seed draws others, another step too', async () => {
    const { module, config } = await open(path.join(GAMES, 'rolls.js'));
    const rolls = (seed: string) => (play(sessionOf(module, config, seed), [move('roll'), move('roll')])[2] as { rolls: number[] }).rolls;
    expect(rolls('a')).toEqual(rolls('a'));
    expect(rolls('a')).not.toEqual(rolls('b'));
    expect(rolls('a')[0]).not.toBe(rolls('a')[1]);
  });

  it('with the sandbox off, a re-run differs and the cause is named, module load included', async () => {
    const real = await open(path.join(GAMES, 'shuffled-at-load.js'), 'real');
    const session = sessionOf(real.module, real.config);
    play(session, [move('play')]);
    // 20 cards: a fresh shuffle deals the same first five in the same order about once in 1.9 million.
    const found = findNondeterminism(session, {
      config: findGames(real.module.evaluateAgain())[0].config,
      loadEntropy: real.module.loadEntropy,
    });
    expect(found?.step).toBe(0);
    expect(found?.suspects).toEqual(['the game module, as it loads, uses Math.random (shuffled-at-load.js:3)']);
    expect(session.step(0).diagnostics.find((d) => d.code === 'nondeterministic-call')).toMatchObject({ severity: 'error' });
  });

  it('Date keeps its behaviour: new Date(x) is untouched, instanceof holds both ways, subclasses and Date() work; Flowscope keeps the real globals', async () => {
    const dir = tempDirWith({
      'game.js': `
        class Stamp extends Date {}
        export const game = {
          setup: () => {
            const now = new Date();
            return {
              fixed: new Date(0).toISOString(),
              utc: Date.UTC(2020, 0, 1),
              instance: now instanceof Date && new Stamp(5) instanceof Date && new Stamp(5).getTime() === 5,
              realDate: globalThis.realDate instanceof Date,
              asString: typeof Date(),
              later: now.getTime() < Date.now() && Date.now() < Date.now(),
              floor: Math.floor(2.5),
              viaGlobal: typeof global.Math.random(),
            };
          },
          moves: {},
        };`,
    });
    (globalThis as { realDate?: Date }).realDate = new Date();
    const { module, config } = await open(path.join(dir, 'game.js'));
    const before = Math.random;
    const G = sessionOf(module, config).currentState.G;
    expect(G).toEqual({
      fixed: '1970-01-01T00:00:00.000Z',
      utc: 1577836800000,
      instance: true,
      realDate: true,
      asString: 'string',
      later: true,
      floor: 2,
      viaGlobal: 'number',
    });
    expect(Math.random).toBe(before);
    expect(Math.abs(Date.now() - new Date().getTime())).toBeLessThan(60_000);
  });
});
