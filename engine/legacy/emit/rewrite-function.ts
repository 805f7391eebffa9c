/**
 * One legacy function's text rewritten for boardgame.io 0.50, as edits at its AST's positions
 * (magic-string): the positional parameters become the context object (types kept), `ctx.events`
 * and friends the context's members, legacy event calls and returns their 0.50 forms. Everything
 * else in the text (comments, formatting, the return type) is kept as written.
 */
import MagicString from 'magic-string';
import {
  isCall,
  isMember,
  keyName,
  memberName,
  parseFunctionText,
  returnedExpressions,
  stringValue,
  unwrapExpression,
  walk,
  type ParsedFunction,
  type t,
} from '../../lint/ast';
import { parseFunction } from '../../lint/source';
import { bindingNames, boundNames } from '../../lint/free-names';
import { infoOf, type Role } from '../analysis/config-functions';
import type { AdaptSpec, Plan } from '../plan';

/** Names a rewritten function may need from `boardgame.io/core`, and types from `boardgame.io` (`type FnContext`). */
export type NeededImports = Set<string>;

/** The marker in `NeededImports` for `import type { FnContext } from 'boardgame.io'`. */
export const FN_CONTEXT_TYPE = 'type FnContext';

const MOVED_MEMBERS = ['events', 'random', 'playerID', 'log'] as const;
const ACTIVE_PLAYER_FLAGS = ['all', 'others', 'allOthers', 'once'];

/** Where a function's parameter list is: with its parentheses when it has them (positions in the function's text). */
function parameterList(parsed: ParsedFunction): { start: number; end: number; parens: boolean } | null {
  const { node: fn, offset, file } = parsed;
  const from =
    fn.typeParameters?.end ??
    (fn.type === 'ObjectMethod' ? fn.key.end : fn.type === 'ArrowFunctionExpression' ? fn.start : fn.id?.end) ??
    fn.start!;
  const tokens = (file.tokens ?? []) as { type: string | { label: string }; start: number; end: number }[];
  const label = (tok: (typeof tokens)[number]) => (typeof tok.type === 'string' ? tok.type : tok.type.label);
  const open = tokens.findIndex((tok) => tok.start >= from! && label(tok) === '(');
  const first = fn.params[0];
  if (open < 0 || (first && tokens[open].start > first.start!))
    return first ? { start: first.start! - offset, end: first.end! - offset, parens: false } : null;
  let depth = 0;
  for (let k = open; k < tokens.length; k++) {
    if (label(tokens[k]) === '(') depth++;
    else if (label(tokens[k]) === ')' && --depth === 0)
      return { start: tokens[open].start - offset, end: tokens[k].end - offset, parens: true };
  }
  return null;
}

/** A method written `name(…) { … }` (as `Function.prototype.toString` prints one) as a `function` expression. */
export function methodAsFunction(text: string): string {
  const parsed = parseFunctionText(text);
  if (parsed?.node.type !== 'ObjectMethod') return text;
  const params = parameterList(parsed);
  if (!params) return text;
  const { node } = parsed;
  const out = new MagicString(text);
  out.update(node.start! - parsed.offset, params.start, `${node.async ? 'async ' : ''}function${node.generator ? '*' : ''} `);
  return out.toString();
}

/** What a parameter binds, without its type (`{ a, b }`, `G = {}`), and its type as written (`IG`), from the function's text. */
function parameterParts(p: t.Node, text: (n: t.Node) => string): { value: string; type?: string } {
  if (p.type === 'AssignmentPattern') {
    const left = parameterParts(p.left, text);
    return { value: `${left.value} = ${text(p.right)}`, type: left.type };
  }
  const annotation = 'typeAnnotation' in p && p.typeAnnotation?.type === 'TSTypeAnnotation' ? p.typeAnnotation : undefined;
  if (!annotation) return { value: text(p) };
  const whole = text(p);
  return { value: whole.slice(0, annotation.start! - p.start!).replace(/\??\s*$/, ''), type: text(annotation.typeAnnotation) };
}

/** Whether `name` is read as a variable under `root` (not as `x.name` or an object key), leaving out `ignored` uses. */
function usesName(root: t.Node, name: string, ignored: Set<t.Node>): boolean {
  let used = false;
  walk(root, (node, parent) => {
    if (used || node.type !== 'Identifier' || node.name !== name || ignored.has(node)) return;
    if (parent && isMember(parent) && parent.property === node && !parent.computed) return;
    if (parent?.type === 'ObjectProperty' && parent.key === node && !parent.computed && !parent.shorthand) return;
    if (parent?.type === 'ObjectMethod' && parent.key === node && !parent.computed) return;
    used = true;
  });
  return used;
}

/** The uses of `name` under `root` as a whole value (`f(ctx)`, `const c = ctx`), not through a member (`ctx.turn`). */
function wholeUses(root: t.Node, name: string, ignored: Set<t.Node>): t.Identifier[] {
  const out: t.Identifier[] = [];
  walk(root, (node, parent) => {
    if (node.type !== 'Identifier' || node.name !== name || ignored.has(node)) return;
    if (parent && isMember(parent) && (parent.object === node || (parent.property === node && !parent.computed))) return;
    if (parent?.type === 'ObjectProperty' && (parent.shorthand || (parent.key === node && !parent.computed))) return;
    if (parent?.type === 'ObjectMethod' && parent.key === node && !parent.computed) return;
    out.push(node);
  });
  return out;
}

/** `base`, or `base` with a number, whichever `root` does not use. */
function unusedName(root: t.Node, base: string): string {
  for (let i = 0; ; i++) {
    const name = i ? `${base}${i}` : base;
    if (!usesName(root, name, new Set())) return name;
  }
}

/** Rewrites one legacy function's text for 0.50 (parameter list, body, returns). */
export function rewriteFunction(
  text: string,
  role: Role,
  adapt: AdaptSpec | undefined,
  plan: Plan,
  imports: NeededImports,
): { text: string } {
  const parsed = parseFunctionText(text);
  const shape = parseFunction(text);
  const list = parsed && parameterList(parsed);
  if (!parsed || !shape || (!list && parsed.node.params.length)) return { text };
  const { node: fn, offset } = parsed;
  const out = new MagicString(text);
  const startOf = (n: t.Node) => n.start! - offset;
  const endOf = (n: t.Node) => n.end! - offset;
  const source = (n: t.Node) => text.slice(startOf(n), endOf(n));
  const replace = (n: t.Node, by: string) => out.update(startOf(n), endOf(n), by);
  /** Keeps `inner` of `outer`, dropping the text around it (so edits inside `inner` stay). */
  const keepOnly = (outer: t.Node, inner: t.Node) => {
    if (startOf(inner) > startOf(outer)) out.remove(startOf(outer), startOf(inner));
    if (endOf(outer) > endOf(inner)) out.remove(endOf(inner), endOf(outer));
  };
  const flow = plan.era === 'flow-0.26' || plan.era === 'flow-0.32';
  const v26 = plan.era === 'flow-0.26';
  const params = shape.params;
  const nameAt = (i: number) => (params[i]?.kind === 'identifier' ? params[i].name : undefined);
  const ctxName = role === 'setup' ? nameAt(0) : nameAt(1);
  const introduced = new Set<string>();
  // A name the function binds itself (`const playerID = ctx.playerID`, a move's own `playerID`
  // argument) cannot also be taken from the context: that member is taken under another name.
  const positionalCount = role === 'setup' ? 1 : role === 'playerView' ? 3 : 2;
  const ownNames = boundNames(fn.body);
  for (const p of fn.params.slice(positionalCount)) bindingNames(p, ownNames);
  const localOf = new Map<string, string>(
    MOVED_MEMBERS.filter((m) => ownNames.has(m)).map((m) => [m, unusedName(fn, `context${m[0].toUpperCase()}${m.slice(1)}`)]),
  );
  const local = (m: string) => localOf.get(m) ?? m;
  /** `ctx` identifiers whose member moved beside it (`ctx.events` → `events`): no longer uses of `ctx`. */
  const movedOff = new Set<t.Node>();

  // `ctx.events` → `events`, `ctx.random` → `random`, …; flow era: `ctx.actionPlayers`.
  if (ctxName) {
    walk(fn.body, (node) => {
      if (!isMember(node) || node.computed || node.object.type !== 'Identifier' || node.object.name !== ctxName) return;
      const member = memberName(node);
      if (member === 'actionPlayers') {
        if (flow) replace(node, `Object.keys(${ctxName}.activePlayers ?? { [${ctxName}.currentPlayer]: null })`);
      } else if (member && (MOVED_MEMBERS as readonly string[]).includes(member)) {
        introduced.add(member);
        movedOff.add(node.object);
        replace(node, local(member));
      }
    });
  }

  // `ctx` handed on whole (`deal(ctx)`): code behind it reads `ctx.random` and friends, which 0.50
  // moved beside ctx, so it gets a ctx of the legacy shape, the context's plugin APIs included.
  const whole = ctxName && role !== 'playerView' ? wholeUses(fn.body, ctxName, movedOff) : [];
  const pluginsName = whole.length ? unusedName(fn.body, 'plugins') : '';
  const movedList = MOVED_MEMBERS.map((m) => (localOf.has(m) ? `${m}: ${local(m)}` : m)).join(', ');
  for (const node of whole) replace(node, `{ ...${ctxName}, ${movedList}, ...${pluginsName} }`);

  // Legacy event names and arguments → 0.50's (`endTurn('3')`, `endPhase({ next })`, `setActionPlayers`, `moveLimit`).
  walk(fn.body, (node) => {
    if (!isCall(node) || !isMember(node.callee)) return;
    const callee = node.callee;
    const name = memberName(callee);
    const object = callee.object;
    if (!((object.type === 'Identifier' && object.name === 'events') || memberName(object) === 'events')) return;
    const args = node.arguments;
    const arg = args.length === 1 ? unwrapExpression(args[0]) : undefined;
    const rename = (to: string) => replace(callee.property, to);
    const dropArguments = () => args.length && out.remove(startOf(args[0]), endOf(args[args.length - 1]));
    if (name === 'endTurn') {
      if (
        arg &&
        (stringValue(arg) !== undefined || (v26 && arg.type !== 'ObjectExpression' && !(arg.type === 'BooleanLiteral' && arg.value)))
      ) {
        out.prependRight(startOf(args[0]), '{ next: ');
        out.appendLeft(endOf(args[0]), ' }');
      }
    } else if (name === 'endPhase') {
      let target: t.Node | undefined;
      if (arg && stringValue(arg) !== undefined) target = arg;
      else if (arg?.type === 'ObjectExpression' && arg.properties.length === 1) {
        const p = arg.properties[0];
        if (p.type === 'ObjectProperty' && keyName(p.key, p.computed) === 'next') target = p.value;
      }
      if (!target) return;
      if (stringValue(target) === 'default') return void dropArguments();
      rename('setPhase');
      if (target !== arg && arg) {
        const p = (arg as t.ObjectExpression).properties[0] as t.ObjectProperty;
        if (p.shorthand) replace(arg, 'next');
        else keepOnly(args[0], target);
      }
    } else if (name === 'setActionPlayers' || name === 'changeActionPlayers') {
      rename('setActivePlayers');
      if (arg?.type !== 'ObjectExpression') return;
      const props = arg.properties.filter((p): p is t.ObjectProperty => p.type === 'ObjectProperty');
      if (props.length !== arg.properties.length || !props.length) return;
      const flags = new Map(props.map((p) => [keyName(p.key, p.computed), p.value]));
      if ([...flags].every(([k, v]) => k && ACTIVE_PLAYER_FLAGS.includes(k) && v.type === 'BooleanLiteral' && v.value)) {
        replace(args[0], `ActivePlayers.${flags.has('all') ? 'ALL' : 'OTHERS'}${flags.has('once') ? '_ONCE' : ''}`);
        imports.add('ActivePlayers');
      } else if (flags.size === 1 && flags.get('value')?.type === 'ArrayExpression') keepOnly(args[0], flags.get('value')!);
    } else if (name === 'setActivePlayers' || name === 'setStage') {
      for (const a of args) {
        walk(a, (n) => {
          if (n.type === 'ObjectProperty' && !n.computed && !n.shorthand && keyName(n.key, false) === 'moveLimit')
            replace(n.key, 'maxMoves');
        });
      }
    }
  });

  // A string an endTurnIf / endPhaseIf returns (`return '3'`, `=> '3'`, `c ? 'z' : false`) → `{ next: '3' }`.
  if (adapt?.kind === 'endTurnIf' || adapt?.kind === 'endPhaseIf') {
    for (const e of returnedExpressions(fn)) {
      if (stringValue(e) === undefined) continue;
      const bare = e === fn.body && !e.extra?.parenthesized;
      out.prependRight(startOf(e), bare ? '({ next: ' : '{ next: ');
      out.appendLeft(endOf(e), bare ? ' })' : ' }');
    }
  }

  // A returned `{ playOrderPos, actionPlayers }` (0.26) → the position; wrapped when the object is built elsewhere.
  let wrapPosition = false;
  if (adapt?.kind === 'position' && infoOf(text).returnsPosition) {
    let found = false;
    for (const e of returnedExpressions(fn)) {
      if (e.type !== 'ObjectExpression') continue;
      const props = e.properties.filter((p): p is t.ObjectProperty => p.type === 'ObjectProperty');
      const pos = props.find((p) => keyName(p.key, p.computed) === 'playOrderPos');
      if (
        !pos ||
        props.length !== e.properties.length ||
        !props.every((p) => ['playOrderPos', 'actionPlayers'].includes(keyName(p.key, p.computed) ?? ''))
      )
        continue;
      found = true;
      if (pos.shorthand) replace(e, 'playOrderPos');
      else keepOnly(e, pos.value);
    }
    wrapPosition = !found;
  }

  // The positional parameters become the context object: `(G: IG, ctx: Ctx)` → `({ G, ctx }: { G: IG; ctx: Ctx })`.
  const uses = (name: string | undefined) => name !== undefined && usesName(fn.body, name, movedOff);
  const members: string[] = [];
  const types: { key: string; type?: string }[] = [];
  const member = (key: string, i: number) => {
    const p = fn.params[i];
    const shapeParam = params[i];
    if (!p || !shapeParam || shapeParam.kind === 'rest') return;
    const parts = parameterParts(p, source);
    if (shapeParam.kind === 'pattern') members.push(`${key}: ${parts.value}`);
    else {
      if (!uses(shapeParam.name)) return;
      members.push(parts.value === key || parts.value.startsWith(`${key} =`) ? parts.value : `${key}: ${parts.value}`);
    }
    types.push({ key, type: parts.type });
  };
  let rest: t.Node[] = [];
  if (role === 'setup') {
    member('ctx', 0);
    rest = fn.params.slice(1);
  } else if (role === 'playerView') {
    member('G', 0);
    member('ctx', 1);
    member('playerID', 2);
  } else {
    member('G', 0);
    member('ctx', 1);
    rest = fn.params.slice(2);
  }
  for (const name of MOVED_MEMBERS) {
    if ((introduced.has(name) || whole.length) && !members.some((x) => x === name || x.startsWith(`${name}:`))) {
      members.push(localOf.has(name) ? `${name}: ${local(name)}` : name);
      types.push({ key: name });
    }
  }
  if (whole.length) members.push(`...${pluginsName}`);
  // Types are written when the old parameters had some: the context's own members take boardgame.io's.
  const positional = fn.params.slice(0, positionalCount);
  let annotation = '';
  if (types.length && positional.some((p) => parameterParts(p, source).type !== undefined)) {
    const typeOf = (x: (typeof types)[number]) => {
      if (x.type !== undefined) return x.type;
      if (x.key === 'events' || x.key === 'random' || x.key === 'log') {
        imports.add(FN_CONTEXT_TYPE);
        return `FnContext['${x.key}']`;
      }
      return x.key === 'playerID' ? 'string' : 'any';
    };
    annotation = `: { ${types.map((x) => `${x.key}: ${typeOf(x)}`).join('; ')} }`;
  }
  const first = members.length ? `{ ${members.join(', ')} }${annotation}` : rest.length ? '_context' : '';
  const paramList = `(${[first, ...rest.map(source)].filter(Boolean).join(', ')})`;
  if (list) out.update(list.start, list.end, paramList);
  else if (paramList !== '()') return { text };
  let result = out.toString();
  if (wrapPosition)
    result = `(context) => {\n  const result = (${result})(context);\n  return result !== null && typeof result === 'object' ? result.playOrderPos : result;\n}`;
  return { text: result };
}
