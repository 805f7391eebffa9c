/**
 * What a game file imports from and exports to its other local files, read with a real parser
 * (`@babel/parser`), so that `migrateSourceFiles` can rewrite a move where it is written
 * (`import playCard from './move/playCard'`) instead of copying it into the game file.
 */
import { isFunction, keyName, parseFunctionText, parseModule, type t } from '../lint/ast';
import type { Span } from './edits';

export interface ImportBinding {
  /** The module specifier as written (`./move/playCard`). */
  from: string;
  /** The exported name (`default` for a default import, `*` for a namespace import). */
  imported: string;
}

/** Where an exported name is defined: a span in this file, or a re-export from another module. */
export type ExportTarget = { span: Span } | { from: string; imported: string };

function program(source: string): t.Statement[] | null {
  return parseModule(source)?.program.body ?? null;
}

const spanOf = (node: t.Node): Span => ({ start: node.start!, end: node.end! });
const nameOf = (node: t.Node | null | undefined): string | undefined => (node ? keyName(node, false) : undefined);

/** The value imports of relative modules: local name → where from (type-only imports left out). */
export function importBindings(source: string): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  for (const node of program(source) ?? []) {
    if (node.type !== 'ImportDeclaration' || node.importKind === 'type' || !node.source.value.startsWith('.')) continue;
    for (const spec of node.specifiers) {
      if (spec.type === 'ImportSpecifier' && spec.importKind === 'type') continue;
      if (spec.type === 'ImportDefaultSpecifier') out.set(spec.local.name, { from: node.source.value, imported: 'default' });
      else if (spec.type === 'ImportSpecifier')
        out.set(spec.local.name, { from: node.source.value, imported: nameOf(spec.imported) ?? spec.local.name });
      else out.set(spec.local.name, { from: node.source.value, imported: '*' });
    }
  }
  return out;
}

/** The span of a top-level declaration's value: a `function` declaration whole, a variable's initializer. */
function declarationSpan(node: t.Node, name: string): Span | null {
  if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id?.name === name) return spanOf(node);
  if (node.type === 'VariableDeclaration') {
    for (const d of node.declarations) if (d.id?.type === 'Identifier' && d.id.name === name && d.init) return spanOf(d.init);
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
      const decl = node.declaration;
      if (decl.type === 'Identifier') return local(decl.name);
      return { span: spanOf(decl) };
    }
    if (node.type !== 'ExportNamedDeclaration') continue;
    if (node.declaration) {
      const span = declarationSpan(node.declaration, name);
      if (span) return { span };
    }
    for (const spec of node.specifiers) {
      if (nameOf(spec.exported) !== name) continue;
      const inner = spec.type === 'ExportSpecifier' ? (nameOf(spec.local) ?? 'default') : 'default';
      if (node.source) return { from: node.source.value, imported: inner };
      return local(inner);
    }
  }
  return null;
}

/** How many parameters the function written in `text` declares (TypeScript types allowed); null when it is not a function. */
export function parameterCount(text: string): number | null {
  const fn = parseFunctionText(text)?.node;
  if (!isFunction(fn) || fn.type === 'ObjectMethod') return null;
  // `fn.length` counts the parameters before the first one with a default or a rest.
  const first = fn.params.findIndex((p) => p.type === 'AssignmentPattern' || p.type === 'RestElement');
  return first < 0 ? fn.params.length : first;
}

/**
 * The file that defines `exportName` of `file`, following re-exports (`export { default } from
 * './game'`) through local files: where a game's config is written when its entry only passes it on.
 */
export function definingFile(
  file: string,
  exportName: string,
  local: { read(file: string): string | undefined; resolve(from: string, specifier: string): string | null },
): string {
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

/** Every value import of `source` (packages too): local name → where from and under which name. */
export function allImportBindings(source: string): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  for (const node of program(source) ?? []) {
    if (node.type !== 'ImportDeclaration' || node.importKind === 'type') continue;
    for (const spec of node.specifiers) {
      if (spec.type === 'ImportSpecifier' && spec.importKind === 'type') continue;
      const imported =
        spec.type === 'ImportSpecifier'
          ? (nameOf(spec.imported) ?? spec.local.name)
          : spec.type === 'ImportDefaultSpecifier'
            ? 'default'
            : '*';
      out.set(spec.local.name, { from: node.source.value, imported });
    }
  }
  return out;
}
