import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { callWs, connectWs } from '../testing/raw-http';
import { tempDirWith } from '../testing/temp-dir';

// Game code that ends its thread (`process.exit()`, memory it runs out of), writes to stdout
// directly, or throws in `ai.enumerate`, through the real `flowscope` binary.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const state = tempDirWith({});
const env = { ...process.env, FLOWSCOPE_STATE_DIR: state };
const flowscope = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000, env });

const game = (moveBody: string, top = '', enumerate = "() => [{ move: 'inc' }]") =>
  `${top}\nexport default { setup: () => ({ n: 0 }), moves: { inc: ({ G }) => { ${moveBody} } }, ai: { enumerate: ${enumerate} } };\n`;

const dir = tempDirWith({
  'exit-in-move.js': game('if (G.n++ >= 2) process.exit(0);'),
  'exit-at-load.js': game('G.n++;', 'process.exit(0);'),
  'exit-code-3.js': game('process.exit(3);'),
  'stdout-at-load.js': game('G.n++;', "console.log('LOG AT LOAD'); process.stdout.write('WRITE AT LOAD\\n');"),
  'stdout-in-move.js': game("G.n++; process.stdout.write('WRITE IN MOVE\\n');"),
  'greedy.js': game('const keep = []; for (;;) keep.push(new Array(1000).fill(G.n));'),
  'enumerate-throws.js': game('G.n++;', '', "() => { throw new Error('no moves today'); }"),
});
const file = (name: string) => path.join(dir, name);

function expectOneLine(run: { status: number | null; stderr: string }, pattern: RegExp) {
  expect(run.status).toBe(2);
  const ours = run.stderr
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('flowscope:'));
  expect(ours).toHaveLength(1);
  expect(ours[0]).toMatch(pattern);
  expect(run.stderr).not.toMatch(/unexpected failure|\n\s+at |node:internal/);
}

describe('game code that calls process.exit()', () => {
  it('in a move: exit 2, naming the function and the code, with or without --out', () => {
    expectOneLine(
      flowscope('play', file('exit-in-move.js'), '--seed', 's', '--random', '5'),
      /^flowscope: game code called process\.exit\(0\) while step 3: inc\(\) by player 0, inside moves\.inc/,
    );
    expectOneLine(
      flowscope('play', file('exit-code-3.js'), '--seed', 's', '--random', '5', '--out', file('never.json')),
      /process\.exit\(3\) .*inside moves\.inc/,
    );
  });

  it('at module load: exit 2 in play and chart', () => {
    for (const args of [['play'], ['chart']])
      expectOneLine(
        flowscope(...args, file('exit-at-load.js')),
        /process\.exit\(0\) while loading .*inside the top level of exit-at-load\.js/,
      );
  });
});

describe('game code that writes to stdout', () => {
  it('at module load and in moves: machine output stays clean, the text goes to stderr', () => {
    const played = flowscope('play', file('stdout-at-load.js'), '--seed', 's', '--random', '3');
    expect(played.status).toBe(0);
    expect(JSON.parse(played.stdout).actions).toHaveLength(3);
    expect(played.stderr).toContain('WRITE AT LOAD');
    writeFileSync(file('at-load.json'), played.stdout);
    const replayed = flowscope('replay', file('stdout-at-load.js'), file('at-load.json'), '--json');
    expect(replayed.status).toBe(0);
    for (const line of replayed.stdout.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    const chart = flowscope('chart', file('stdout-at-load.js'), '--format', 'json');
    expect(() => JSON.parse(chart.stdout)).not.toThrow();
    const explored = flowscope('explore', file('stdout-at-load.js'), '--runs', '2', '--steps', '3', '--workers', '1', '--json');
    expect(() => JSON.parse(explored.stdout)).not.toThrow();
    const inMoves = flowscope('play', file('stdout-in-move.js'), '--seed', 's', '--random', '3');
    expect(JSON.parse(inMoves.stdout).actions).toHaveLength(3);
    expect(inMoves.stderr).toContain('WRITE IN MOVE');
  });
});

describe('game code that runs out of memory or throws in ai.enumerate', () => {
  it('a move that allocates without end: one line with the function, the limit and --max-memory', () => {
    expectOneLine(
      flowscope('play', file('greedy.js'), '--seed', 's', '--random', '3', '--max-memory', '64'),
      /^flowscope: game code ran out of memory \(the limit is 64 MB\) while step 1: inc\(\) by player 0, inside moves\.inc; allow more with --max-memory MB/,
    );
  });

  it('--max-memory is checked', () => {
    expectOneLine(
      flowscope('play', file('greedy.js'), '--max-memory', '8'),
      /^flowscope: --max-memory must be an integer of at least 32, got 8/,
    );
  });

  it('an ai.enumerate that throws: one line naming it and where', () => {
    expectOneLine(
      flowscope('play', file('enumerate-throws.js'), '--seed', 's', '--random', '3'),
      /^flowscope: ai\.enumerate threw while choosing a random action after step 0 \(at enumerate-throws\.js:\d+:\d+\): no moves today$/,
    );
  });
});

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** `flowscope serve <game>` as a real process, once it prints its address. */
function serve(game: string, ...args: string[]): Promise<{ child: ChildProcess; url: URL; stderr: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'serve', game, '--no-attach', ...args], { env });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    child.stdout!.on('data', (c) => {
      stdout += c;
      const match = /running at (\S+)/.exec(stdout);
      if (match) resolve({ child, url: new URL(match[1]), stderr: () => stderr });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

describe('serve keeps the session when game code ends its worker', () => {
  it('process.exit() in a move, memory run out, an ai.enumerate that throws: the request fails with one line, the session lives on', async () => {
    const exiting = await serve(file('exit-in-move.js'), '--seed', 'x');
    const ws = await connectWs(Number(exiting.url.port), exiting.url.search, exiting.url.origin);
    const inc = { type: 'move', name: 'inc', args: [], playerID: '0' };
    expect((await callWs(ws, 1, 'dispatch', [inc])).ok).toBe(true);
    expect((await callWs(ws, 2, 'dispatch', [inc])).ok).toBe(true);
    const ended = await callWs(ws, 3, 'dispatch', [inc]);
    expect(ended.ok).toBe(false);
    expect(ended.error.message).toMatch(
      /game code called process\.exit\(0\) while .*inside moves\.inc.*restored to its last completed step/,
    );
    const view = await callWs(ws, 4, 'view');
    expect(view.result).toMatchObject({ length: 3, seed: 'x' });
    ws.close();

    const greedy = await serve(file('greedy.js'), '--max-memory', '64');
    const ws2 = await connectWs(Number(greedy.url.port), greedy.url.search, greedy.url.origin);
    const oom = await callWs(ws2, 1, 'dispatch', [inc]);
    expect(oom.error.message).toMatch(
      /game code ran out of memory \(the limit is 64 MB\) while .*inside moves\.inc; allow more with --max-memory MB/,
    );
    expect((await callWs(ws2, 2, 'view')).result).toMatchObject({ length: 1 });
    ws2.close();

    const throwing = await serve(file('enumerate-throws.js'));
    const ws3 = await connectWs(Number(throwing.url.port), throwing.url.search, throwing.url.origin);
    const random = await callWs(ws3, 1, 'random', [3]);
    expect(random.error.message).toMatch(/ai\.enumerate threw .*no moves today/);
    expect((await callWs(ws3, 2, 'view')).result).toMatchObject({ length: 1 });
    ws3.close();
  }, 120_000);
});
