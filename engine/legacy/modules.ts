/**
 * What a game file imports from and exports to its other local files, read with a real parser
 * (`@babel/parser`), so that `migrateSourceFiles` can rewrite a move where it is written
 * (`import playCard from './move/playCard'`) instead of copying it into the game file.
 */
import { parse, parseExpression } from '@babel/parser';
import type { Span } from './edits';

export interface ImportBinding {
  /** The module specifier as written (`./move/playCard`). */
  from: string;
  /** The exported name (`default` for a default import). */
  imported: string;
}

/** Where an exported name is defined: a span in this file, or a re-export from another module. */
export type ExportTarget = { span: Span } | { from: string; imported: string };

// A Babel AST node read loosely: only a few node types are inspected, each by its `type` first.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyNode = { type: string; start?: number | null; end?: number | null; [key: string]: any };

function program(source: string): AnyNode[] | null {
  try {
    return parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: true }).program.body as AnyNode[];
  } catch {
    return null;
  }
}

const spanOf = (node: AnyNode): Span => ({ start: node.start!, end: node.end! });
const nameOf = (node: AnyNode | null | undefined): string | undefined => (node ? (node.type === 'Identifier' ? node.name : node.type === 'StringLiteral' ? node.value : undefined) : undefined);

/** The value imports of relative modules: local name → where from (type-only imports left out). */
export function importBindings(source: string): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  for (const node of program(source) ?? []) {
    if (node.type !== 'ImportDeclaration' || node.importKind === 'type' || !String(node.source.value).startsWith('.')) continue;
    for (const spec of node.specifiers as AnyNode[]) {
      if (spec.importKind === 'type') continue;
      if (spec.type === 'ImportDefaultSpecifier') out.set(spec.local.name, { from: node.source.value, imported: 'default' });
      else if (spec.type === 'ImportSpecifier') out.set(spec.local.name, { from: node.source.value, imported: nameOf(spec.imported) ?? spec.local.name });
    }
  }
  return out;
}

/** The span of a top-level declaration's value: a `function` declaration whole, a variable's initializer. */
function declarationSpan(node: AnyNode, name: string): Span | null {
  if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id?.name === name) return spanOf(node);
  if (node.type === 'VariableDeclaration') {
    for (const d of node.declarations as AnyNode[]) if (d.id?.type === 'Identifier' && d.id.name === name && d.init) return spanOf(d.init);
  }
  return null;
}

/** Where `name` (`default` or an export's name) exported by `source` is defined. */
export function exportTarget(source: string, name: string): ExportTarget | null {
  const body = program(source);
  if (!body) return null;
  const local = (id: string): ExportTarget | null => {
    for (const node of body) {
      const decl = node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration' ? node.declaration : node;
      const span = decl && declarationSpan(decl, id);
      if (span) return { span };
    }
    const imported = importBindings(source).get(id);
    return imported ?? null;
  };
  for (const node of body) {
    if (node.type === 'ExportDefaultDeclaration' && name === 'default') {
      const decl = node.declaration as AnyNode;
      if (decl.type === 'Identifier') return local(decl.name);
      return { span: spanOf(decl) };
    }
    if (node.type !== 'ExportNamedDeclaration') continue;
    if (node.declaration) {
      const span = declarationSpan(node.declaration, name);
      if (span) return { span };
    }
    for (const spec of (node.specifiers ?? []) as AnyNode[]) {
      if (nameOf(spec.exported) !== name) continue;
      const inner = nameOf(spec.local) ?? 'default';
      if (node.source) return { from: node.source.value, imported: inner };
      return local(inner);
    }
  }
  return null;
}

/** How many parameters the function written in `text` declares (TypeScript types allowed); null when it is not a function. */
export function parameterCount(text: string): number | null {
  try {
    const node = parseExpression(text, { plugins: ['typescript', 'jsx'] }) as AnyNode;
    if (node.type !== 'FunctionExpression' && node.type !== 'ArrowFunctionExpression') return null;
    // `fn.length` counts the parameters before the first one with a default or a rest.
    const params = node.params as AnyNode[];
    const first = params.findIndex((p) => p.type === 'AssignmentPattern' || p.type === 'RestElement');
    return first < 0 ? params.length : first;
  } catch {
    return null;
  }
}

/**
 * The file that defines `exportName` of `file`, following re-exports (`export { default } from
 * './game'`) through local files: where a game's config is written when its entry only passes it on.
 */
export function definingFile(file: string, exportName: string, local: { read(file: string): string | undefined; resolve(from: string, specifier: string): string | null }): string {
  let current = file;
  let name = exportName;
  for (let hops = 0; hops < 8; hops++) {
    const source = local.read(current);
    const target = source === undefined ? null : exportTarget(source, name);
    if (!target || 'span' in target) return current;
    const next = local.resolve(current, target.from);
    if (!next) return current;
    current = next;
    name = target.imported;
  }
  return current;
}
