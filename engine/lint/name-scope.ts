import { freeNames } from './free-names';
import { hasComputedNextProperty } from './source';
import type { NormalGame } from '../config/normalise';
import { isCall, isMember, keyName, memberName, parseFunctionText, stringValue, walk, type t } from './ast';

/**
 * What a name written at the top of the game's module means there (`Phases.PLAY` → `'play'`,
 * `GAME_OVER` → `'over'`): real games name phases by constants from a module of their own, and a
 * function's text then shows the name, not the phase. Undefined when the name has no value there.
 */
export type NameScope = (expression: string) => unknown;

const scopes = new WeakMap<object, NameScope>();

/** Remembers where `config` was written, for every reading of names in its functions. */
export function giveNameScope(config: object, scope: NameScope): void {
  scopes.set(config, scope);
}

export function nameScopeOf(config: unknown): NameScope | undefined {
  return config && typeof config === 'object' ? scopes.get(config) : undefined;
}

/** A name or a chain of names (`GAME_OVER`, `Phases.PLAY`, `Phases['PLAY']`): all the scope is asked to read. */
function chainText(node: t.Node, text: string, offset: number, free: ReadonlySet<string>): string | undefined {
  let n = node;
  while (isMember(n)) {
    if (memberName(n) === undefined) return undefined;
    n = n.object;
  }
  if (n.type !== 'Identifier' || !free.has(n.name)) return undefined;
  return text.slice(node.start! - offset, node.end! - offset);
}

/** The values of the names a function's text uses from its module (each name the outermost of its chain), by node. */
function resolvedNames(text: string, scope: NameScope | undefined): Map<t.Node, unknown> {
  const values = new Map<t.Node, unknown>();
  if (!scope) return values;
  const parsed = parseFunctionText(text);
  if (!parsed) return values;
  const free = new Set(freeNames(text));
  if (!free.size) return values;
  walk(parsed.node, (node, parent) => {
    if (node.type !== 'Identifier' && !isMember(node)) return;
    // Only the whole chain (`Phases.PLAY`, not `Phases`), and never a property key or member name.
    if (parent && isMember(parent) && (parent.object === node || (parent.property === node && !parent.computed))) return;
    if (parent && parent.type === 'ObjectProperty' && parent.key === node && !parent.computed) return;
    const chain = chainText(node, text, parsed.offset, free);
    if (chain === undefined) return;
    try {
      values.set(node, scope(chain));
    } catch {
      // A name the module cannot read (a getter that throws): it names nothing.
    }
  });
  return values;
}

/**
 * The names among `names` a function mentions: in string literals, and (given the module's scope)
 * through the names of constants it uses.
 */
export function namesMentionedIn(fn: unknown, names: readonly string[], scope?: NameScope): string[] {
  if (typeof fn !== 'function') return [];
  const source = Function.prototype.toString.call(fn);
  const found = new Set<string>();
  for (const m of source.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)) if (names.includes(m[2])) found.add(m[2]);
  for (const value of resolvedNames(source, scope).values()) if (typeof value === 'string' && names.includes(value)) found.add(value);
  return names.filter((n) => found.has(n));
}

/**
 * The first arguments of a function's calls to `event` (`setPhase('x')`, `events.setPhase(Phases.X)`)
 * that name a fixed value: a plain string, or a constant of the module the scope reads.
 */
export function eventTargets(fn: unknown, event: string, scope?: NameScope): string[] {
  if (typeof fn !== 'function') return [];
  const source = Function.prototype.toString.call(fn);
  // Most functions call no such event: their text need not be parsed at all.
  if (!source.includes(event)) return [];
  // A template literal with `${…}` names no fixed phase: only plain literals count.
  const found = [...source.matchAll(new RegExp(`\\b${event}\\(\\s*(['"\`])([^'"\`]+)\\1`, 'g'))]
    .map((m) => m[2])
    .filter((x) => !x.includes('${'));
  const resolved = resolvedNames(source, scope);
  const parsed = resolved.size ? parseFunctionText(source) : null;
  if (parsed)
    walk(parsed.node, (node) => {
      if (!isCall(node)) return;
      const callee = node.callee;
      const name = callee.type === 'Identifier' ? callee.name : isMember(callee) ? keyName(callee.property, callee.computed) : undefined;
      const arg = node.arguments[0];
      if (name !== event || !arg || stringValue(arg) !== undefined) return;
      const value = resolved.get(arg);
      if (typeof value === 'string' && !found.includes(value)) found.push(value);
    });
  return found;
}

/**
 * `game` with the phases its `next` functions and endIfs can lead to read as the game's code names
 * them: through the module's constants (`next: () => Phases.OVER`), and, for a `{ next }` read from
 * state (`{ next: G.nextPhase }`), the phases the phase's own other functions name
 * (`G.nextPhase = Phases.TALK` in its onBegin).
 */
export function withPhaseNamesFromCode(game: NormalGame, scope?: NameScope): NormalGame {
  const names = game.phases.flatMap((p) => (p.name === null ? [] : [p.name]));
  const fnAt = (path: string) => game.functions.find((f) => f.path === path)?.fn;
  const phases = game.phases.map((phase) => {
    if (phase.name === null) return phase;
    const own = `phases.${phase.name}.`;
    const namedByPhase = () =>
      names.filter(
        (n) =>
          n !== phase.name &&
          game.functions.some(
            (f) => f.path.startsWith(own) && !/\.(endIf|next)$/.test(f.path) && namesMentionedIn(f.fn, [n], scope).length,
          ),
      );
    const readsState = (path: string) => {
      const fn = fnAt(path);
      return typeof fn === 'function' && hasComputedNextProperty(Function.prototype.toString.call(fn));
    };
    let { next, endIf } = phase;
    if (next?.kind === 'function') {
      const candidates = namesMentionedIn(fnAt(next.fn), names, scope);
      next = { ...next, candidates: candidates.length ? candidates : namedByPhase() };
    }
    if (endIf) {
      const candidates = namesMentionedIn(fnAt(endIf.fn), names, scope);
      endIf = { ...endIf, candidates: candidates.length || !readsState(endIf.fn) ? candidates : namedByPhase() };
    }
    return { ...phase, next, endIf };
  });
  return { ...game, phases };
}
