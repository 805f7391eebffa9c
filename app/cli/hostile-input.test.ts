import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { main } from './main';

// Broken game files, replays and command lines through the real `flowscope` binary: each is exit
// 2 with one clear line on stderr (no stack, no usage text), and machine output stays clean.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const ttt = path.join(root, 'fixtures/tic-tac-toe/game.ts');
const state = tempDirWith({});
const env = { ...process.env, FLOWSCOPE_STATE_DIR: state };
process.env.FLOWSCOPE_STATE_DIR = state;
const spawned = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000, env });

/** The command run in this process (fast); `spawned` runs the real binary where the process matters. */
async function flowscope(...argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(argv, { print: (l) => out.push(l), warn: (l) => err.push(l), signal: AbortSignal.abort() });
  return { status, stdout: out.join('\n'), stderr: err.join('\n') };
}

function expectOneLine(run: { status: number | null; stderr: string }, pattern: RegExp) {
  expect(run.status).toBe(2);
  const lines = run.stderr.trim().split('\n');
  expect(lines[0]).toMatch(pattern);
  expect(run.stderr).not.toMatch(/unexpected failure|\n\s+at |usage:/);
  expect(lines.length).toBeLessThanOrEqual(2);
}

describe('command lines', () => {
  it('a bad flag is one line and a pointer to --help', async () => {
    const run = await flowscope('play', ttt, '--players', 'x');
    expectOneLine(run, /^flowscope: --players must be an integer/);
    expect(run.stderr).toContain('flowscope --help');
    expectOneLine(await flowscope('frobnicate'), /^flowscope: unknown command frobnicate/);
    expectOneLine(await flowscope('play', ttt, '--bogus'), /^flowscope: Unknown option '--bogus'/);
  });

  it('--timeout must be a positive number', async () => {
    expectOneLine(
      await flowscope('play', ttt, '--timeout', 'abc'),
      /^flowscope: --timeout must be a number of seconds greater than 0, got abc/,
    );
    expectOneLine(
      await flowscope('play', ttt, '--timeout', '0'),
      /^flowscope: --timeout must be a number of seconds greater than 0, got 0/,
    );
    expectOneLine(await flowscope('serve', ttt, '--timeout', 'abc'), /^flowscope: --timeout must be/);
  });

  it('serve refuses a port out of range and a port in use, and exits', async () => {
    expectOneLine(await flowscope('serve', '--port', '99999'), /^flowscope: --port must be an integer from 0 to 65535, got 99999/);
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const run = await flowscope('serve', '--port', String(port));
      expect(run.status).toBe(2);
      expect(run.stderr.trim()).toBe(
        `flowscope: cannot listen on 127.0.0.1:${port}: it is in use (choose another --port, or 0 for any free one)`,
      );
    } finally {
      busy.close();
    }
  });
});

describe('game files and replays', () => {
  const dir = tempDirWith({
    'nogame.ts': 'export const helper = 1;\nexport function other() { return 2; }\n',
    'noisy.ts': `console.log('hello from the top level');\nexport default { setup: () => ({ n: 0 }), moves: { inc: ({ G }: any) => { console.log('in a move'); G.n++; } }, ai: { enumerate: () => [{ move: 'inc' }] } };\n`,
    'other.ts': `export default { name: 'other', setup: () => ({}), moves: { poke: () => {} } };\n`,
    'bad.json': '{ "format": "flowscope-replay", ',
  });

  it('"no game found" names the file and the exports it saw, in play, lint and serve alike', async () => {
    for (const command of ['play', 'lint', 'serve']) {
      const run = await flowscope(command, path.join(dir, 'nogame.ts'));
      expectOneLine(
        run,
        new RegExp(`^flowscope: no game found in ${path.join(dir, 'nogame.ts').replace(/[/.]/g, '\\$&')}: it exports helper, other`),
      );
    }
  });

  it('the real binary prints one line for a bad game file, without a stack', () => {
    expectOneLine(spawned('serve', path.join(dir, 'missing.ts')), /^flowscope: game file not found: .*missing\.ts$/);
  });

  it('a missing game file, replay or broken replay is one line in replay, check and serve', async () => {
    expectOneLine(
      await flowscope('replay', ttt, path.join(dir, 'missing.json')),
      /^flowscope: cannot read replay .*missing\.json: no such file$/,
    );
    expectOneLine(await flowscope('check', ttt, dir), /^flowscope: cannot read replay .*: it is a directory$/);
    expectOneLine(await flowscope('replay', ttt, path.join(dir, 'bad.json')), /^flowscope: .*bad\.json|^flowscope: invalid replay/);
    expectOneLine(
      await flowscope('serve', ttt, '--replay', path.join(dir, 'missing.json')),
      /^flowscope: cannot read replay .*missing\.json: no such file$/,
    );
    expectOneLine(await flowscope('serve', path.join(dir, 'missing.ts')), /^flowscope: game file not found: .*missing\.ts$/);
  });

  it('game output never reaches machine output', () => {
    const played = spawned('play', path.join(dir, 'noisy.ts'), '--seed', 's', '--random', '3');
    expect(played.status).toBe(0);
    expect(JSON.parse(played.stdout).actions).toHaveLength(3);
    expect(played.stderr).toContain('hello from the top level');
    writeFileSync(path.join(dir, 'noisy.json'), played.stdout);
    const replayed = spawned('replay', path.join(dir, 'noisy.ts'), path.join(dir, 'noisy.json'), '--json');
    expect(replayed.status).toBe(0);
    const lines = replayed.stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(replayed.stderr).toContain('hello from the top level');
    expect(JSON.parse(lines[1]).logs).toEqual([{ level: 'log', text: 'in a move', source: 'moves.inc' }]);
    const chart = spawned('chart', path.join(dir, 'noisy.ts'));
    expect(() => JSON.parse(chart.stdout)).not.toThrow();
  });

  it('a replay of another game says it is a different game', async () => {
    const played = await flowscope('play', ttt, '--seed', 'd', '--random', '2', '--out', path.join(dir, 'ttt.json'));
    expect(played.status).toBe(0);
    const run = await flowscope('replay', path.join(dir, 'other.ts'), path.join(dir, 'ttt.json'));
    expect(run.stderr).toMatch(
      /warning: this replay was recorded for a different game: "tic-tac-toe" \(.*tic-tac-toe\/game\.ts\), not "other"/,
    );
    const named = { ...JSON.parse(readFileSync(path.join(dir, 'ttt.json'), 'utf8')) };
    named.game = { ...named.game, export: 'ticTacToe' };
    writeFileSync(path.join(dir, 'named.json'), JSON.stringify(named));
    expectOneLine(
      await flowscope('check', path.join(dir, 'other.ts'), path.join(dir, 'named.json')),
      /^flowscope: this replay was recorded for a different game, "tic-tac-toe" \(.*\): no game named ticTacToe; this module has: other/,
    );
    const copy = tempDirWith({ 'game.ts': `export default { setup: () => ({}), moves: { clickCell: () => {} } };\n` });
    writeFileSync(
      path.join(copy, 'r.json'),
      JSON.stringify({
        ...JSON.parse(readFileSync(path.join(dir, 'ttt.json'), 'utf8')),
        game: { name: 'default', file: 'game.ts', sha256: 'f'.repeat(64) },
      }),
    );
    writeFileSync(
      path.join(copy, 'other.json'),
      JSON.stringify({
        ...JSON.parse(readFileSync(path.join(dir, 'ttt.json'), 'utf8')),
        game: { name: 'bang', file: '../bang/game.ts', sha256: 'f'.repeat(64) },
      }),
    );
    const renamed = await flowscope('check', path.join(copy, 'game.ts'), path.join(copy, 'other.json'), '--game', 'default');
    expect(renamed.stderr).toMatch(
      /warning: this replay was recorded for a different game: "bang" \(\.\.\/bang\/game\.ts\), not "default"/,
    );
    const edited = await flowscope('check', path.join(copy, 'game.ts'), path.join(copy, 'r.json'));
    expect(edited.stderr).toMatch(/warning: game\.ts \(or a file it imports\) has changed/);
  });

  it('an edit to an imported helper counts as a change of the game', async () => {
    const game = tempDirWith({
      'game.ts': `import { n } from './rules';\nexport default { setup: () => ({ n }), moves: { inc: ({ G }: any) => { G.n++; } } };\n`,
      'rules.ts': 'export const n = 1;\n',
    });
    expect(
      (await flowscope('play', path.join(game, 'game.ts'), '--seed', 'h', '--random', '2', '--out', path.join(game, 'r.json'))).status,
    ).toBe(0);
    expect((await flowscope('check', path.join(game, 'game.ts'), path.join(game, 'r.json'))).stderr).not.toMatch(/changed/);
    writeFileSync(path.join(game, 'rules.ts'), 'export const n = 1; // edited\n');
    expect((await flowscope('check', path.join(game, 'game.ts'), path.join(game, 'r.json'))).stderr).toMatch(
      /game\.ts \(or a file it imports\) has changed/,
    );
  });

  it('play --out into a directory or a missing folder is refused before playing', async () => {
    mkdirSync(path.join(dir, 'a-folder'), { recursive: true });
    expectOneLine(
      await flowscope('play', ttt, '--random', '2', '--out', path.join(dir, 'a-folder')),
      /^flowscope: cannot write --out .*a-folder: .*a-folder is a directory/,
    );
    expectOneLine(
      await flowscope('play', ttt, '--random', '2', '--out', path.join(dir, 'nowhere', 'r.json')),
      /^flowscope: cannot write --out .*: the folder .*nowhere does not exist/,
    );
    expect(existsSync(path.join(dir, 'nowhere'))).toBe(false);
  });

  it('replay piped into a reader that stops early ends quietly', async () => {
    const out = path.join(dir, 'long.json');
    expect(
      (
        await flowscope(
          'play',
          path.join(root, 'fixtures/bang/game.ts'),
          '--players',
          '4',
          '--seed',
          'pipe',
          '--random',
          '150',
          '--restart',
          '--out',
          out,
        )
      ).status,
    ).toBe(0);
    const result = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [bin, 'replay', path.join(root, 'fixtures/bang/game.ts'), out, '--json'], { env });
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      child.stdout.once('data', () => child.stdout.destroy());
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('exit', (status) => {
        clearTimeout(timer);
        resolve({ status, stderr });
      });
    });
    expect(result.stderr).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
    expect(result.status).toBe(0);
  });
});
