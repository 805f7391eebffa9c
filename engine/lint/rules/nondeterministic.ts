import { finding, type LintFinding } from '../codes';
import { isCall, isMember, memberName, parseFunctionText, parseModule, stringValue, walk, type t } from '../ast';
import { mayEscapeNames, skipBlanks, startsWithWord } from '../skim';
import { distinctFunctions, type Rule } from './context';

/** An unseeded source and the fix boardgame.io offers for it. */
const RANDOM_FIX =
  "use boardgame.io's `random` from the context (`random.Shuffle(list)`, `random.Number()`, `random.D6()`; `ctx.random` before 0.50), which it seeds and replays";
const CLOCK_FIX = 'pass the time in as a move argument (or keep it out of G)';
const WHY = 'a boardgame.io server and its clients each compute a different result from it';

interface Source {
  /** What the code calls, as diagnostics name it (`Math.random`, `lodash shuffle`). */
  api: string;
  fix: string;
}

const LIBRARY_FUNCTIONS = new Set(['shuffle', 'sample', 'sampleSize', 'random']);
const LODASH = /^(_|lodash|import_lodash\w*|underscore|import_underscore\w*)$/;

/**
 * The library `node` names, as the diagnostic calls it: `lodash` or `underscore` when the name says
 * which (`import_lodash.default`, as esbuild makes an import), `_` when it could be either; undefined when neither.
 */
function randomLibrary(node: t.Node): string | undefined {
  const name = node.type === 'Identifier' ? node.name : memberName(node);
  if (name === 'default' && isMember(node)) return randomLibrary(node.object);
  if (name === undefined || !LODASH.test(name)) return undefined;
  return name === '_' ? '_' : name.includes('underscore') ? 'underscore' : 'lodash';
}

const isName = (node: t.Node, name: string) => node.type === 'Identifier' && node.name === name;

/** The API a call or `new` expression uses, when it is one of the unseeded sources. */
function useOf(node: t.Node): Source | null {
  if (node.type === 'NewExpression')
    return isName(node.callee, 'Date') && node.arguments.length === 0 ? { api: 'new Date()', fix: CLOCK_FIX } : null;
  if (!isCall(node)) return null;
  // `(0, import_lodash.shuffle)(x)`: esbuild calls imported functions through a sequence.
  const callee = node.callee.type === 'SequenceExpression' ? node.callee.expressions[node.callee.expressions.length - 1] : node.callee;
  const member = memberName(callee);
  if (member === undefined || !isMember(callee)) return null;
  const object = callee.object;
  if (isName(object, 'Math') && member === 'random') return { api: 'Math.random', fix: RANDOM_FIX };
  if (isName(object, 'Date') && member === 'now') return { api: 'Date.now', fix: CLOCK_FIX };
  if (isName(object, 'performance') && member === 'now') return { api: 'performance.now', fix: CLOCK_FIX };
  if (isName(object, 'crypto') && (member === 'getRandomValues' || member === 'randomUUID' || member === 'randomBytes'))
    return { api: `crypto.${member}`, fix: RANDOM_FIX };
  const library = LIBRARY_FUNCTIONS.has(member) ? randomLibrary(object) : undefined;
  if (library) return { api: library === '_' ? `_.${member} (lodash or underscore)` : `${library} ${member}`, fix: RANDOM_FIX };
  return null;
}

const CLOCK_OR_CRYPTO = /(?<![\w$])(Date|performance|crypto)(?![\w$])/;
const RANDOM_ID_PACKAGE = /uuid|nanoid|shortid|cuid/;
const LIBRARY_FUNCTION = /shuffle|sample|random/;
const LODASH_NAME = /lodash|underscore|(?<![\w$])_(?![\w$])/;
const MATH = /(?<![\w$])Math(?![\w$])/g;

/**
 * Whether `text` may hold a use `useOf` or `importedModule` finds; false only when it certainly
 * does not (then it need not be parsed). Keep it in step with them: every use they find needs
 * `Date`, `performance` or `crypto` as a name, `Math` before a `random` member (or a computed
 * one), a lodash name with one of its random helpers, or a random-id package's name.
 */
export function mayUseUnseeded(text: string): boolean {
  if (mayEscapeNames(text) || CLOCK_OR_CRYPTO.test(text) || RANDOM_ID_PACKAGE.test(text)) return true;
  if (LIBRARY_FUNCTION.test(text) && LODASH_NAME.test(text)) return true;
  for (const match of text.matchAll(MATH)) {
    // `Math.random`, `(Math)?.random`, `Math /* … */ .random`, `Math['random']`.
    let i = skipBlanks(text, match.index + 'Math'.length, true);
    // `<` or `-` may start an HTML-like comment, which scripts allow.
    if (text[i] === '[' || text[i] === '<' || text[i] === '-') return true;
    if (text.startsWith('?.', i)) i += 2;
    else if (text[i] === '.') i += 1;
    else continue;
    i = skipBlanks(text, i);
    if (text[i] === '[' || startsWithWord(text, i, 'random')) return true;
  }
  return false;
}

/** Uses found under a node, with the line each starts on: `Math.random()`, `Date.now()`, `new Date()` with no argument, … */
function usesIn(root: t.Node): (Source & { line: number })[] {
  const out: (Source & { line: number })[] = [];
  walk(root, (node) => {
    const use = useOf(node);
    if (use) out.push({ ...use, line: node.loc?.start.line ?? 0 });
  });
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
    if (!mayUseUnseeded(f.source)) continue;
    const root = parseFunctionText(f.source)?.node ?? parseModule(f.source)?.program;
    for (const use of root ? unique(usesIn(root)) : []) {
      out.push(finding('nondeterministic-call', f.path, `\`${f.path}\` calls ${use.api}: ${WHY}; ${use.fix}.`));
    }
  }
  return out;
};

/** Packages whose ids or picks come from `Math.random` or `crypto`. */
const RANDOM_PACKAGES = /^(uuid|nanoid|shortid|cuid|lodash\/(shuffle|sample|sampleSize|random))$/;

/** The module specifier of an `import … from 'x'`, `require('x')` or `import('x')`. */
function importedModule(node: t.Node): string | undefined {
  if (node.type === 'ImportDeclaration') return node.source.value;
  if (isCall(node) && (isName(node.callee, 'require') || node.callee.type === 'Import')) return stringValue(node.arguments[0]);
  return undefined;
}

/**
 * The same uses in a file's text, by line (for helper files and module-level code, which no
 * config function's source shows): `[{ line: 5, message: … }]`. `file` names it in messages and
 * says how to parse it (`.ts`, `.tsx`, `.js`, `.jsx`, `.mjs`, `.cjs`). A file Babel cannot read
 * gives nothing (it does not load either, and the loader says why).
 */
export function nondeterministicLines(file: string, text: string): { line: number; message: string }[] {
  const ast = mayUseUnseeded(text) ? parseModule(text, file) : null;
  if (!ast) return [];
  const found: { line: number; message: string }[] = [];
  const seen = new Set<string>();
  for (const use of usesIn(ast.program)) {
    if (seen.has(`${use.line}\0${use.api}`)) continue;
    seen.add(`${use.line}\0${use.api}`);
    found.push({ line: use.line, message: `${file}:${use.line} calls ${use.api}: ${WHY}; ${use.fix}.` });
  }
  const imports: { line: number; message: string }[] = [];
  walk(ast.program, (node) => {
    const imported = importedModule(node);
    const line = node.loc?.start.line ?? 0;
    if (imported && RANDOM_PACKAGES.test(imported))
      imports.push({
        line,
        message: `${file}:${line} imports ${imported}, whose results come from Math.random or crypto: ${WHY}; ${RANDOM_FIX}.`,
      });
  });
  // By line; on one line, the calls before the imports.
  return [...found, ...imports].sort((a, b) => a.line - b.line);
}

/** `nondeterministic-call` findings for the game's local files (file:line, no config path). */
export function lintGameFiles(files: readonly { file: string; text: string }[]): LintFinding[] {
  return files.flatMap(({ file, text }) =>
    nondeterministicLines(file, text).map((l) => finding('nondeterministic-call', undefined, l.message)),
  );
}
