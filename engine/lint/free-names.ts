import { parseFunctionText, walk, type t } from './ast';

/** Names every script has (`Math`, `Object`, `console`, …), never a module's own. */
const isGlobal = (name: string) => name in globalThis || name === 'arguments' || name === 'undefined';

/** The names a binding pattern (`{ a, b: [c] }`, `x = 1`, `...rest`) declares, added to `out`. */
export function bindingNames(pattern: t.Node | null | undefined, out: Set<string>): void {
  if (!pattern) return;
  if (pattern.type === 'Identifier') out.add(pattern.name);
  else if (pattern.type === 'ObjectPattern')
    for (const p of pattern.properties) bindingNames(p.type === 'RestElement' ? p.argument : (p.value as t.Node), out);
  else if (pattern.type === 'ArrayPattern') for (const e of pattern.elements) bindingNames(e, out);
  else if (pattern.type === 'AssignmentPattern') bindingNames(pattern.left, out);
  else if (pattern.type === 'RestElement') bindingNames(pattern.argument, out);
}

/** Every name bound under `root` (parameters and declarations, wherever they are, nested functions included). */
export function boundNames(root: t.Node): Set<string> {
  const bound = new Set<string>();
  walk(root, (node) => {
    switch (node.type) {
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'ObjectMethod':
      case 'ClassMethod':
        if ('id' in node && node.id) bound.add(node.id.name);
        for (const p of node.params) bindingNames(p, bound);
        break;
      case 'VariableDeclarator':
        bindingNames(node.id, bound);
        break;
      case 'ClassDeclaration':
        if (node.id) bound.add(node.id.name);
        break;
      case 'CatchClause':
        bindingNames(node.param, bound);
        break;
    }
  });
  return bound;
}

/**
 * The names a function's text uses but does not bind itself (parameters and every declaration
 * inside it count as bound, wherever they are), leaving out the script globals: what it needs from
 * the module it was written in. Empty when the text is not a function.
 */
export function freeNames(text: string): string[] {
  const parsed = parseFunctionText(text);
  if (!parsed) return [];
  const bound = boundNames(parsed.node);
  const used = new Set<string>();
  walk(parsed.node, (node, parent) => {
    switch (node.type) {
      case 'Identifier': {
        const p = parent as t.Node | null;
        if (!p) break;
        if ((p.type === 'MemberExpression' || p.type === 'OptionalMemberExpression') && p.property === node && !p.computed) break;
        if (
          (p.type === 'ObjectProperty' || p.type === 'ObjectMethod' || p.type === 'ClassMethod' || p.type === 'ClassProperty') &&
          p.key === node &&
          !p.computed &&
          !(p.type === 'ObjectProperty' && p.shorthand)
        )
          break;
        if (p.type === 'LabeledStatement' || p.type === 'BreakStatement' || p.type === 'ContinueStatement') break;
        used.add(node.name);
        break;
      }
    }
  });
  return [...used].filter((n) => !bound.has(n) && !isGlobal(n)).sort();
}
