/**
 * The integer range a move checks a numeric parameter against before it does anything: a guard at
 * the top of its body that refuses (`return INVALID_MOVE`, or `throw`) when it is out of range
 * (`if (x < 0 || x > 8) return INVALID_MOVE`, `if (!(x >= 0 && x < 9)) …`), or one that refuses in
 * its `else`. Bounds compared with anything but a number literal are not read.
 */
import { unwrapExpression, type FunctionNode, type t } from '../../../lint/ast';

export interface NumberRange {
  min?: number;
  max?: number;
}

/** The range the top-level guards of `fn` check parameter `name` against; null when they check none. */
export function checkedRange(fn: FunctionNode, name: string): NumberRange | null {
  if (fn.body.type !== 'BlockStatement') return null;
  const range: NumberRange = {};
  for (const stmt of fn.body.body) {
    if (stmt.type !== 'IfStatement') continue;
    if (refuses(stmt.consequent)) for (const term of terms(stmt.test, '||')) narrow(range, term.node, name, !term.negated);
    else if (stmt.alternate && refuses(stmt.alternate))
      for (const term of terms(stmt.test, '&&')) narrow(range, term.node, name, term.negated);
  }
  return range.min === undefined && range.max === undefined ? null : range;
}

/**
 * The parts of a condition joined by `op` (`a || b`), each with whether it is written under a `!`:
 * each part (negated when so marked) decides the guard on its own. `!(a && b)` reads as `!a || !b`.
 */
function terms(node: t.Node, op: '||' | '&&', negated = false): { node: t.Node; negated: boolean }[] {
  const n = unwrapExpression(node);
  const joins = negated ? (op === '||' ? '&&' : '||') : op;
  if (n.type === 'LogicalExpression' && n.operator === joins) return [...terms(n.left, op, negated), ...terms(n.right, op, negated)];
  if (n.type === 'UnaryExpression' && n.operator === '!') return terms(n.argument, op, !negated);
  return [{ node: n, negated }];
}

const FLIP: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
const OPPOSITE: Record<string, string> = { '<': '>=', '>': '<=', '<=': '>', '>=': '<' };

/**
 * Narrows `range` by the comparison `node` of `name` with a number: `rejects` says the comparison
 * holding means the move refuses (so the valid values are those where it fails).
 */
function narrow(range: NumberRange, node: t.Node, name: string, rejects: boolean): void {
  if (node.type !== 'BinaryExpression' || !(node.operator in FLIP)) return;
  let op = node.operator;
  let bound: number | null;
  if (isName(node.left, name)) bound = numberOf(node.right);
  else if (isName(node.right, name)) {
    bound = numberOf(node.left);
    op = FLIP[op] as typeof op;
  } else return;
  if (bound === null) return;
  // What holds for a valid value: the comparison itself, or its opposite when it rejects.
  const valid = rejects ? OPPOSITE[op] : op;
  if (valid === '>=') range.min = Math.max(range.min ?? -Infinity, Math.ceil(bound));
  if (valid === '>') range.min = Math.max(range.min ?? -Infinity, Math.floor(bound) + 1);
  if (valid === '<=') range.max = Math.min(range.max ?? Infinity, Math.floor(bound));
  if (valid === '<') range.max = Math.min(range.max ?? Infinity, Math.ceil(bound) - 1);
}

const isName = (node: t.Node, name: string) => {
  const n = unwrapExpression(node);
  return n.type === 'Identifier' && n.name === name;
};

function numberOf(node: t.Node): number | null {
  const n = unwrapExpression(node);
  if (n.type === 'NumericLiteral') return n.value;
  if (n.type === 'UnaryExpression' && n.operator === '-' && n.argument.type === 'NumericLiteral') return -n.argument.value;
  return null;
}

/** Whether a branch refuses the move: it returns `INVALID_MOVE` or throws (as its first statement or only one). */
function refuses(branch: t.Statement): boolean {
  const first = branch.type === 'BlockStatement' ? branch.body[0] : branch;
  if (!first) return false;
  if (first.type === 'ThrowStatement') return true;
  if (first.type !== 'ReturnStatement' || !first.argument) return false;
  const value = unwrapExpression(first.argument);
  if (value.type === 'Identifier') return value.name === 'INVALID_MOVE';
  if (value.type === 'MemberExpression') return value.property.type === 'Identifier' && value.property.name === 'INVALID_MOVE';
  return value.type === 'StringLiteral' && value.value === 'INVALID_MOVE';
}
