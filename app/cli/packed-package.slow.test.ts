import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../testing/browser';
import { tempDirWith } from '../testing/temp-dir';
import { SHOTS } from '../testing/ui-session';
import { sarifValidator } from './ci/testing/sarif-validator';

// Flowscope as a project installs it: `npm pack` of this repository, installed from the tarball
// into a fresh project (outside the repository, so nothing resolves from its node_modules) beside
// boardgame.io 0.50.1 from the npm registry; then its commands run from that project's root.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const GAME = `import { INVALID_MOVE } from 'boardgame.io/core';

export const Counter = {
  name: 'counter',
  setup: () => ({ n: 0, rolls: [] }),
  moves: {
    add: ({ G }, by) => {
      if (by !== 1 && by !== 2) return INVALID_MOVE;
      G.n += by;
    },
    roll: ({ G }) => {
      G.rolls.push(Math.floor(Math.random() * 6));
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G }) => (G.n >= 10 ? { winner: '0' } : undefined),
  ai: { enumerate: () => [{ move: 'add', args: [1] }, { move: 'add', args: [2] }, { move: 'roll', args: [] }] },
};
`;

let project: string;
let tarball: string;
let files: string[];

function sh(command: string, args: string[], cwd = project): SpawnSyncReturns<string> {
  const env = {
    ...process.env,
    GITHUB_ACTIONS: '',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  return spawnSync(command, args, { cwd, encoding: 'utf8', env, timeout: 240_000 });
}

const flowscope = (...args: string[]) => sh('npx', ['--no-install', 'flowscope', ...args]);

beforeAll(() => {
  const packs = tempDirWith({});
  const packed = sh('npm', ['pack', '--json', '--pack-destination', packs], ROOT);
  expect(packed.status, packed.stderr).toBe(0);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')));
  tarball = path.join(packs, info.filename);
  files = info.files.map((f: { path: string }) => f.path);
  project = tempDirWith({
    'package.json': JSON.stringify({ name: 'my-game', version: '1.0.0', private: true }),
    'src/game.js': GAME,
  });
  const installed = sh('npm', ['install', '--save-dev', 'boardgame.io@0.50.1', tarball]);
  expect(installed.status, installed.stderr).toBe(0);
});

describe('the packed package', () => {
  it('carries the built command line, page, desktop app and attach module, and no sources, tests or source maps', () => {
    for (const needed of [
      'bin/flowscope.mjs',
      'dist/cli/main.mjs',
      'renderer/dist/index.html',
      'dist-electron/main.mjs',
      'attach/flowscope-attach.mjs',
    ])
      expect(files).toContain(needed);
    expect(files.filter((f) => /^(app|engine|renderer\/src|scripts|bench)\/|\.map$|\.test\.ts$|^node_modules\//.test(f))).toEqual([]);
  });

  it('lints and plays a game of the project on its own boardgame.io 0.50.1', () => {
    const linted = flowscope('lint', 'src/game.js');
    expect(linted.stdout).toMatch(/^warning +nondeterministic-call +game\.js:12 calls Math\.random/m);
    expect(linted.status).toBe(0);
    // The installed package runs its built command line: no sources, no tsx fallback.
    expect(linted.stderr).not.toContain('TypeScript sources');
    const played = flowscope('play', 'src/game.js', '--random', '8', '--seed', 'packed', '--out', 'counter.replay.json');
    expect(played.status, played.stderr).toBe(0);
    expect(played.stderr).toContain(`running on the project's boardgame.io 0.50.1 (${path.join(project, 'node_modules', 'boardgame.io')})`);
    const replay = JSON.parse(readFileSync(path.join(project, 'counter.replay.json'), 'utf8'));
    expect(replay.game.bgio).toBe('0.50.1');
    const checked = flowscope('check', 'src/game.js', 'counter.replay.json');
    expect(checked.stdout).toMatch(/^ok: 8 steps replayed/);
  });

  it('writes lint findings as SARIF 2.1.0 that the schema accepts, at the file relative to the project', () => {
    const linted = flowscope('lint', 'src/game.js', '--format', 'sarif');
    const log = JSON.parse(linted.stdout);
    expect(sarifValidator()(log)).toEqual([]);
    expect(log.runs[0].results[0]).toMatchObject({
      ruleId: 'nondeterministic-call',
      level: 'warning',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'src/game.js' }, region: { startLine: 12 } } }],
    });
  });

  it('writes explore as JUnit XML a JUnit parser reads', () => {
    const explored = flowscope(
      'explore',
      'src/game.js',
      '--runs',
      '4',
      '--steps',
      '20',
      '--workers',
      '1',
      '--junit',
      'reports/explore.xml',
    );
    expect([0, 1], explored.stderr).toContain(explored.status);
    const xml = readFileSync(path.join(project, 'reports/explore.xml'), 'utf8');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suite = parsed.testsuites.testsuite;
    expect(suite.name).toMatch(/^counter \(src\/game\.js, 4 runs/);
    expect(suite.testcase.map((c: { name: string }) => c.name)).toContain('threw');
  });

  it("resolves import('flowscope/attach') in the project's own code", () => {
    writeFileSync(
      path.join(project, 'client.mjs'),
      "const { flowscope } = await import('flowscope/attach'); console.log(typeof flowscope);\n",
    );
    const imported = sh(process.execPath, ['client.mjs']);
    expect(imported.stdout.trim()).toBe('function');
  });

  it('`flowscope app` without Electron installed opens browser mode, whose page opens the game on 0.50.1', async () => {
    const child = spawn('npx', ['--no-install', 'flowscope', 'app', 'src/game.js', '--port', '0', '--no-attach'], {
      cwd: project,
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, GITHUB_ACTIONS: '' },
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const found = /Flowscope is running at (\S+)/.exec(out);
          if (found) resolve(found[1]);
        });
        child.on('exit', (code) => reject(new Error(`flowscope app exited with ${code}: ${out}`)));
      });
      expect(out).toContain("Electron's binary is not available on this machine (the electron package is not installed");
      const html = await fetch(url).then((r) => r.text());
      expect(html).toContain('<div id="root">');
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
        await page.goto(url);
        await page.waitForSelector('.react-flow__node', { timeout: 60_000 });
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, 'packed-package-serve.png') });
        // The release picker shows the release the game runs on: the project's own copy.
        expect(await page.getByLabel('boardgame.io release').inputValue()).toBe('0.50.1');
      } finally {
        await browser.close();
      }
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      child.stdout.destroy();
      // What npx started (browser mode's server) leaves with it.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
});
