// For bundles of app/: `import { a, b } from '../../engine'` (or another index.ts that only re-exports)
// becomes imports from the modules that define `a` and `b`. esbuild's code splitting gives every
// chunk that imports an index everything that any entry uses through it; imported directly, a
// command loads only what it uses (`chart` then loads neither zod nor the protocol's schemas).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])(\.[^'"]*)\2;?/g;
const RE_EXPORT = /export\s*(type\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const STAR = /export\s*\*\s*from\s*['"]([^'"]+)['"]/g;
const DECLARED =
  /export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|abstract\s+class|enum|interface|type)\s+([\w$]+)/g;
const LOCAL = /export\s*\{([^}]*)\}(?!\s*from)/g;

const resolveTs = (from, spec) => {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    try {
      if (readFileSync(candidate) && candidate.endsWith('.ts')) return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
};

const names = (list) =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('type '))
    .map((s) => {
      const [name, alias] = s.split(/\s+as\s+/);
      return { name: name.trim(), alias: (alias ?? name).trim() };
    });

/** Exported name → { file, name } of its definition, for every value a module exports. */
function exportsOf(file, seen = new Set()) {
  const out = new Map();
  if (seen.has(file)) return out;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(DECLARED)) out.set(m[1], { file, name: m[1] });
  for (const m of text.matchAll(LOCAL)) for (const { name, alias } of names(m[1])) out.set(alias, { file, name });
  for (const m of text.matchAll(RE_EXPORT)) {
    if (m[1]) continue;
    const target = resolveTs(file, m[3]);
    if (!target) continue;
    const inner = exportsOf(target, new Set(seen));
    for (const { name, alias } of names(m[2])) out.set(alias, inner.get(name) ?? { file: target, name });
  }
  for (const m of text.matchAll(STAR)) {
    const target = resolveTs(file, m[1]);
    if (!target) continue;
    for (const [name, where] of exportsOf(target, new Set(seen))) if (!out.has(name)) out.set(name, where);
  }
  return out;
}

const isBarrel = (text) =>
  !text
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .replace(/export[^;]*;/g, '')
    .trim();

/** A rewriter of a TypeScript file's text (null when nothing changed). */
export function barrelImports() {
  const barrels = new Map();
  const barrel = (file) => {
    if (!barrels.has(file)) {
      let map = null;
      try {
        if (path.basename(file) === 'index.ts' && isBarrel(readFileSync(file, 'utf8'))) map = exportsOf(file);
      } catch {
        map = null;
      }
      barrels.set(file, map);
    }
    return barrels.get(file);
  };
  return (text, file) => {
    let changed = false;
    const contents = text.replace(IMPORT, (all, list, _quote, spec) => {
      const target = resolveTs(file, spec);
      const map = target && barrel(target);
      if (!map) return all;
      const direct = [];
      const kept = [];
      for (const entry of list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (entry.startsWith('type ')) continue;
        const [name, alias] = entry.split(/\s+as\s+/).map((s) => s.trim());
        const where = map.get(name);
        if (where) direct.push(`import { ${where.name} as ${alias ?? name} } from ${JSON.stringify(where.file)};`);
        else kept.push(entry);
      }
      changed = true;
      return [...direct, ...(kept.length ? [`import { ${kept.join(', ')} } from ${JSON.stringify(target)};`] : [])].join(' ');
    });
    return changed ? contents : null;
  };
}
