import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { main } from './main';

// A 0.50 game that reads as a pre-0.50 one (its ai.enumerate keeps boardgame.io's positional
// `(G, ctx, playerID)`, and nothing else names an era): on the guess its setup fails; every
// command that opens a game must run it on the release `--bgio` names.
const MIXED = `export default {
  name: 'mixed',
  setup: (context) => ({ n: context.ctx.numPlayers }),
  moves: { inc: (context) => { context.G.n++; } },
  ai: { enumerate: (G, ctx, playerID) => [{ move: 'inc' }] },
};
`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const dir = tempDirWith({ 'game.js': MIXED });
const game = path.join(dir, 'game.js');
const state = tempDirWith({});
process.env.FLOWSCOPE_STATE_DIR = state;

async function flowscope(...argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(argv, { print: (l) => out.push(l), warn: (l) => err.push(l), signal: AbortSignal.abort() });
  return { status, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('--bgio reaches every command that opens a game', () => {
  const replay = path.join(dir, 'r.json');

  it('the game is read as pre-0.50 without it (its setup fails), and plays on 0.50 with it', async () => {
    const guessed = await flowscope('play', game, '--random', '1');
    expect(guessed.stderr).toMatch(/setup threw/);
    const played = await flowscope('play', game, '--bgio', '0.50', '--random', '2', '--seed', 'b', '--out', replay);
    expect(played.stderr).toMatch(/boardgame\.io 0\.50\.2: --bgio 0\.50/);
    expect(played.status).toBe(0);
    // The replay records the release it ran on; a copy without it must lean on --bgio alone.
    const plain = JSON.parse((await import('node:fs')).readFileSync(replay, 'utf8'));
    delete plain.game.bgio;
    writeFileSync(replay, JSON.stringify(plain));
  });

  it.each([
    ['replay', () => [game, replay]],
    ['check', () => [game, replay]],
    ['chart', () => [game]],
    ['lint', () => [game]],
    ['export-test', () => [game, replay]],
    ['inspect', () => [game, '--random', '1', '--interval', '0', '--inspect-port', '0']],
  ])('%s', async (command, args) => {
    const run = await flowscope(command, ...args(), '--bgio', '0.50');
    expect(run.stderr).not.toMatch(/setup threw|0\.49/);
    expect(run.status, run.stderr).toBe(0);
  });

  it('serve (a real process): the game opens on 0.50, and so does a replay', async () => {
    for (const args of [[game], ['--replay', replay]]) {
      const out = await new Promise<string>((resolve) => {
        const child = spawn(process.execPath, [bin, 'serve', ...args, '--bgio', '0.50', '--no-attach'], {
          env: { ...process.env, FLOWSCOPE_STATE_DIR: state },
        });
        let text = '';
        const collect = (c: Buffer) => {
          text += c;
          if (/opened (mixed|replay)/.test(text) || /flowscope: /.test(text)) child.kill('SIGTERM');
        };
        child.stdout.on('data', collect);
        child.stderr.on('data', collect);
        const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
        child.on('exit', () => {
          clearTimeout(timer);
          resolve(text);
        });
      });
      expect(out).not.toMatch(/setup threw|flowscope: /);
      expect(out).toMatch(/opened (mixed \(.*game\.js\) for 2 players|replay .*r\.json: mixed, 2 steps)/);
    }
  }, 120_000);
});
