import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';

// Files that are not files (FIFOs, devices, binary files) and outputs that cannot be written,
// through the real `flowscope` binary: each is exit 2 and one line, and nothing hangs.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const ttt = path.join(root, 'fixtures/tic-tac-toe/game.ts');
const state = tempDirWith({});
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, FLOWSCOPE_STATE_DIR: state } });

function expectOneLine(result: ReturnType<typeof run>, pattern: RegExp) {
  expect(result.error, 'the command did not end').toBeUndefined();
  expect(result.stderr.trim()).toMatch(pattern);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/unexpected failure|\n\s+at /);
  // No raw control bytes reach the terminal.
  expect(result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  expect(result.status).toBe(2);
}

function fifo(file: string): string {
  expect(spawnSync('mkfifo', [file]).status).toBe(0);
  return file;
}

describe('files that are not regular files', () => {
  const dir = tempDirWith({});
  const played = path.join(dir, 'ttt.json');
  expect(run('play', ttt, '--seed', 'f', '--random', '3', '--out', played).status).toBe(0);

  it('a FIFO or /dev/zero as a game file is refused in one line', () => {
    expectOneLine(
      run('play', fifo(path.join(dir, 'game.ts'))),
      /^flowscope: cannot read game file .*game\.ts: it is a FIFO \(named pipe\), not a regular file$/,
    );
    expectOneLine(run('lint', path.join(dir, 'game.ts')), /it is a FIFO/);
  });

  it('a FIFO or /dev/zero as a replay is refused in one line by replay, check and serve (exit 2, never 0)', () => {
    const pipe = fifo(path.join(dir, 'r.json'));
    for (const command of ['replay', 'check', 'compare', 'export-test'])
      expectOneLine(run(command, ttt, pipe), /^flowscope: cannot read replay .*r\.json: it is a FIFO \(named pipe\), not a regular file$/);
    expectOneLine(run('replay', ttt, '/dev/zero'), /^flowscope: cannot read replay \/dev\/zero: it is a device, not a regular file$/);
    expectOneLine(run('serve', ttt, '--replay', pipe, '--no-attach'), /it is a FIFO/);
  });

  it('a FIFO in a FlatFile folder (the match log) is refused in one line', () => {
    const storage = tempDirWith({});
    const key = (k: string) => path.join(storage, createHash('md5').update(k).digest('hex'));
    const initial = { G: {}, ctx: { numPlayers: 2 }, plugins: { random: { data: { seed: 's' } } }, _stateID: 0 };
    writeFileSync(key('m:initial'), JSON.stringify({ key: 'm:initial', value: initial }));
    fifo(key('m:log'));
    expectOneLine(run('import-match', ttt, '--storage', storage, '--match', 'm'), /^flowscope: cannot read .*m:log.*: it is a FIFO/);
  });

  it('a binary game file or replay is one line, without its bytes', () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256));
    writeFileSync(path.join(dir, 'binary.ts'), bytes);
    writeFileSync(path.join(dir, 'binary.json'), bytes);
    expectOneLine(run('play', path.join(dir, 'binary.ts')), /^flowscope: cannot read game file .*binary\.ts: it is a binary file/);
    expectOneLine(run('replay', ttt, path.join(dir, 'binary.json')), /^flowscope: cannot read replay .*binary\.json: it is a binary file/);
  });

  it('lesson check of a missing lesson file is a bad command line (2)', () => {
    expectOneLine(
      run('lesson', 'check', path.join(dir, 'nope.lesson.json')),
      /^flowscope: cannot read lesson .*nope\.lesson\.json: no such file$/,
    );
  });
});

describe('outputs and ports that cannot be used', () => {
  const dir = tempDirWith({});
  const played = path.join(dir, 'ttt.json');
  expect(run('play', ttt, '--seed', 'o', '--random', '3', '--out', played).status).toBe(0);

  it('--storage naming a file is one line', () => {
    expectOneLine(
      run('import-match', ttt, '--storage', played, '--match', 'm'),
      /^flowscope: --storage must be the folder .*, and .*ttt\.json is a file$/,
    );
  });

  it('--out into a missing folder is refused before the work, in export-test, import-match and migrate', () => {
    const nowhere = path.join(dir, 'nowhere', 'x');
    expectOneLine(
      run('export-test', ttt, played, '--out', nowhere),
      /^flowscope: cannot write --out .*: the folder .*nowhere does not exist$/,
    );
    expectOneLine(
      run('import-match', ttt, '--storage', dir, '--match', 'm', '--out', nowhere),
      /^flowscope: cannot write --out .*: the folder .*nowhere does not exist$/,
    );
    expect(existsSync(path.join(dir, 'nowhere'))).toBe(false);
  });

  it('migrate --out onto an existing file is one line, and the file is untouched', () => {
    const before = readFileSync(played, 'utf8');
    expectOneLine(run('migrate', ttt, '--out', played), /^flowscope: cannot write --out .*ttt\.json: .*ttt\.json is a file, not a folder$/);
    expect(readFileSync(played, 'utf8')).toBe(before);
  });

  it.skipIf(process.getuid?.() === 0)('--out into a read-only folder is one line', () => {
    const readOnly = path.join(dir, 'read-only');
    mkdirSync(readOnly, { mode: 0o555 });
    expectOneLine(run('export-test', ttt, played, '--out', path.join(readOnly, 't.test.ts')), /the folder .*read-only is read-only$/);
    expectOneLine(run('migrate', ttt, '--out', path.join(readOnly, 'out')), /the folder .*read-only is read-only$/);
  });

  it('serve --inspect-port already in use is one line', async () => {
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      // The port is taken in the kernel: blocking this process while the command runs changes nothing.
      const result = run('serve', ttt, '--no-attach', '--inspect', '--inspect-port', String(port));
      expectOneLine(
        result,
        new RegExp(`^flowscope: cannot start the inspect server on 127\\.0\\.0\\.1:${port}: it is in use \\(choose another --inspect-port`),
      );
    } finally {
      busy.close();
    }
  });

  it('serve of a game with a syntax error is one line, with no restore offer beside it', () => {
    const crashed = tempDirWith({});
    const sessions = path.join(crashed, 'sessions');
    mkdirSync(sessions);
    const open = {
      kind: 'open',
      open: { game: ttt, numPlayers: 2, seed: 's' },
      pid: 2147483646,
      at: '2026-01-01T00:00:00.000Z',
      actions: [],
    };
    writeFileSync(path.join(sessions, '1-2147483646-x.journal.jsonl'), JSON.stringify(open) + '\n');
    writeFileSync(path.join(dir, 'syntax.ts'), 'export default { setup: () => ({ , }) };\n');
    const result = spawnSync(process.execPath, [bin, 'serve', path.join(dir, 'syntax.ts'), '--no-attach'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, FLOWSCOPE_STATE_DIR: crashed },
    });
    expectOneLine(result, /^flowscope: syntax\.ts has an error: .*syntax\.ts:1:\d+: Expected identifier but found ","$/);
  });
});
