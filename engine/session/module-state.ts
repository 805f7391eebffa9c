import { freeNames } from '../lint/free-names';
import { isCall, isMember, memberName, parseFunctionText, walk, type t } from '../lint/ast';

const MUTATING_METHODS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'set', 'add', 'delete', 'clear']);

/** The name at the root of `a.b[c]`, when the chain starts at a plain name. */
function rootName(node: t.Node): string | undefined {
  let n = node;
  while (isMember(n)) n = n.object;
  return n.type === 'Identifier' ? n.name : undefined;
}

/**
 * The names of the game's module that a function changes (assigns, increments, or mutates with
 * `push`, `set`, …): state kept outside G, which a second run in the same process starts from
 * where the first left it.
 */
export function moduleStateChanged(fn: unknown): string[] {
  if (typeof fn !== 'function') return [];
  const text = Function.prototype.toString.call(fn);
  const parsed = parseFunctionText(text);
  if (!parsed) return [];
  const free = new Set(freeNames(text));
  const changed = new Set<string>();
  const note = (target: t.Node) => {
    const name = rootName(target);
    if (name && free.has(name)) changed.add(name);
  };
  walk(parsed.node, (node) => {
    if (node.type === 'AssignmentExpression') note(node.left);
    else if (node.type === 'UpdateExpression') note(node.argument);
    else if (isCall(node) && isMember(node.callee) && MUTATING_METHODS.has(memberName(node.callee) ?? '')) note(node.callee.object);
  });
  return [...changed].sort();
}
