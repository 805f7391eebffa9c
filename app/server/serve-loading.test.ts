import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { callWs, connectWs } from '../testing/raw-http';
import { tempDirWith } from '../testing/temp-dir';
import { TICKER_GAME, tickerReplay } from '../testing/ticker-game';

// `flowscope serve --replay` as a real process: it prints its address before the replay has
// loaded, a page that connects meanwhile follows the loading, and its requests wait for the
// whole session.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const STEPS = 1000;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('serve --replay with a long replay', () => {
  it('prints its address before the replay has loaded; a page connecting meanwhile sees the loading and then the whole session', async () => {
    const dir = tempDirWith({ 'game.ts': TICKER_GAME, 'long.replay.json': tickerReplay(STEPS) });
    const child = spawn(process.execPath, [bin, 'serve', '--replay', path.join(dir, 'long.replay.json'), '--no-attach'], {
      env: { ...process.env, FLOWSCOPE_STATE_DIR: dir },
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    const address = await new Promise<URL>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 45_000);
      child.stdout!.on('data', (c) => {
        stdout += c;
        const match = /running at (\S+)/.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(new URL(match[1]));
        }
      });
      child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    });
    // The address came first: the replay had not finished loading when it was printed.
    expect(stdout).not.toMatch(/opened replay/);

    const ws: WebSocket = await connectWs(Number(address.port), address.search, address.origin);
    const seen: { type: string; done?: number; total?: number }[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.event) seen.push(message.event);
      else seen.push({ type: `answer ${message.id}` });
    });
    // Asked while loading: answered once the session is whole, never with an error or a part of it.
    const [view, last] = await Promise.all([callWs(ws, 1, 'view'), callWs(ws, 2, 'steps', [STEPS - 1, STEPS])]);
    expect(view.ok).toBe(true);
    expect(view.result).toMatchObject({ length: STEPS + 1, seed: 'slow', game: { name: 'ticker' } });
    expect(last.ok).toBe(true);
    expect(last.result.map((s: { index: number; ok: boolean }) => [s.index, s.ok])).toEqual([
      [STEPS - 1, true],
      [STEPS, true],
    ]);

    // The page saw the loading under way before its answers, in order.
    const firstAnswer = seen.findIndex((m) => m.type.startsWith('answer'));
    const progress = seen.slice(0, firstAnswer).filter((m) => m.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0].done!).toBeLessThan(STEPS);
    expect(progress.every((p) => p.total === STEPS)).toBe(true);
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done!)].sort((a, b) => a - b));

    // And the terminal says so, after the address.
    await expect.poll(() => stdout, { timeout: 10_000 }).toMatch(/opened replay .*long\.replay\.json: ticker, 1000 steps/);
    expect(stdout.indexOf('running at')).toBeLessThan(stdout.indexOf('opening replay'));
    expect(stdout.indexOf('opening replay')).toBeLessThan(stdout.indexOf('opened replay'));
    ws.close();
  });
});
