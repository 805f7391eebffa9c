import { finding, type LintFinding } from '../codes';
import { tokenize, type Token } from '../source';
import { distinctFunctions, type Rule } from './context';

/** An unseeded source and the fix boardgame.io offers for it. */
const RANDOM_FIX = "use boardgame.io's `random` from the context (`random.Shuffle(list)`, `random.Number()`, `random.D6()`; `ctx.random` before 0.50), which it seeds and replays";
const CLOCK_FIX = 'pass the time in as a move argument (or keep it out of G)';
const WHY = 'a boardgame.io server and its clients each compute a different result from it';

interface Source {
  /** What the code calls, as diagnostics name it (`Math.random`, `lodash shuffle`). */
  api: string;
  fix: string;
}

const LIBRARY_FUNCTIONS = new Set(['shuffle', 'sample', 'sampleSize', 'random']);

/** Uses found in a token list: `Math.random()`, `Date.now()`, `new Date()` with no argument, … */
function usesIn(tokens: Token[]): Source[] {
  const out: Source[] = [];
  const is = (i: number, value: string) => tokens[i]?.type !== 'string' && tokens[i]?.value === value;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type !== 'ident') continue;
    const member = is(i + 1, '.') ? tokens[i + 2]?.value : undefined;
    const called = is(i + 3, '(');
    if (t.value === 'Math' && member === 'random' && called) out.push({ api: 'Math.random', fix: RANDOM_FIX });
    else if (t.value === 'Date' && member === 'now' && called) out.push({ api: 'Date.now', fix: CLOCK_FIX });
    else if (t.value === 'performance' && member === 'now' && called) out.push({ api: 'performance.now', fix: CLOCK_FIX });
    else if (t.value === 'crypto' && (member === 'getRandomValues' || member === 'randomUUID' || member === 'randomBytes') && called) out.push({ api: `crypto.${member}`, fix: RANDOM_FIX });
    else if (t.value === 'new' && is(i + 1, 'Date') && is(i + 2, '(') && is(i + 3, ')')) out.push({ api: 'new Date()', fix: CLOCK_FIX });
    else if ((t.value === '_' || t.value === 'lodash' || /^import_lodash/.test(t.value)) && member !== undefined && called) {
      // `_.shuffle(x)`, or what esbuild makes of it: `import_lodash.default.shuffle(x)`.
      const name = member === 'default' && is(i + 3, '.') ? tokens[i + 4]?.value : member;
      const call = member === 'default' ? is(i + 5, '(') : called;
      if (name && call && LIBRARY_FUNCTIONS.has(name)) out.push({ api: `lodash ${name}`, fix: RANDOM_FIX });
    }
  }
  return out;
}

const unique = (sources: Source[]) => [...new Map(sources.map((s) => [s.api, s])).values()];

/**
 * `nondeterministic-call`: a config function whose own source calls `Math.random`, the clock,
 * `crypto` or a lodash random helper. Flowscope seeds them while it runs the game, but boardgame.io
 * does not: a server and its clients compute different states, and replays diverge.
 */
export const nondeterministicCalls: Rule = (ctx) => {
  const out: LintFinding[] = [];
  for (const f of distinctFunctions(ctx)) {
    for (const use of unique(usesIn(tokenize(f.source)))) {
      out.push(finding('nondeterministic-call', f.path, `\`${f.path}\` calls ${use.api}: ${WHY}; ${use.fix}.`));
    }
  }
  return out;
};

/** Packages whose ids or picks come from `Math.random` or `crypto`. */
const RANDOM_PACKAGES = /^(uuid|nanoid|shortid|cuid|lodash\/(shuffle|sample|sampleSize|random))$/;

/**
 * The same uses in a file's text, by line (for helper files and module-level code, which no
 * config function's source shows): `[{ line: 5, message: … }]`. `file` names it in messages.
 */
export function nondeterministicLines(file: string, text: string): { line: number; message: string }[] {
  const out: { line: number; message: string }[] = [];
  let inComment = false;
  text.split('\n').forEach((raw, index) => {
    let line = raw;
    if (inComment) {
      const end = line.indexOf('*/');
      if (end < 0) return;
      line = line.slice(end + 2);
      inComment = false;
    }
    line = line.replace(/\/\*.*?\*\//g, '');
    const open = line.indexOf('/*');
    if (open >= 0) {
      line = line.slice(0, open);
      inComment = true;
    }
    const where = `${file}:${index + 1}`;
    const uses = unique(usesIn(tokenize(line)));
    for (const use of uses) out.push({ line: index + 1, message: `${where} calls ${use.api}: ${WHY}; ${use.fix}.` });
    const imported = /(?:from\s+|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/.exec(line)?.[1];
    if (imported && RANDOM_PACKAGES.test(imported)) {
      out.push({ line: index + 1, message: `${where} imports ${imported}, whose results come from Math.random or crypto: ${WHY}; ${RANDOM_FIX}.` });
    }
  });
  return out;
}

/** `nondeterministic-call` findings for the game's local files (file:line, no config path). */
export function lintGameFiles(files: readonly { file: string; text: string }[]): LintFinding[] {
  return files.flatMap(({ file, text }) => nondeterministicLines(file, text).map((l) => finding('nondeterministic-call', undefined, l.message)));
}
