import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { callWs, connectWs } from '../testing/raw-http';
import { tempDirWith } from '../testing/temp-dir';

// `flowscope serve` as a real process: one client's long request, or a breakpoint condition that
// never returns or ends the process, must not stop the server answering the others.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const env = { ...process.env, FLOWSCOPE_STATE_DIR: tempDirWith({}) };
const dir = tempDirWith({
  'endless.js': `export default { setup: () => ({ n: 0 }), turn: { maxMoves: 1 }, moves: { inc: ({ G }) => { G.n++; } }, ai: { enumerate: () => [{ move: 'inc' }] } };\n`,
});
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

function serve(...args: string[]): Promise<URL> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'serve', path.join(dir, 'endless.js'), '--no-attach', ...args], { env });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    child.stdout!.on('data', (c) => {
      stdout += c;
      const match = /running at (\S+)/.exec(stdout);
      if (match) resolve(new URL(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

describe('long requests and breakpoint conditions in serve', () => {
  it("another client's requests are answered while one plays a million random steps", async () => {
    const url = await serve();
    const busy = await connectWs(Number(url.port), url.search, url.origin);
    const other = await connectWs(Number(url.port), url.search, url.origin);
    let finished = false;
    const long = callWs(busy, 1, 'random', [1_000_000]).then((r) => ((finished = true), r));
    // The other client's view arrives while the million steps are still being played.
    await expect.poll(async () => (await callWs(other, 1, 'view')).result.length, { timeout: 30_000 }).toBeGreaterThan(100);
    expect(finished).toBe(false);
    const view = await callWs(other, 2, 'view');
    expect(view.ok).toBe(true);
    busy.close();
    other.close();
    void long.catch(() => undefined);
  }, 60_000);

  it('a client that leaves stops its random run; the next change is not kept waiting for it', async () => {
    const url = await serve();
    const leaving = await connectWs(Number(url.port), url.search, url.origin);
    const other = await connectWs(Number(url.port), url.search, url.origin);
    void callWs(leaving, 1, 'random', [1_000_000]).catch(() => undefined);
    await expect.poll(async () => (await callWs(other, 1, 'view')).result.length, { timeout: 30_000 }).toBeGreaterThan(100);
    leaving.close();
    // A dispatch waits for the random run to end: it is answered because the run was stopped.
    const last = (await callWs(other, 2, 'view')).result.length;
    const dispatched = await callWs(other, 3, 'dispatch', [{ type: 'move', name: 'inc', args: [], playerID: '0' }]);
    expect(dispatched.ok).toBe(true);
    expect(dispatched.result.index).toBeLessThan(last + 1000);
    other.close();
  }, 60_000);

  it('a condition that never returns, or calls process.exit(), is stopped and named; the server answers on', async () => {
    const url = await serve('--timeout', '1');
    const ws = await connectWs(Number(url.port), url.search, url.origin);
    expect((await callWs(ws, 1, 'random', [3])).ok).toBe(true);
    const looping = await callWs(ws, 2, 'random', [5, [{ kind: 'predicate', source: '(() => { for (;;) {} })()' }]]);
    expect(looping.ok).toBe(false);
    expect(looping.error.message).toMatch(/stopped after 1 s without progress .*inside the breakpoint condition/);
    expect((await callWs(ws, 3, 'view')).result).toMatchObject({ length: 4 });
    const exiting = await callWs(ws, 4, 'random', [5, [{ kind: 'predicate', source: 'process.exit(7)' }]]);
    expect(exiting.ok).toBe(false);
    expect(exiting.error.message).toMatch(/called process\.exit\(7\) .*inside the breakpoint condition/);
    expect((await callWs(ws, 5, 'view')).result).toMatchObject({ length: 4 });
    ws.close();
  }, 60_000);
});
