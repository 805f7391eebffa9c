import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bgio050, cloneGraph, findGames, Session } from '../../../engine';
import { loadGameModule } from '../../load/load-game-file';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';
import { readReplayFile } from './replay';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const games = path.join(root, 'app/load/testing/games');

/** The command line in a process of its own (a fresh module, a fresh clock, fresh randomness). */
function inAnotherProcess(...argv: string[]) {
  const result = spawnSync(process.execPath, [path.join(root, 'bin/flowscope.mjs'), ...argv], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr };
}

describe('replays of games that use randomness everywhere, in a second process', () => {
  it('with the sandbox: every step the other process computes is the step as played here, and check passes there', async () => {
    const game = path.join(games, 'chance', 'game.js');
    const replay = path.join(tempDirWith({}), 'chance.json');
    expect((await run('play', game, '--seed', 'p', '--random', '30', '--out', replay)).code).toBe(0);

    // As played, in this process: every step's G.
    const recorded = readReplayFile(replay);
    const module = await loadGameModule(game, bgio050);
    const session = new Session({
      runtime: bgio050,
      config: findGames(module.exports)[0].config,
      numPlayers: recorded.numPlayers,
      seed: recorded.seed,
      gameRandomness: module.gameRandomness,
    });
    const played = [cloneGraph(session.currentState.G)];
    for (const action of recorded.actions) {
      session.dispatch(action);
      played.push(cloneGraph(session.currentState.G));
    }

    const there = inAnotherProcess('replay', game, replay, '--json');
    expect(there.code).toBe(0);
    const theirs = there.out.split('\n').map((line) => (JSON.parse(line) as { G: unknown }).G);
    expect(theirs).toEqual(played);
    expect(inAnotherProcess('check', game, replay).out).toBe('ok: 30 steps replayed, 31 expectations hold');
  });

  it('with --no-sandbox-random: check in another process fails at the first divergent step and names its cause, randomness at module load included', async () => {
    const dir = tempDirWith({});
    const cases = [
      { game: path.join(games, 'rolls.js'), cause: /^ {2}cause: moves\.roll uses Math\.random \(rolls\.js:7\)$/m },
      {
        game: path.join(games, 'shuffled-at-load.js'),
        step: 0,
        cause: /^ {2}cause: the game module, as it loads, uses Math\.random \(shuffled-at-load\.js:3\)$/m,
      },
    ];
    for (const { game, step, cause } of cases) {
      const replay = path.join(dir, `${path.basename(game)}.json`);
      await run('play', game, '--seed', 'p', '--random', '10', '--out', replay, '--no-sandbox-random');
      const checked = inAnotherProcess('check', game, replay);
      expect(checked.code).toBe(1);
      expect(checked.out).toMatch(
        new RegExp(`^diverged at step ${step ?? '\\d+'}: running the same actions again gives a different state`),
      );
      expect(checked.out).toMatch(cause);
    }
  });
});
