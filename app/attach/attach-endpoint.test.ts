import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tempDirWith } from '../testing/temp-dir';

// The attach endpoint of a real `flowscope serve`: a message over the size limit is closed with
// 1009 (too big), never 1006, even while the sender is still pushing megabytes at it.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
let child: ChildProcess;
afterAll(() => child?.kill('SIGKILL'));

function attachUrl(): Promise<string> {
  child = spawn(process.execPath, [bin, 'serve', '--attach-port', '0', '--attach-token', 'tok'], {
    env: { ...process.env, FLOWSCOPE_STATE_DIR: tempDirWith({}) },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c) => {
      out += c;
      const url = /url: '(ws:\/\/127\.0\.0\.1:\d+\/attach)'/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

/** Sends `count` messages of 5 MB at once and resolves with the close code the client saw. */
function closeCodeOfBigMessages(url: string, count: number): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url}?token=tok`, { origin: 'http://localhost:5173' });
    ws.on('error', () => undefined);
    ws.on('open', () => {
      for (let i = 0; i < count; i++) ws.send('x'.repeat(5 * 1024 * 1024));
    });
    ws.on('close', (code) => resolve(code));
  });
}

describe('the attach endpoint', () => {
  it('closes 5 MB messages with 1009, however many are on their way', async () => {
    const url = await attachUrl();
    const codes: number[] = [];
    for (let trial = 0; trial < 4; trial++) codes.push(await closeCodeOfBigMessages(url, trial === 0 ? 1 : 5));
    expect(codes).toEqual([1009, 1009, 1009, 1009]);
  }, 120_000);
});
