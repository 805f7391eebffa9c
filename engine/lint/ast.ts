/**
 * JavaScript and TypeScript source as a Babel AST (@babel/parser): a whole file by its extension, or
 * one function's text as `Function.prototype.toString` gives it, and a small walker over the nodes.
 * Every source analysis of the lint rules and the migration reads code through this file.
 */
import { parse, type ParserPlugin } from '@babel/parser';
import type * as t from '@babel/types';

export type { t };

/** A parsed file: the program, its comments and tokens, and the errors Babel recovered from. */
export type ParsedFile = ReturnType<typeof parse>;

/** The parser plugins to try for a file, most likely first: by extension, or every kind when unknown. */
function pluginSets(file?: string): ParserPlugin[][] {
  const ext = file ? /\.[cm]?[jt]sx?$/.exec(file)?.[0] : undefined;
  if (ext === '.tsx') return [['typescript', 'jsx']];
  if (ext === '.ts' || ext === '.mts' || ext === '.cts') return [['typescript']];
  if (ext) return [['jsx'], ['typescript', 'jsx']];
  // Function text or a file of unknown kind: TypeScript with JSX reads nearly everything; a `<T>x`
  // cast needs TypeScript without JSX, and plain JSX covers what TypeScript reads differently.
  return [['typescript', 'jsx'], ['typescript'], ['jsx']];
}

/**
 * The program in `text` (comments and tokens kept), read as the kind of file `file` names; null
 * when it is not JavaScript or TypeScript that Babel can read even with error recovery.
 */
export function parseModule(text: string, file?: string): ParsedFile | null {
  return cached(moduleCache, `${pluginSets(file).join('|')}\0${text}`, () => parseModuleUncached(text, file));
}

// The same function and file texts are read by several lint rules and by the migration: parse each
// once. The ASTs are only read (edits go through magic-string on the text), so sharing them is safe.
const CACHE_SIZE = 500;
const moduleCache = new Map<string, ParsedFile | null>();
const functionCache = new Map<string, ParsedFunction | null>();

function cached<V>(cache: Map<string, V>, key: string, make: () => V): V {
  if (cache.has(key)) return cache.get(key)!;
  const value = make();
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

function parseModuleUncached(text: string, file?: string): ParsedFile | null {
  let recovered: ParsedFile | null = null;
  for (const plugins of pluginSets(file)) {
    try {
      const ast = parse(text, {
        sourceType: 'unambiguous',
        plugins,
        errorRecovery: true,
        tokens: true,
        allowReturnOutsideFunction: true,
        allowAwaitOutsideFunction: true,
      });
      if (!ast.errors?.length) return ast;
      recovered ??= ast;
    } catch {
      // Try the next set of plugins.
    }
  }
  return recovered;
}

export type FunctionNode = t.ArrowFunctionExpression | t.FunctionExpression | t.FunctionDeclaration | t.ObjectMethod;

export const isFunction = (node: t.Node | null | undefined): node is FunctionNode =>
  !!node &&
  (node.type === 'ArrowFunctionExpression' ||
    node.type === 'FunctionExpression' ||
    node.type === 'FunctionDeclaration' ||
    node.type === 'ObjectMethod');

/** One function read from its own text: its node, and `offset` to subtract from node positions to index `text`. */
export interface ParsedFunction {
  node: FunctionNode;
  offset: number;
  file: ParsedFile;
}

/**
 * The function written in `text`: an arrow, a `function` (declaration or expression), or a method as
 * `Function.prototype.toString` prints it (`name(G, ctx) { … }`). Null when `text` is none of them.
 */
export function parseFunctionText(text: string): ParsedFunction | null {
  return cached(functionCache, text, () => parseFunctionTextUncached(text));
}

function parseFunctionTextUncached(text: string): ParsedFunction | null {
  // The closing bracket goes on a line of its own, after any line comment that ends the text.
  for (const [prefix, suffix] of [
    ['(', '\n)'],
    ['({', '\n})'],
  ]) {
    const file = parseModuleUncached(`${prefix}${text}${suffix}`);
    if (!file || file.errors?.length) continue;
    const body = file.program.body;
    if (body.length !== 1 || body[0].type !== 'ExpressionStatement') continue;
    const expr = body[0].expression;
    if (prefix === '(' && (expr.type === 'ArrowFunctionExpression' || expr.type === 'FunctionExpression'))
      return { node: expr, offset: 1, file };
    if (prefix === '({' && expr.type === 'ObjectExpression' && expr.properties.length === 1 && expr.properties[0].type === 'ObjectMethod')
      return { node: expr.properties[0], offset: 2, file };
  }
  return null;
}

const SKIP_KEYS = new Set([
  'type',
  'start',
  'end',
  'loc',
  'range',
  'extra',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'errors',
  'tokens',
  'comments',
]);

const isNode = (value: unknown): value is t.Node =>
  !!value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';

/**
 * Visits `root` and every node under it in source order. `enter` returning `false` skips the
 * node's children (to stay out of nested functions, say).
 */
export function walk(root: t.Node, enter: (node: t.Node, parent: t.Node | null) => void | false): void {
  const visit = (node: t.Node, parent: t.Node | null) => {
    if (enter(node, parent) === false) return;
    for (const key of Object.keys(node)) {
      if (SKIP_KEYS.has(key)) continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) visit(item, node);
      } else if (isNode(value)) visit(value, node);
    }
  };
  visit(root, null);
}

/** Every node under `root` (itself included) for which `test` holds, in source order. */
export function findAll<N extends t.Node>(root: t.Node, test: (node: t.Node, parent: t.Node | null) => node is N): N[] {
  const out: N[] = [];
  walk(root, (node, parent) => {
    if (test(node, parent)) out.push(node);
  });
  return out;
}

/** A string literal's value: a quoted string, or a template without substitutions. */
export function stringValue(node: t.Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? node.quasis[0]?.value.raw;
  return undefined;
}

/** The name of a property key or member property written as a name or a string (`a`, `'a'`); undefined when computed. */
export function keyName(node: t.Node, computed: boolean): string | undefined {
  if (node.type === 'Identifier' && !computed) return node.name;
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'NumericLiteral' && !computed) return String(node.value);
  return undefined;
}

/** `a.b` and `a?.b` alike: the member's name when it is written as a name. */
export function memberName(node: t.Node): string | undefined {
  if (node.type !== 'MemberExpression' && node.type !== 'OptionalMemberExpression') return undefined;
  return keyName(node.property, node.computed);
}

export const isMember = (node: t.Node | null | undefined): node is t.MemberExpression | t.OptionalMemberExpression =>
  !!node && (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression');

export const isCall = (node: t.Node | null | undefined): node is t.CallExpression | t.OptionalCallExpression =>
  !!node && (node.type === 'CallExpression' || node.type === 'OptionalCallExpression');

/** The expression inside TypeScript's `x as T`, `x satisfies T`, `x!`, `<T>x` and parentheses. */
export function unwrapExpression(node: t.Node): t.Node {
  let n = node;
  while (
    n.type === 'TSAsExpression' ||
    n.type === 'TSSatisfiesExpression' ||
    n.type === 'TSNonNullExpression' ||
    n.type === 'TSTypeAssertion' ||
    n.type === 'ParenthesizedExpression'
  )
    n = n.expression;
  return n;
}

/**
 * The expressions a function returns: its concise body, or the argument of each `return` in its
 * own body (not in functions nested in it), with a conditional's branches as separate results.
 */
export function returnedExpressions(fn: FunctionNode): t.Node[] {
  const out: t.Node[] = [];
  const branches = (e: t.Node) => {
    const inner = unwrapExpression(e);
    if (inner.type === 'ConditionalExpression') {
      branches(inner.consequent);
      branches(inner.alternate);
    } else out.push(inner);
  };
  if (fn.body.type !== 'BlockStatement') {
    branches(fn.body);
    return out;
  }
  walk(fn.body, (node) => {
    if (isFunction(node) || node.type === 'ClassMethod' || node.type === 'ClassPrivateMethod') return false;
    if (node.type === 'ReturnStatement' && node.argument) branches(node.argument);
  });
  return out;
}

/** The `return` statements of a function's own body. */
export function ownReturns(fn: FunctionNode): t.ReturnStatement[] {
  const out: t.ReturnStatement[] = [];
  if (fn.body.type !== 'BlockStatement') return out;
  walk(fn.body, (node) => {
    if (isFunction(node) || node.type === 'ClassMethod' || node.type === 'ClassPrivateMethod') return false;
    if (node.type === 'ReturnStatement') out.push(node);
  });
  return out;
}
