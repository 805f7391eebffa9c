import { readdirSync, readFileSync } from 'node:fs';
import type { SessionView } from '../../engine';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal } from '../journal/session-journal';
import { startServe } from './commands/serve';
import { main } from './main';
import { factoryProject } from '../testing/factory-project';

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
    // The replay says where its game was found, so it opens without the options too.
    expect(JSON.parse(readFileSync(replay, 'utf8')).game).toMatchObject({
      export: 'makeGame',
      factoryArgs: [3],
      stubModules: ['not-installed-toasts'],
    });
    expect((await cli(['check', file, replay])).code).toBe(0);
    const recorded = await cli(['replay', file, replay, '--json']);
    expect(recorded.out).toEqual(replayed.out);
    // An option on the command line wins over the replay's: with turns of one move, every move ends its turn.
    const single = (await cli(['replay', file, replay, '--factory-args', '[1]', '--json'])).out.map((l) => JSON.parse(l));
    const turns = (ls: { ctx: { turn: number } }[]) => ls.map((l) => l.ctx.turn);
    expect(turns(single)).not.toEqual(turns(lines));

    // explore (in its workers too) and inspect open the game the same way.
    const explored = await cli(['explore', file, ...where, '--runs', '2', '--steps', '8', '--workers', '1', '--json']);
    expect(explored.err.join('\n')).not.toMatch(/not-installed-toasts|is a function/);
    expect(JSON.parse(explored.out.join('\n')).runs).toBe(2);
    const stop = new AbortController();
    const inspected: string[] = [];
    const code = await main(['inspect', file, '--replay', replay, '--interval', '0', '--inspect-port', '0'], {
      print: (l) => {
        inspected.push(l);
        if (/^played \d+ steps/.test(l)) stop.abort();
      },
      warn: (l) => inspected.push(l),
      signal: stop.signal,
    });
    expect(code).toBe(0);
    expect(inspected.join('\n')).toMatch(/^played 12 steps/m);
    for (let i = 1; i < single.length; i++)
      if (single[i].action?.type === 'move' && single[i].ok) expect(single[i].ctx.turn).toBe(single[i - 1].ctx.turn + 1);
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
      expect(readJournal(path.join(journals, journal))!.open).toMatchObject({
        exportName: 'makeGame',
        factoryArgs: [5],
        stubModules: ['not-installed-toasts'],
      });
      // Save Replay, then Open Replay (in a session of another game): the replay finds its game again.
      for (let i = 0; i < 6; i++) await server.engine.call('dispatch', { type: 'move', name: 'run', args: [], playerID: String(i % 2) });
      const played = await server.engine.call<{ ctx: unknown }[]>('steps', 0, 6);
      const text = await server.engine.call<string>('exportReplay');
      expect(JSON.parse(text).game).toMatchObject({ export: 'makeGame', factoryArgs: [5], stubModules: ['not-installed-toasts'] });
      await server.engine.call('open', { game: 'tic-tac-toe' });
      const reopened = await server.engine.call<SessionView>('openReplay', text, null);
      expect(reopened.game).toMatchObject({ name: 'race-5', exportName: 'makeGame', factoryArgs: [5] });
      expect((await server.engine.call<{ ctx: unknown }[]>('steps', 0, 6)).map((s) => s.ctx)).toEqual(played.map((s) => s.ctx));
    } finally {
      await server.close();
    }
  });
});
