import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * The layering rule of docs/ARCHITECTURE (VS Code style): inner layers never import outer ones.
 * engine: pure (no Node built-ins, DOM frameworks, Electron, or other layers);
 * renderer: no Node built-ins, Electron or app; app: no renderer;
 * fixtures: only boardgame.io's public API and files of their own folder.
 */
const NODE = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const UI = /^(react|react-dom|reactflow|@xyflow\/|elkjs)(\/|$)/;

type Rule = (spec: string, file: string, root: string) => string | null;

const outside = (spec: string, file: string, root: string, layer: string) =>
  spec.startsWith('.') && path.relative(path.join(root, layer), path.resolve(path.dirname(file), spec)).startsWith('..')
    ? path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep)[0]
    : null;

const RULES: Record<string, Rule> = {
  engine: (spec, file, root) => {
    if (NODE.has(spec)) return 'a Node built-in';
    if (spec === 'electron') return 'Electron';
    if (UI.test(spec)) return 'a UI library';
    const layer = outside(spec, file, root, 'engine');
    return layer ? `the ${layer} layer` : null;
  },
  renderer: (spec, file, root) => {
    if (NODE.has(spec)) return 'a Node built-in';
    if (spec === 'electron') return 'Electron';
    return outside(spec, file, root, 'renderer') === 'app' ? 'the app layer' : null;
  },
  app: (spec, file, root) => (outside(spec, file, root, 'app') === 'renderer' ? 'the renderer layer' : null),
  fixtures: (spec, file, root) => {
    if (spec.startsWith('.')) {
      const fixtureDir = path.relative(root, file).split(path.sep).slice(0, 2).join(path.sep);
      return path.relative(path.join(root, fixtureDir), path.resolve(path.dirname(file), spec)).startsWith('..') ? 'a file outside its own fixture' : null;
    }
    return spec === 'boardgame.io' || spec === 'boardgame.io/core' ? null : `${spec} (fixtures use boardgame.io/core only)`;
  },
};

const IMPORT = /(?:^|[^.\w])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,]+\s+from\s+)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every import that breaks the layering rule, as `file: imports X, which is Y`. */
export function findLayerViolations(root: string): string[] {
  const out: string[] = [];
  for (const [layer, rule] of Object.entries(RULES)) {
    for (const file of sourceFiles(path.join(root, layer))) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const why = rule(spec, file, root);
        if (why) out.push(`${path.relative(root, file)}: imports ${spec}, which is ${why}`);
      }
    }
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const problems = findLayerViolations(process.cwd());
  for (const p of problems) console.error(p);
  console.log(problems.length ? `${problems.length} layering violation(s)` : 'layers: ok');
  process.exitCode = problems.length ? 1 : 0;
}
