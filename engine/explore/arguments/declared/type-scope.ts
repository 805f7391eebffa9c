/**
 * Where a name used in a TypeScript type (`Suit`, `Cards.Suit`, `typeof BIDS`) is declared in the
 * game's own files: a top-level type alias, interface, enum or const of a file, or one it imports
 * from another local file (type-only imports and re-exports, `export *` too, followed).
 */
import { parseModule, type t } from '../../../lint/ast';
import type { LocalFiles } from '../../../source/source-index';

export type TypeDeclaration =
  t.TSTypeAliasDeclaration | t.TSEnumDeclaration | t.TSInterfaceDeclaration | (t.VariableDeclarator & { init: t.Expression });

/** A declaration found, with the file it is in (so names inside it are looked up there). */
export interface Declared {
  file: string;
  node: TypeDeclaration;
}

interface FileScope {
  declarations: Map<string, TypeDeclaration>;
  /** Local name → the module and the name it imports (`default`, `*` for a namespace). */
  imports: Map<string, { from: string; imported: string }>;
  /** Exported name → its local name, or a module it is re-exported from. */
  exports: Map<string, { local: string } | { from: string; imported: string }>;
  /** `export * from '…'`. */
  starExports: string[];
}

const MAX_HOPS = 8;

export class TypeScope {
  private readonly files = new Map<string, FileScope | null>();

  constructor(private readonly local: LocalFiles) {}

  /** The declaration `name` stands for in `file` (its own, or imported from a local file). */
  lookup(file: string, name: string, hops = 0): Declared | null {
    const scope = this.scopeOf(file);
    if (!scope || hops > MAX_HOPS) return null;
    const own = scope.declarations.get(name);
    if (own) return { file, node: own };
    const binding = scope.imports.get(name);
    if (!binding || binding.imported === '*') return null;
    const target = this.local.resolve(file, binding.from);
    return target ? this.exported(target, binding.imported, hops + 1) : null;
  }

  /** `ns.member` for a namespace import `ns` of a local file (`import * as Cards from './cards'`). */
  member(file: string, ns: string, member: string): Declared | null {
    const binding = this.scopeOf(file)?.imports.get(ns);
    if (binding?.imported !== '*') return null;
    const target = this.local.resolve(file, binding.from);
    return target ? this.exported(target, member, 1) : null;
  }

  private exported(file: string, name: string, hops: number): Declared | null {
    const scope = this.scopeOf(file);
    if (!scope || hops > MAX_HOPS) return null;
    const entry = scope.exports.get(name);
    if (entry && 'local' in entry) return this.lookup(file, entry.local, hops);
    if (entry) {
      const target = this.local.resolve(file, entry.from);
      return target ? this.exported(target, entry.imported, hops + 1) : null;
    }
    for (const from of scope.starExports) {
      const target = this.local.resolve(file, from);
      const found = target ? this.exported(target, name, hops + 1) : null;
      if (found) return found;
    }
    return null;
  }

  private scopeOf(file: string): FileScope | null {
    if (!this.files.has(file)) {
      const text = this.local.read(file);
      this.files.set(file, text === undefined ? null : readScope(text, file));
    }
    return this.files.get(file) ?? null;
  }
}

function readScope(text: string, file: string): FileScope | null {
  const ast = parseModule(text, file);
  if (!ast) return null;
  const scope: FileScope = { declarations: new Map(), imports: new Map(), exports: new Map(), starExports: [] };
  const declare = (node: t.Node, exported: boolean) => {
    const names: [string, TypeDeclaration][] = [];
    if (node.type === 'TSTypeAliasDeclaration' || node.type === 'TSEnumDeclaration' || node.type === 'TSInterfaceDeclaration')
      names.push([node.id.name, node]);
    if (node.type === 'VariableDeclaration')
      for (const d of node.declarations) if (d.id.type === 'Identifier' && d.init) names.push([d.id.name, d as TypeDeclaration]);
    for (const [name, decl] of names) {
      if (!scope.declarations.has(name)) scope.declarations.set(name, decl);
      if (exported) scope.exports.set(name, { local: name });
    }
  };
  for (const stmt of ast.program.body) {
    if (stmt.type === 'ImportDeclaration') {
      for (const spec of stmt.specifiers) {
        const imported =
          spec.type === 'ImportSpecifier'
            ? spec.imported.type === 'Identifier'
              ? spec.imported.name
              : spec.imported.value
            : spec.type === 'ImportDefaultSpecifier'
              ? 'default'
              : '*';
        scope.imports.set(spec.local.name, { from: stmt.source.value, imported });
      }
    } else if (stmt.type === 'ExportNamedDeclaration') {
      if (stmt.declaration) declare(stmt.declaration, true);
      for (const spec of stmt.specifiers) {
        if (spec.type !== 'ExportSpecifier') continue;
        const exported = spec.exported.type === 'Identifier' ? spec.exported.name : spec.exported.value;
        scope.exports.set(exported, stmt.source ? { from: stmt.source.value, imported: spec.local.name } : { local: spec.local.name });
      }
    } else if (stmt.type === 'ExportAllDeclaration') scope.starExports.push(stmt.source.value);
    else if (stmt.type === 'ExportDefaultDeclaration') {
      const decl = stmt.declaration;
      if (decl.type === 'Identifier') scope.exports.set('default', { local: decl.name });
    } else declare(stmt, false);
  }
  return scope;
}
