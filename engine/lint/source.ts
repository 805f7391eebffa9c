/**
 * Reading the source of config functions (`Function.prototype.toString`) over @babel/parser's AST
 * (TypeScript and JSX included): their parameter lists, the event calls they make and the `ctx`
 * members they read.
 */
import { isCall, isMember, keyName, memberName, parseFunctionText, parseModule, stringValue, walk, type t } from './ast';
import { mayMention } from './skim';

export function sourceOf(fn: unknown): string {
  if (typeof fn !== 'function') return '';
  try {
    return Function.prototype.toString.call(fn);
  } catch {
    return '';
  }
}

/** The AST of a function's source (or of any other code, as a program); null when Babel cannot read it. */
function codeOf(source: string): t.Node | null {
  return parseFunctionText(source)?.node ?? parseModule(source)?.program ?? null;
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

/**
 * The parameter list of a function from its source: `function f(a, b)`, `function (a)`,
 * `async (a, b) =>`, `a =>`, methods `f(a, b) {`, with defaults, types and comments. Null when the
 * source is not recognisable (e.g. native code has no parameters to read: `[]`).
 */
export function parseFunction(source: string): FunctionShape | null {
  // Native and bound functions print a body that is not JavaScript; their parameter list is.
  const text = source.trim().replace(/\{\s*\[native code\]\s*\}$/, '{}');
  const parsed = parseFunctionText(text);
  if (!parsed) return null;
  const { node, offset, file } = parsed;
  const form: FunctionShape['form'] =
    node.type === 'ArrowFunctionExpression' ? 'arrow' : node.type === 'ObjectMethod' ? 'method' : 'function';
  let name: string | undefined;
  if (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') name = node.id?.name;
  else if (node.type === 'ObjectMethod') name = node.computed ? '[computed]' : (keyName(node.key, false) ?? '[computed]');
  const comments = file.comments ?? [];
  const written = (p: t.Node) => {
    let out = '';
    let at = p.start! - offset;
    for (const c of comments) {
      if (c.start! - offset < at || c.end! - offset > p.end! - offset) continue;
      out += text.slice(at, c.start! - offset);
      at = c.end! - offset;
    }
    return (out + text.slice(at, p.end! - offset)).replace(/\s+/g, ' ').trim();
  };
  const params: Parameter[] = node.params.map((p) => {
    const target = p.type === 'AssignmentPattern' ? p.left : p;
    const hasDefault = p.type === 'AssignmentPattern';
    if (p.type === 'RestElement')
      return { kind: 'rest', name: p.argument.type === 'Identifier' ? p.argument.name : undefined, hasDefault: false, text: written(p) };
    if (target.type === 'Identifier') return { kind: 'identifier', name: target.name, hasDefault, text: written(p) };
    return { kind: 'pattern', hasDefault, text: written(p) };
  });
  return { form, name, async: !!node.async, params };
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

/** An event call with its AST node, for readers that look at its arguments. */
export interface EventCallNode extends EventCall {
  node: t.CallExpression | t.OptionalCallExpression;
}

/** `eventCalls` with each call's node, read from a parsed function or program. */
export function eventCallNodes(root: t.Node, events: readonly string[], ctxName = 'ctx'): EventCallNode[] {
  const out: EventCallNode[] = [];
  walk(root, (node) => {
    if (!isCall(node)) return;
    const callee = node.callee;
    const event = callee.type === 'Identifier' ? callee.name : memberName(callee);
    if (event === undefined || !events.includes(event)) return;
    const viaCtx =
      isMember(callee) &&
      isMember(callee.object) &&
      memberName(callee.object) === 'events' &&
      callee.object.object.type === 'Identifier' &&
      callee.object.object.name === ctxName;
    const arg = node.arguments[0];
    const literal = stringValue(arg);
    if (literal !== undefined) out.push({ event, literal, computed: false, viaCtx, node });
    else out.push({ event, computed: arg !== undefined, viaCtx, node });
  });
  return out;
}

/** Every call `name(…)` (also `events.name(…)`, `ctx.events?.name(…)`) of one of `events` in `source`. */
export function eventCalls(source: string, events: readonly string[], ctxName = 'ctx'): EventCall[] {
  const root = mayMention(source, events) ? codeOf(source) : null;
  return root ? eventCallNodes(root, events, ctxName).map(({ node: _node, ...call }) => call) : [];
}

/** Members read from `ctx` (or `ctxName`) as `ctx.name` / `ctx?.name` (`events`, `random`, `playerID`, …). */
export function ctxMembers(source: string, ctxName = 'ctx'): Set<string> {
  const root = codeOf(source);
  const out = new Set<string>();
  if (root) {
    walk(root, (node) => {
      if (
        !isMember(node) ||
        node.object.type !== 'Identifier' ||
        node.object.name !== ctxName ||
        node.computed ||
        node.property.type !== 'Identifier'
      )
        return;
      out.add(node.property.name);
    });
  }
  return out;
}

/** Whether a phase `endIf` returns `{ next: <not a string literal> }` (a computed phase target). */
export function hasComputedNextProperty(source: string): boolean {
  const root = mayMention(source, ['next']) ? codeOf(source) : null;
  let found = false;
  if (root) {
    walk(root, (node) => {
      if (found || node.type !== 'ObjectProperty' || keyName(node.key, node.computed) !== 'next') return;
      if (node.shorthand || stringValue(node.value) === undefined) found = true;
    });
  }
  return found;
}
