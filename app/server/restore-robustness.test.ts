import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { callWs, connectWs, nextMessage } from '../testing/raw-http';
import { tempDirWith } from '../testing/temp-dir';

// Restores that meet a crash, a damaged journal or a journal that is not a file, through the real
// `flowscope serve`: the complete journal is never lost, and every loss is said.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

const COUNTER = `export default {
  name: 'counter',
  setup: () => ({ n: 0 }),
  moves: { inc: ({ G }) => { G.n += 1; } },
};
`;
const inc = { type: 'move', name: 'inc', args: [], playerID: '0' };
const DEAD_PID = 2147483646;

/** A journal left by a dead process: its replay header, then one line per action (or the given raw lines). */
function journalText(game: string, lines: string[]): string {
  const header = {
    format: 'flowscope-replay',
    version: 1,
    game: { name: 'counter', file: game, export: 'default' },
    numPlayers: 2,
    seed: 's',
    journal: { pid: DEAD_PID, at: '2026-01-01T00:00:00.000Z' },
  };
  return [JSON.stringify(header), ...lines].join('\n') + '\n';
}
const actionLines = (_from: number, count: number) => Array.from({ length: count }, () => JSON.stringify(inc));

/** A state folder holding one unfinished journal of the counter game; returns the folder and the journal's path. */
function stateWith(lines: string[]): { state: string; journal: string; sessions: string } {
  const state = tempDirWith({ 'game.js': COUNTER });
  const sessions = path.join(state, 'sessions');
  const journal = path.join(sessions, `1-${DEAD_PID}-dead.journal.jsonl`);
  mkdirSync(sessions);
  writeFileSync(journal, journalText(path.join(state, 'game.js'), lines));
  return { state, journal, sessions };
}

interface Started {
  child: ChildProcess;
  url: URL;
  stdout: string;
  stderr: string;
}

function serve(state: string, ...args: string[]): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'serve', '--no-attach', ...args], { env: { ...process.env, FLOWSCOPE_STATE_DIR: state } });
    children.push(child);
    const started = { child, url: null as unknown as URL, stdout: '', stderr: '' };
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${started.stderr}`)), 45_000);
    child.stderr!.on('data', (c) => (started.stderr += c));
    child.stdout!.on('data', (c) => {
      started.stdout += c;
      const match = /running at (\S+)/.exec(started.stdout);
      if (match && !started.url) {
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

async function stop(started: Started): Promise<void> {
  started.child.kill('SIGTERM');
  await exited(started.child);
}

describe('serve --restore', () => {
  it('killed while it replays a 5,000-action journal, offers that whole journal again, not a partial copy', async () => {
    const { state, journal, sessions } = stateWith(actionLines(1, 5_000));
    const first = await serve(state, '--restore');
    // The restore runs after the address is printed and reports its progress: kill it in the middle.
    const ws = await connectWs(Number(first.url.port), first.url.search, first.url.origin);
    for (;;) {
      const message = await nextMessage(ws);
      if (message === null) throw new Error(`the page's socket closed before the restore made progress: ${first.stderr}`);
      const event = JSON.parse(message).event;
      if (event?.type === 'progress' && event.done > 0 && event.done < event.total) break;
    }
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(first.stdout).not.toMatch(/restored the unfinished session/);
    expect(existsSync(journal)).toBe(true);

    const second = await serve(state);
    expect(second.stderr).toMatch(/an unfinished session can be restored: game\.js opened .*, 5000 actions\./);
    await stop(second);

    const third = await serve(state, '--restore');
    await expect.poll(() => third.stdout, { timeout: 120_000 }).toMatch(/restored the unfinished session of .*: counter, 5000 steps/);
    // The old journal gave way to the new, complete one only once the session held everything.
    expect(existsSync(journal)).toBe(false);
    const [renewed] = readdirSync(sessions);
    expect(readFileSync(path.join(sessions, renewed), 'utf8').split('\n')[0]).toContain(`"pid":${third.child.pid}`);
    await stop(third);
  }, 240_000);

  it('names a damaged line in the middle, how many actions after it were not restored, and keeps the whole journal', async () => {
    const { state, journal, sessions } = stateWith([...actionLines(1, 49), 'garbage {', ...actionLines(51, 51)]);
    const offered = await serve(state);
    expect(offered.stderr).toMatch(/49 actions \(line 51 of its journal is damaged: the 51 actions after it cannot be restored\)/);
    await stop(offered);

    const restored = await serve(state, '--restore');
    await expect.poll(() => restored.stdout, { timeout: 60_000 }).toMatch(/restored the unfinished session .*: counter, 49 steps/);
    await expect
      .poll(() => restored.stderr, { timeout: 10_000 })
      .toMatch(
        /warning: line 51 of its journal is damaged \(not JSON\): it and the 51 actions after it were not restored; the whole journal is kept at .*\.damaged\.jsonl/,
      );
    const kept = path.join(sessions, path.basename(journal).replace('.journal.jsonl', '.damaged.jsonl'));
    expect(readFileSync(kept, 'utf8').trim().split('\n')).toHaveLength(102);
    await stop(restored);
    // The kept copy is not offered again.
    const after = await serve(state);
    expect(after.stderr).not.toMatch(/can be restored/);
    await stop(after);
  }, 120_000);

  it('a line holding an invalid action is damage like any other, not a raw protocol error', async () => {
    const bad = JSON.stringify({ type: 'move', name: 42, playerID: '0' });
    const { state } = stateWith([...actionLines(1, 2), bad, ...actionLines(4, 3)]);
    const restored = await serve(state, '--restore');
    await expect.poll(() => restored.stdout, { timeout: 60_000 }).toMatch(/counter, 2 steps/);
    await expect
      .poll(() => restored.stderr, { timeout: 10_000 })
      .toMatch(/line 4 of its journal is damaged \(not a valid action \(.*name.*\)\): it and the 3 actions after it were not restored/);
    expect(restored.stderr).not.toMatch(/ProtocolError|\n\s+at /);
    const ws = await connectWs(Number(restored.url.port), restored.url.search, restored.url.origin);
    expect((await callWs(ws, 1, 'view')).result).toMatchObject({ length: 3 });
    ws.close();
    await stop(restored);
  }, 120_000);

  it('a journal that is a FIFO is passed over in one line, and serve starts', async () => {
    const { state, sessions } = stateWith(actionLines(1, 2));
    expect(spawnSync('mkfifo', [path.join(sessions, `2-${DEAD_PID}-fifo.journal.jsonl`)]).status).toBe(0);
    const started = await serve(state);
    expect(started.stderr).toMatch(
      /flowscope: cannot read session journal .*fifo\.journal\.jsonl: it is a FIFO \(named pipe\), not a regular file; it was passed over/,
    );
    expect(started.stderr).toMatch(/an unfinished session can be restored: game\.js .*, 2 actions/);
    await stop(started);
  }, 60_000);
});
