import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../app/testing/temp-dir';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CRUISER = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const LAYERS = ['engine', 'app', 'renderer', 'fixtures'];

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

/** Runs the project's dependency-cruiser configuration over `dir` and returns its error violations. */
function layerErrors(dir: string): string[] {
  const out = execFileSync(
    process.execPath,
    [CRUISER, '--config', path.join(root, '.dependency-cruiser.cjs'), '-T', 'json', ...LAYERS.filter((l) => dirExists(dir, l))],
    {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const violations: Violation[] = JSON.parse(out).summary.violations;
  return violations
    .filter((v) => v.rule.severity === 'error')
    .map((v) => `${v.from} -> ${v.to.replace(/^.*node_modules\//, 'node_modules/')}: ${v.rule.name}`);
}

function dirExists(dir: string, name: string): boolean {
  try {
    return execFileSync('test', ['-d', path.join(dir, name)]) !== undefined;
  } catch {
    return false;
  }
}

describe('the layer rule (dependency-cruiser allow-list)', () => {
  it('holds for the project', () => {
    expect(layerErrors(root)).toEqual([]);
  }, 120_000);

  it('fails on each kind of violation', () => {
    const dir = tempDirWith({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx' } }),
    });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    const put = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };
    put('engine/index.ts', `export class Session {}\nexport type Step = { n: number };\n`);
    put('engine/host/protocol.ts', `export type Msg = { id: number };\n`);
    put('engine/util/pure.ts', `export const pure = 1;\n`);
    put('engine/node-builtin.ts', `import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n`);
    put('engine/node-package.ts', `import { WebSocketServer } from 'ws';\nexport const w = WebSocketServer;\n`);
    put('engine/browser-package.ts', `import { useState } from 'react';\nexport const u = useState;\n`);
    put('engine/outer-layer.ts', `import { main } from '../app/main';\nexport const m = main;\n`);
    put('engine/template-import.ts', 'const name = "fs";\nexport const load = () => import(`node:${name}`);\n');
    put('renderer/session.ts', `import { Session } from '../engine/index';\nexport const s = new Session();\n`);
    put(
      'renderer/types-only.ts',
      `import type { Step } from '../engine/index';\nimport type { Msg } from '../engine/host/protocol';\nexport type Both = Step & Msg;\n`,
    );
    put('renderer/deep.ts', `import { pure } from '../engine/util/pure';\nexport const p = pure;\n`);
    put('renderer/node.ts', `import path from 'node:path';\nexport const p = path;\n`);
    put('renderer/app.ts', `import { main } from '../app/main';\nexport const m = main;\n`);
    put('app/main.ts', `import { s } from '../renderer/session';\nexport const main = () => s;\n`);
    put(
      'fixtures/g/game.ts',
      `import { INVALID_MOVE } from 'boardgame.io/core';\nimport semver from 'semver';\nimport { h } from '../other/helper';\nimport { own } from './own';\nexport default { INVALID_MOVE, semver, h, own };\n`,
    );
    put('fixtures/g/own.ts', `export const own = 1;\n`);
    put('fixtures/other/helper.ts', `export const h = 1;\n`);
    put('engine/a/one.ts', `import { two } from '../b/two';\nexport const one = () => two;\n`);
    put('engine/b/two.ts', `import { one } from '../a/one';\nexport const two = () => one;\n`);

    const errors = layerErrors(dir);
    const broken = (from: string, to: RegExp) => errors.some((e) => e.startsWith(`${from} -> `) && to.test(e));
    expect(broken('engine/node-builtin.ts', /node:fs|fs/)).toBe(true);
    expect(broken('engine/node-package.ts', /node_modules\/ws\//)).toBe(true);
    expect(broken('engine/browser-package.ts', /node_modules\/react\//)).toBe(true);
    expect(broken('engine/outer-layer.ts', /app\/main\.ts/)).toBe(true);
    expect(broken('renderer/session.ts', /engine\/index\.ts: renderer-engine-values/)).toBe(true);
    expect(broken('renderer/deep.ts', /engine\/util\/pure\.ts/)).toBe(true);
    expect(broken('renderer/node.ts', /path/)).toBe(true);
    expect(broken('renderer/app.ts', /app\/main\.ts/)).toBe(true);
    expect(broken('app/main.ts', /renderer\/session\.ts/)).toBe(true);
    expect(broken('fixtures/g/game.ts', /node_modules\/semver\//)).toBe(true);
    expect(broken('fixtures/g/game.ts', /fixtures\/other\/helper\.ts/)).toBe(true);
    expect(errors.some((e) => /^engine\/(a|b) -> engine\/(a|b): no-folder-cycles/.test(e))).toBe(true);
    // What is allowed stays allowed.
    expect(errors.filter((e) => e.startsWith('renderer/types-only.ts'))).toEqual([]);
    expect(errors.filter((e) => /boardgame\.io|fixtures\/g\/own/.test(e))).toEqual([]);
  }, 120_000);
});

describe('a computed import() cannot hide a dependency', () => {
  it('is refused by ESLint in the engine and the renderer, allowed in app', async () => {
    const eslint = new ESLint({ cwd: root });
    const source = 'const name = "fs";\nexport const load = () => import(`node:${name}`);\n';
    const rules = async (file: string) =>
      (await eslint.lintText(source, { filePath: path.join(root, file) }))[0].messages.map((m) => m.ruleId);
    expect(await rules('engine/session/computed.ts')).toContain('no-restricted-syntax');
    expect(await rules('renderer/src/computed.ts')).toContain('no-restricted-syntax');
    expect(await rules('app/load/computed.ts')).not.toContain('no-restricted-syntax');
  });
});

describe('the engine type-checks without Node or DOM globals', () => {
  it('refuses process, Buffer, document and window under engine/tsconfig.json', () => {
    const config = ts.readConfigFile(path.join(root, 'engine/tsconfig.json'), ts.sys.readFile).config;
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.join(root, 'engine'));
    const dir = tempDirWith({
      'globals.ts':
        'export const a = process.env.HOME;\nexport const b = Buffer.from("x");\nexport const c = document.title;\nexport const d = window.location;\n',
    });
    const program = ts.createProgram([path.join(dir, 'globals.ts')], { ...options, noEmit: true });
    const missing = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
      .filter((m) => m.startsWith('Cannot find name'));
    expect(missing.map((m) => m.match(/'(\w+)'/)?.[1]).sort()).toEqual(['Buffer', 'document', 'process', 'window']);
  });
});
