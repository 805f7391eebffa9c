import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { runCli as run } from './testing/run-cli';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the release guessed for a game with no package.json', () => {
  it('a (G, ctx) game whose hooks call events 0.49 refuses runs on 0.43 and plays without refusals', async () => {
    // A temporary folder: no package.json above it names boardgame.io.
    const dir = tempDirWith({});
    copyFileSync(path.join(here, 'testing/corners/release-guess/game.js'), path.join(dir, 'game.js'));
    const replay = path.join(dir, 'r.json');
    const played = await run('play', path.join(dir, 'game.js'), '--random', '30', '--seed', 'a', '--out', replay);
    expect(played.code, played.err).toBe(0);
    expect(played.err).toMatch(/^boardgame\.io 0\.43\.3: /);
    expect(played.err).toMatch(/30 steps, 0 rejected/);
    expect(JSON.parse(readFileSync(replay, 'utf8')).game.bgio).toBe('0.43.3');
    const linted = await run('lint', path.join(dir, 'game.js'));
    expect(linted.out).not.toMatch(/event-refused/);
  });

  it('an error that may come from the guess names it and the --bgio to try', async () => {
    const dir = tempDirWith({
      'game.js': 'export default { setup: (ctx) => ({ hands: ctx.playOrder.map(() => []) }), moves: { pass: (G) => G } };\n',
    });
    const played = await run('play', path.join(dir, 'game.js'), '--random', '5');
    expect(played.code).toBe(2);
    expect(played.err).toMatch(
      /note: boardgame\.io 0\.50\.2 is a guess \(no package\.json names boardgame\.io, and the code shows no release-specific API\): if the game was written for another release, try --bgio 0\.26\.3 or /,
    );
    const linted = await run('lint', path.join(dir, 'game.js'));
    expect(linted.err).toMatch(/note: boardgame\.io 0\.50\.2 is a guess/);
    // With the release named, nothing is guessed and nothing is noted.
    const named = await run('play', path.join(dir, 'game.js'), '--random', '5', '--bgio', '0.43.3');
    expect(named.code, named.err).toBe(0);
    expect(named.err).not.toMatch(/is a guess/);
  });
});
