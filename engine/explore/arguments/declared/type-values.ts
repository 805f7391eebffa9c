/**
 * The finite set of values a TypeScript type allows, read from its annotation: literal types and
 * their unions, `boolean`, type aliases, enums (string, numeric, `const enum`) and their members,
 * `(typeof LIST)[number]` of an `as const` array, `keyof typeof OBJ` and `(typeof OBJ)[keyof typeof OBJ]`,
 * and object types whose every field is finite. Null when the type is not finite (`string`,
 * `number`, `Card[]`, a generic) or too large to try.
 */
import { unwrapExpression, type t } from '../../../lint/ast';
import type { TypeScope, TypeDeclaration } from './type-scope';

const MAX_VALUES = 100;
const MAX_DEPTH = 12;

/** Reads types written in `file`, looking names up through `scope`. */
export function typeValues(type: t.Node, file: string, scope: TypeScope, depth = 0): unknown[] | null {
  if (depth > MAX_DEPTH) return null;
  const again = (node: t.Node, where = file) => typeValues(node, where, scope, depth + 1);
  switch (type.type) {
    case 'TSTypeAnnotation':
    case 'TSParenthesizedType' as string:
      return again((type as t.TSTypeAnnotation).typeAnnotation);
    case 'TSLiteralType':
      return literalOf(type.literal);
    case 'TSBooleanKeyword':
      return [true, false];
    case 'TSNullKeyword':
      return [null];
    case 'TSUndefinedKeyword':
      return [undefined];
    case 'TSUnionType': {
      const out: unknown[] = [];
      for (const member of type.types) {
        const values = again(member);
        if (!values) return null;
        out.push(...values);
      }
      return capped(unique(out));
    }
    case 'TSTypeReference':
      return type.typeParameters ? null : referenceValues(type.typeName, file, scope, depth);
    case 'TSTypeOperator':
      return type.operator === 'keyof' ? keysOf(type.typeAnnotation, file, scope) : null;
    case 'TSIndexedAccessType':
      return indexedValues(type, file, scope);
    case 'TSTypeLiteral':
      return objectValues(type.members, file, scope, depth);
    default:
      return null;
  }
}

function referenceValues(name: t.TSEntityName, file: string, scope: TypeScope, depth: number): unknown[] | null {
  if (name.type === 'Identifier') {
    const found = scope.lookup(file, name.name);
    return found ? declarationValues(found.node, found.file, scope, depth) : null;
  }
  if (name.type !== 'TSQualifiedName' || name.left.type !== 'Identifier') return null;
  // `Cards.Suit` (a namespace import) or `Suit.Hearts` (an enum member).
  const inNamespace = scope.member(file, name.left.name, name.right.name);
  if (inNamespace) return declarationValues(inNamespace.node, inNamespace.file, scope, depth);
  const owner = scope.lookup(file, name.left.name);
  if (owner?.node.type !== 'TSEnumDeclaration') return null;
  const value = enumMembers(owner.node)?.get(name.right.name);
  return value === undefined ? null : [value];
}

function declarationValues(node: TypeDeclaration, file: string, scope: TypeScope, depth: number): unknown[] | null {
  if (node.type === 'TSTypeAliasDeclaration') return node.typeParameters ? null : typeValues(node.typeAnnotation, file, scope, depth + 1);
  if (node.type === 'TSEnumDeclaration') {
    const members = enumMembers(node);
    return members ? capped([...members.values()]) : null;
  }
  if (node.type === 'TSInterfaceDeclaration')
    return node.extends?.length || node.typeParameters ? null : objectValues(node.body.body, file, scope, depth);
  return null;
}

/** An enum's members and their values: string or number initialisers, the rest counting up from the previous number. */
function enumMembers(node: t.TSEnumDeclaration): Map<string, string | number> | null {
  const out = new Map<string, string | number>();
  let next: number | null = 0;
  const members = node.members ?? node.body?.members ?? [];
  for (const member of members) {
    const name = member.id.type === 'Identifier' ? member.id.name : member.id.value;
    let value: unknown;
    if (!member.initializer) value = next;
    else {
      const literal = literalOf(member.initializer);
      value = literal?.length === 1 ? literal[0] : undefined;
    }
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    out.set(name, value);
    next = typeof value === 'number' ? value + 1 : null;
  }
  return out;
}

/** `(typeof LIST)[number]` and `(typeof OBJ)[keyof typeof OBJ]`. */
function indexedValues(type: t.TSIndexedAccessType, file: string, scope: TypeScope): unknown[] | null {
  const object = unparen(type.objectType);
  const index = unparen(type.indexType);
  if (object.type !== 'TSTypeQuery') return null;
  const value = constValue(object, file, scope);
  if (!value) return null;
  if (index.type === 'TSNumberKeyword' && value.type === 'ArrayExpression') return literalElements(value.elements);
  if (index.type === 'TSTypeOperator' && index.operator === 'keyof' && value.type === 'ObjectExpression')
    return literalElements(value.properties.map((p) => (p.type === 'ObjectProperty' ? p.value : null)));
  return null;
}

/** `keyof typeof OBJ`: the keys of an object literal. */
function keysOf(type: t.TSType, file: string, scope: TypeScope): unknown[] | null {
  const query = unparen(type);
  if (query.type !== 'TSTypeQuery') return null;
  const value = constValue(query, file, scope);
  if (value?.type !== 'ObjectExpression') return null;
  const keys: string[] = [];
  for (const p of value.properties) {
    if (p.type === 'SpreadElement' || p.computed) return null;
    if (p.key.type === 'Identifier') keys.push(p.key.name);
    else if (p.key.type === 'StringLiteral' || p.key.type === 'NumericLiteral') keys.push(String(p.key.value));
    else return null;
  }
  return capped(keys);
}

/** The initialiser of the `as const` constant a `typeof NAME` names. */
function constValue(query: t.TSTypeQuery, file: string, scope: TypeScope): t.ArrayExpression | t.ObjectExpression | null {
  if (query.exprName.type !== 'Identifier') return null;
  const found = scope.lookup(file, query.exprName.name);
  if (found?.node.type !== 'VariableDeclarator') return null;
  const init = found.node.init;
  if (!isAsConst(init)) return null;
  const value = unwrapExpression(init);
  return value.type === 'ArrayExpression' || value.type === 'ObjectExpression' ? value : null;
}

/** `[…] as const` (also under `satisfies`): without it TypeScript widens the elements to `string`/`number`. */
function isAsConst(node: t.Node): boolean {
  let n = node;
  while (n.type === 'TSSatisfiesExpression' || n.type === 'ParenthesizedExpression') n = n.expression;
  return (
    n.type === 'TSAsExpression' &&
    n.typeAnnotation.type === 'TSTypeReference' &&
    n.typeAnnotation.typeName.type === 'Identifier' &&
    n.typeAnnotation.typeName.name === 'const'
  );
}

function literalElements(elements: (t.Node | null)[]): unknown[] | null {
  const out: unknown[] = [];
  for (const e of elements) {
    const values = e ? literalOf(unwrapExpression(e)) : null;
    if (!values) return null;
    out.push(...values);
  }
  return capped(unique(out));
}

/** `{ suit: Suit; rank: 1 | 2 | 3 }`: every combination of its fields' values, when each is finite (optional fields left out). */
function objectValues(members: t.TSTypeElement[], file: string, scope: TypeScope, depth: number): unknown[] | null {
  let objects: Record<string, unknown>[] = [{}];
  for (const m of members) {
    if (m.type !== 'TSPropertySignature' || m.computed) return null;
    if (m.optional) continue;
    const key = m.key.type === 'Identifier' ? m.key.name : m.key.type === 'StringLiteral' ? m.key.value : null;
    const values = key !== null && m.typeAnnotation ? typeValues(m.typeAnnotation, file, scope, depth + 1) : null;
    if (key === null || !values) return null;
    objects = objects.flatMap((o) => values.map((v) => ({ ...o, [key]: v })));
    if (objects.length > MAX_VALUES) return null;
  }
  return objects;
}

/** A literal's value: strings, numbers (negative too), booleans, templates without substitutions. */
function literalOf(node: t.Node): unknown[] | null {
  switch (node.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
      return [node.value];
    case 'NullLiteral':
      return [null];
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? [node.quasis[0]?.value.cooked ?? ''] : null;
    case 'UnaryExpression':
      return node.operator === '-' && node.argument.type === 'NumericLiteral' ? [-node.argument.value] : null;
    default:
      return null;
  }
}

const unparen = (node: t.TSType): t.TSType => {
  let n = node as t.Node;
  while (n.type === ('TSParenthesizedType' as string)) n = (n as unknown as { typeAnnotation: t.TSType }).typeAnnotation;
  return n as t.TSType;
};

const capped = (values: unknown[]) => (values.length > MAX_VALUES ? null : values);

function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = typeof v + JSON.stringify(v);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
