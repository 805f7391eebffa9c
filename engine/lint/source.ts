/**
 * Reading the source of config functions (`Function.prototype.toString`): parameter lists with
 * @babel/parser (TypeScript types and all), and a small tokenizer for the event
 * calls it makes, with comments skipped and string contents kept apart from code.
 */
import { parse, parseExpression } from '@babel/parser';

export type TokenType = 'ident' | 'string' | 'template' | 'number' | 'punct' | 'regex';

export interface Token {
  type: TokenType;
  /** The identifier, punctuator or number; for strings and templates the unquoted body. */
  value: string;
  /** Templates: whether the body has a `${…}` substitution (then it is not a literal). */
  dynamic?: boolean;
}

const IDENT_START = /[A-Za-z_$\u0080-\uffff]/;
const IDENT_PART = /[\w$\u0080-\uffff]/;
const MULTI_PUNCT = ['...', '=>', '?.'];
/** After these a `/` starts a regular expression, not a division. */
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

export function sourceOf(fn: unknown): string {
  if (typeof fn !== 'function') return '';
  try {
    return Function.prototype.toString.call(fn);
  } catch {
    return '';
  }
}

/** Tokens of `source`, without whitespace and comments. Never throws: unknown input ends the list. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = source.length;

  const regexAllowed = () => {
    const prev = tokens[tokens.length - 1];
    if (!prev) return true;
    if (prev.type === 'punct') return !(prev.value === ')' || prev.value === ']' || prev.value === '}');
    if (prev.type === 'ident') return REGEX_AFTER_WORD.has(prev.value);
    return false;
  };

  /** Reads a template literal from the backquote at `start`; returns where it ends. */
  const readTemplate = (start: number): { end: number; body: string; dynamic: boolean } => {
    let j = start + 1;
    let dynamic = false;
    while (j < n && source[j] !== '`') {
      if (source[j] === '\\') j += 2;
      else if (source[j] === '$' && source[j + 1] === '{') {
        dynamic = true;
        j = skipBalanced(j + 1);
      } else j++;
    }
    return { end: Math.min(j + 1, n), body: source.slice(start + 1, Math.min(j, n)), dynamic };
  };

  /** From an opening `{` at `open`, the index after its matching `}` (strings, templates and comments respected). */
  const skipBalanced = (open: number): number => {
    let depth = 0;
    let j = open;
    while (j < n) {
      const c = source[j];
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (depth === 0) return j + 1;
      } else if (c === "'" || c === '"') j = readQuoted(j).end - 1;
      else if (c === '`') j = readTemplate(j).end - 1;
      else if (c === '/' && source[j + 1] === '/') j = lineEnd(j) - 1;
      else if (c === '/' && source[j + 1] === '*') j = commentEnd(j) - 1;
      j++;
    }
    return n;
  };

  const readQuoted = (start: number): { end: number; body: string } => {
    const quote = source[start];
    let j = start + 1;
    while (j < n && source[j] !== quote && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
    return { end: Math.min(j + 1, n), body: source.slice(start + 1, Math.min(j, n)) };
  };
  const lineEnd = (j: number) => {
    const k = source.indexOf('\n', j);
    return k < 0 ? n : k;
  };
  const commentEnd = (j: number) => {
    const k = source.indexOf('*/', j + 2);
    return k < 0 ? n : k + 2;
  };

  while (i < n) {
    const c = source[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '/' && source[i + 1] === '/') {
      i = lineEnd(i);
    } else if (c === '/' && source[i + 1] === '*') {
      i = commentEnd(i);
    } else if (c === "'" || c === '"') {
      const q = readQuoted(i);
      tokens.push({ type: 'string', value: unescape(q.body) });
      i = q.end;
    } else if (c === '`') {
      const t = readTemplate(i);
      tokens.push({ type: 'template', value: t.body, dynamic: t.dynamic });
      i = t.end;
    } else if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < n && IDENT_PART.test(source[j])) j++;
      tokens.push({ type: 'ident', value: source.slice(i, j) });
      i = j;
    } else if (/\d/.test(c) || (c === '.' && /\d/.test(source[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < n && /[\w.]/.test(source[j])) j++;
      tokens.push({ type: 'number', value: source.slice(i, j) });
      i = j;
    } else if (c === '/' && regexAllowed()) {
      let j = i + 1;
      let inClass = false;
      while (j < n && source[j] !== '\n') {
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        else if (source[j] === '/' && !inClass) break;
        j++;
      }
      j++;
      while (j < n && IDENT_PART.test(source[j])) j++;
      tokens.push({ type: 'regex', value: source.slice(i, j) });
      i = j;
    } else {
      const multi = MULTI_PUNCT.find((p) => source.startsWith(p, i) && !(p === '?.' && /\d/.test(source[i + 2] ?? '')));
      const value = multi ?? c;
      tokens.push({ type: 'punct', value });
      i += value.length;
    }
  }
  return tokens;
}

function unescape(body: string): string {
  return body.replace(/\\(.)/g, '$1');
}

/** A string literal's value: a quoted string, or a template without substitutions. */
export function literalValue(token: Token | undefined): string | undefined {
  if (!token) return undefined;
  if (token.type === 'string') return token.value;
  if (token.type === 'template' && !token.dynamic) return token.value;
  return undefined;
}

export interface Parameter {
  /** `identifier` (`G`, `G = {}`), `pattern` (`{ G, ctx }`, `[a, b]`) or `rest` (`...args`). */
  kind: 'identifier' | 'pattern' | 'rest';
  /** The bound name for identifiers and rest parameters. */
  name?: string;
  /** Whether it has a default value (`G = {}`). */
  hasDefault: boolean;
  /** The parameter as written, comments and extra spaces removed. */
  text: string;
}

export interface FunctionShape {
  form: 'arrow' | 'function' | 'method';
  /** The function's or method's name, when written. */
  name?: string;
  async: boolean;
  params: Parameter[];
}

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * The parameter list of a function from its source: `function f(a, b)`, `function (a)`,
 * `async (a, b) =>`, `a =>`, methods `f(a, b) {`, with defaults and comments. Null when the
 * source is not recognisable (e.g. native code has no parameters to read: `[]`).
 */
export function parseFunction(source: string): FunctionShape | null {
  // Native and bound functions print a body that is not JavaScript; their parameter list is.
  const fn = functionNode(source.trim().replace(/\{\s*\[native code\]\s*\}$/, '{}'));
  if (!fn) return null;
  const { node, offset, text } = fn;
  const form: FunctionShape['form'] = node.type === 'ArrowFunctionExpression' ? 'arrow' : node.type === 'FunctionExpression' ? 'function' : 'method';
  let name: string | undefined;
  if (node.type === 'FunctionExpression') name = node.id?.name;
  else if (form === 'method') name = node.computed ? '[computed]' : node.key.type === 'Identifier' ? node.key.name : String(node.key.value);
  const comments = (fn.comments ?? []) as BabelNode[];
  const written = (p: BabelNode) => {
    let out = '';
    let at = p.start! - offset;
    for (const c of comments) {
      if (c.start! - offset < at || c.end! - offset > p.end! - offset) continue;
      out += text.slice(at, c.start! - offset);
      at = c.end! - offset;
    }
    return (out + text.slice(at, p.end! - offset)).replace(/\s+/g, ' ').trim();
  };
  const params: Parameter[] = (node.params as BabelNode[]).map((p) => {
    const inner = p.type === 'TSParameterProperty' ? p.parameter : p;
    const target = inner.type === 'AssignmentPattern' ? inner.left : inner;
    const hasDefault = inner.type === 'AssignmentPattern';
    if (inner.type === 'RestElement') return { kind: 'rest', name: inner.argument.type === 'Identifier' ? inner.argument.name : undefined, hasDefault: false, text: written(p) };
    if (target.type === 'Identifier') return { kind: 'identifier', name: target.name, hasDefault, text: written(p) };
    return { kind: 'pattern', hasDefault, text: written(p) };
  });
  return { form, name, async: !!node.async, params };
}

// A Babel AST node read loosely: only a few node types are inspected, each by its `type` first.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type BabelNode = { type: string; start?: number | null; end?: number | null; [key: string]: any };

/**
 * The function written in `text` (an arrow, a `function`, or a method as `Function.prototype.toString`
 * gives it: `name(G, ctx) { … }`), parsed by @babel/parser with TypeScript and JSX.
 */
function functionNode(text: string): { node: BabelNode; offset: number; text: string; comments?: unknown[] } | null {
  const options = { plugins: ['typescript', 'jsx'] as ['typescript', 'jsx'], attachComment: false };
  try {
    const node = parseExpression(`(${text})`, options) as BabelNode;
    if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return { node, offset: 1, text, comments: collectComments(`(${text})`, options) };
  } catch {
    // Not an expression: a method.
  }
  try {
    const object = parseExpression(`({${text}})`, options) as BabelNode;
    const method = object.type === 'ObjectExpression' && object.properties.length === 1 ? object.properties[0] : null;
    if (method?.type === 'ObjectMethod') return { node: method, offset: 2, text, comments: collectComments(`({${text}})`, options) };
  } catch {
    // Not a function at all.
  }
  return null;
}

function collectComments(code: string, options: object): unknown[] {
  try {
    return parse(code, { ...options, errorRecovery: true }).comments ?? [];
  } catch {
    return [];
  }
}

/** Index after the group opened at `open` (`(`, `[` or `{`). */
function skipGroup(t: Token[], open: number): number {
  let depth = 0;
  for (let k = open; k < t.length; k++) {
    if (t[k].type !== 'punct') continue;
    if (OPEN[t[k].value]) depth++;
    else if (t[k].value === ')' || t[k].value === ']' || t[k].value === '}') {
      depth--;
      if (depth === 0) return k + 1;
    }
  }
  return t.length;
}


const NO_SPACE_BEFORE = new Set([',', ')', ']', '.', '?.', ':']);
const NO_SPACE_AFTER = new Set(['(', '[', '.', '?.', '...']);

/** Tokens back to tidy code: `{ G, ctx }`, `G = {}`, `[a, b] = []`. */
export function joinTokens(tokens: Token[]): string {
  let out = '';
  tokens.forEach((tok, k) => {
    const text = tok.type === 'string' ? `'${tok.value}'` : tok.type === 'template' ? `\`${tok.value}\`` : tok.value;
    const prev = tokens[k - 1];
    const tight =
      !prev ||
      (tok.type === 'punct' && NO_SPACE_BEFORE.has(tok.value)) ||
      (prev.type === 'punct' && NO_SPACE_AFTER.has(prev.value)) ||
      (tok.type === 'punct' && tok.value === '}' && prev.type === 'punct' && prev.value === '{') ||
      (tok.type === 'punct' && tok.value === '(' && prev.type === 'ident');
    out += (tight ? '' : ' ') + text;
  });
  return out;
}

export interface EventCall {
  /** Event name (`setPhase`, `setActivePlayers`, …). */
  event: string;
  /** The first argument when it is a string literal. */
  literal?: string;
  /** Whether the first argument is something else than a string literal (a variable, an expression). */
  computed: boolean;
  /** Whether it is reached through `ctx.events` (the pre-0.50 place of the events API; `ctx` or the name given). */
  viaCtx: boolean;
}

/** Every call `name(…)` (also `events.name(…)`, `ctx.events?.name(…)`) of one of `events` in `source`. */
export function eventCalls(source: string, events: readonly string[], ctxName = 'ctx'): EventCall[] {
  const t = tokenize(source);
  const out: EventCall[] = [];
  for (let k = 0; k < t.length; k++) {
    const tok = t[k];
    if (tok.type !== 'ident' || !events.includes(tok.value)) continue;
    let a = k + 1;
    if (t[a]?.value === '?.' && t[a + 1]?.value === '(') a++;
    if (t[a]?.type !== 'punct' || t[a].value !== '(') continue;
    const prev = t[k - 1];
    if (prev?.type === 'ident' && prev.value === 'function') continue;
    // `name(…) {` is a method definition, not a call.
    const after = skipGroup(t, a);
    if (t[after]?.value === '{' && !(prev && prev.type === 'punct' && (prev.value === '.' || prev.value === '?.'))) continue;
    const arg = t[a + 1];
    const literal = literalValue(arg);
    const argEnds = t[a + 2] && t[a + 2].type === 'punct' && (t[a + 2].value === ')' || t[a + 2].value === ',');
    const viaCtx =
      (prev?.value === '.' || prev?.value === '?.') &&
      t[k - 2]?.value === 'events' &&
      (t[k - 3]?.value === '.' || t[k - 3]?.value === '?.') &&
      t[k - 4]?.value === ctxName;
    if (literal !== undefined && argEnds) out.push({ event: tok.value, literal, computed: false, viaCtx });
    else out.push({ event: tok.value, computed: !(arg?.type === 'punct' && arg.value === ')'), viaCtx });
  }
  return out;
}

/** Members read from `ctx` (or `ctxName`) as `ctx.name` / `ctx?.name` (`events`, `random`, `playerID`, …). */
export function ctxMembers(source: string, ctxName = 'ctx'): Set<string> {
  const t = tokenize(source);
  const out = new Set<string>();
  for (let k = 0; k + 2 < t.length; k++) {
    if (t[k].type === 'ident' && t[k].value === ctxName && (t[k + 1].value === '.' || t[k + 1].value === '?.') && t[k + 2].type === 'ident') {
      if (k > 0 && (t[k - 1].value === '.' || t[k - 1].value === '?.')) continue;
      out.add(t[k + 2].value);
    }
  }
  return out;
}

/** Whether a phase `endIf` returns `{ next: <not a string literal> }` (a computed phase target). */
export function hasComputedNextProperty(source: string): boolean {
  const t = tokenize(source);
  for (let k = 1; k < t.length; k++) {
    if (t[k].type !== 'ident' || t[k].value !== 'next') continue;
    const prev = t[k - 1];
    if (!(prev.type === 'punct' && (prev.value === '{' || prev.value === ','))) continue;
    const after = t[k + 1];
    if (after?.type === 'punct' && (after.value === ',' || after.value === '}')) return true; // shorthand `{ next }`
    if (after?.type === 'punct' && after.value === ':') {
      const value = t[k + 2];
      const end = t[k + 3];
      const literal = literalValue(value) !== undefined && end?.type === 'punct' && (end.value === ',' || end.value === '}');
      if (!literal) return true;
    }
  }
  return false;
}
