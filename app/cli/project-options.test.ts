import { readdirSync, readFileSync } from 'node:fs';
import type { SessionView } from '../../engine';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { startServe } from './commands/serve';
import { main } from './main';

/** A game only a factory makes, in a file that also imports a package that is not installed. */
function factoryProject(): string {
  const dir = tempDirWith({
    'game.ts': [
      "import { toast } from 'not-installed-toasts';",
      'export function makeGame(rounds: number) {',
      '  return { name: `race-${rounds}`, setup: () => ({ n: 0 }), moves: { run: ({ G }: any) => { toast(`ran ${G.n}`); return { n: G.n + 1 }; } }, turn: { maxMoves: rounds } };',
      '}',
    ].join('\n'),
  });
  return path.join(dir, 'game.ts');
}

async function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { print: (l) => out.push(l), warn: (l) => err.push(l) });
  return { code, out, err };
}

describe('the options for real projects reach every command that opens a game', () => {
  const where = ['--game', 'makeGame', '--factory-args', '[3]', '--stub-module', 'not-installed-toasts'];

  it('play, replay, check and compare open a factory game with a stubbed package', async () => {
    const file = factoryProject();
    const replay = path.join(path.dirname(file), 'race.json');
    expect((await cli(['play', file, ...where, '--seed', 's', '--random', '12', '--out', replay])).code).toBe(0);
    expect(JSON.parse(readFileSync(replay, 'utf8')).game.name).toBe('race-3');

    const replayed = await cli(['replay', file, replay, ...where, '--json']);
    expect(replayed.code).toBe(0);
    const lines = replayed.out.map((l) => JSON.parse(l));
    expect(lines).toHaveLength(13);
    // turn.maxMoves from the factory's argument: every third move ends the turn.
    expect(lines.filter((l) => l.action?.type === 'move').every((l) => l.ok)).toBe(true);
    expect(lines.some((l) => l.ctx.turn > 1)).toBe(true);

    expect((await cli(['check', file, replay, ...where])).code).toBe(0);
    // Without the options the same replay cannot open its game, and says why.
    const bare = await cli(['check', file, replay]);
    expect(bare.code).toBe(2);
    expect(bare.err.join('\n')).toMatch(/not-installed-toasts/);
  });

  it('serve opens a factory game with a stubbed package, and its session remembers how (for the page, a rebuild and the journal)', async () => {
    const file = factoryProject();
    const journals = path.join(path.dirname(file), 'journals');
    const printed: string[] = [];
    const server = await startServe(
      {
        file,
        game: 'makeGame',
        open: { factoryArgs: [5], stubModules: ['not-installed-toasts'] },
        timeoutSeconds: 10,
        port: 0,
        journalDir: journals,
        attach: false,
      },
      (l) => printed.push(l),
    );
    try {
      await server.loaded;
      expect(printed.join('\n')).toMatch(/opened race-5 /);
      const view = await server.engine.call<SessionView>('view');
      expect(view.game).toMatchObject({ exportName: 'makeGame', factoryArgs: [5], stubModules: ['not-installed-toasts'] });
      expect(view.game.gamePath).toBeUndefined();
      const [journal] = readdirSync(journals);
      expect(JSON.parse(readFileSync(path.join(journals, journal), 'utf8').split('\n')[0]).open).toMatchObject({
        exportName: 'makeGame',
        factoryArgs: [5],
        stubModules: ['not-installed-toasts'],
      });
    } finally {
      await server.close();
    }
  });
});
