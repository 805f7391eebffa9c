import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { callWs, connectWs } from '../testing/raw-http';
import { tempDirWith } from '../testing/temp-dir';

// `flowscope serve` as a real process: kill -9 it mid-session, start it again, and find every
// dispatched action restored.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const game = path.join(root, 'fixtures/tic-tac-toe/game.ts');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

interface Started {
  child: ChildProcess;
  url: URL;
  stdout: string;
  stderr: string;
}

/** Starts `flowscope serve …` and resolves once it prints its address (or rejects when it exits first). */
function serve(stateDir: string, ...args: string[]): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'serve', ...args], { env: { ...process.env, FLOWSCOPE_STATE_DIR: stateDir } });
    children.push(child);
    const started = { child, url: null as unknown as URL, stdout: '', stderr: '' };
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${started.stderr}`)), 45_000);
    child.stderr!.on('data', (c) => (started.stderr += c));
    child.stdout!.on('data', (c) => {
      started.stdout += c;
      const match = /running at (\S+)/.exec(started.stdout);
      if (match) {
        clearTimeout(timer);
        started.url = new URL(match[1]);
        resolve(started);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${started.stderr}`));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('a crashed serve', () => {
  it('restores every dispatched action after kill -9', async () => {
    const state = tempDirWith({});
    const first = await serve(state, game, '--seed', 'crash');
    const port = Number(first.url.port);
    const ws = await connectWs(port, first.url.search, first.url.origin);
    const moves = [4, 0, 8].map((cell, i) => ({ type: 'move', name: 'clickCell', args: [cell], playerID: String(i % 2) }));
    let id = 1;
    for (const move of moves) expect((await callWs(ws, id++, 'dispatch', [move])).ok).toBe(true);
    const random = await callWs(ws, id++, 'random', [2]);
    const dispatched = [...moves, ...random.result.map((s: { action: unknown }) => s.action)];
    expect(dispatched).toHaveLength(5);
    first.child.kill('SIGKILL');
    await exited(first.child);

    // The next start says a session can be restored, and leaves it for --restore.
    const second = await serve(state);
    expect(second.stderr).toMatch(/an unfinished session can be restored: game\.ts opened .*, 5 actions\. Run `flowscope serve --restore`/);
    second.child.kill('SIGTERM');
    await exited(second.child);

    const third = await serve(state, '--restore');
    // The address comes first; the restore follows, and requests wait for it.
    await expect
      .poll(() => third.stdout, { timeout: 30_000 })
      .toMatch(/restored the unfinished session of game\.ts .*: tic-tac-toe, 5 steps/);
    const again = await connectWs(Number(third.url.port), third.url.search, third.url.origin);
    const view = await callWs(again, 1, 'view');
    expect(view.result).toMatchObject({ length: 6, seed: 'crash', game: { name: 'tic-tac-toe' } });
    const steps = await callWs(again, 2, 'steps', [1, 5]);
    expect(steps.result.map((s: { action: unknown }) => s.action)).toEqual(dispatched);
    again.close();
    third.child.kill('SIGTERM');
    await exited(third.child);
    // A clean stop leaves no journal behind; the restored one was consumed.
    expect(existsSync(path.join(state, 'sessions')) ? readdirSync(path.join(state, 'sessions')) : []).toEqual([]);
  });

  it('leaves a journal that `flowscope replay` and `check` open, replaying every answered step', async () => {
    const state = tempDirWith({});
    const first = await serve(state, game, '--seed', 'journal-is-a-replay', '--no-attach');
    const ws = await connectWs(Number(first.url.port), first.url.search, first.url.origin);
    const move = (cell: number, player: number) => ({ type: 'move', name: 'clickCell', args: [cell], playerID: String(player) });
    let id = 1;
    for (const [cell, player] of [
      [4, 0],
      [0, 1],
      [8, 0],
    ])
      expect((await callWs(ws, id++, 'dispatch', [move(cell, player)])).ok).toBe(true);
    // A branch from step 1 replaces steps 2 and 3; a refused move is a step too; then random steps.
    expect((await callWs(ws, id++, 'dispatch', [move(2, 1), 1])).result).toMatchObject({ index: 2, ok: true });
    expect((await callWs(ws, id++, 'dispatch', [move(2, 0)])).result).toMatchObject({ index: 3, ok: false });
    expect((await callWs(ws, id++, 'random', [3])).ok).toBe(true);
    const answered = (await callWs(ws, id++, 'steps', [0, 100])).result as { index: number; action: unknown; ctx: unknown }[];
    expect(answered.length).toBeGreaterThan(4);
    first.child.kill('SIGKILL');
    await exited(first.child);

    const sessions = path.join(state, 'sessions');
    const [journal] = readdirSync(sessions).map((name) => path.join(sessions, name));
    const replay = spawnSync(process.execPath, [bin, 'replay', game, journal, '--json'], { encoding: 'utf8', timeout: 60_000 });
    expect(replay.stderr).toBe('');
    expect(replay.status).toBe(0);
    const replayed = replay.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { step: number; action: unknown; ctx: unknown });
    expect(replayed.map((s) => ({ index: s.step, action: s.action, ctx: s.ctx }))).toEqual(
      answered.map((s) => ({ index: s.index, action: s.action, ctx: s.ctx })),
    );
    const check = spawnSync(process.execPath, [bin, 'check', game, journal], { encoding: 'utf8', timeout: 60_000 });
    expect(check.status).toBe(0);

    // The page's Open replay sends the file's text: the journal opens there too.
    const second = await serve(state, '--no-attach');
    const page = await connectWs(Number(second.url.port), second.url.search, second.url.origin);
    const opened = await callWs(page, 1, 'openReplay', [readFileSync(journal, 'utf8'), journal]);
    expect(opened.result).toMatchObject({ length: answered.length, seed: 'journal-is-a-replay' });
    const steps = await callWs(page, 2, 'steps', [0, 100]);
    expect(steps.result.map((s: { action: unknown }) => s.action)).toEqual(answered.map((s) => s.action));
    page.close();
    second.child.kill('SIGTERM');
    await exited(second.child);
  }, 120_000);
});
