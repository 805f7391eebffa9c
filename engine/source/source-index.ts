/**
 * Where a game's config and its functions are written in the game's source files, read over
 * @babel/parser's AST: the config expression (`Game({ … })` or the config object), the value at a
 * config path (`flow.phases.draw.endPhaseIf`), and the declarations and imports it goes through.
 */
import { isMember, keyName, parseModule, stringValue, unwrapExpression, walk, type ParsedFile, type t } from '../lint/ast';
import type { GameConfig } from '../types';
import { indentAt, type Span } from './edits';
import { exportTarget, importBindings, parameterCount, type ExportTarget } from './modules';

const CONFIG_KEYS = new Set([
  'setup',
  'moves',
  'phases',
  'turn',
  'flow',
  'endIf',
  'playerView',
  'name',
  'ai',
  'minPlayers',
  'maxPlayers',
  'onEnd',
]);
export const IDENT = /^[A-Za-z_$][\w$]*$/;

/** How `migrateSourceFiles` reads the game's other local files (the app reads the disk; the engine stays pure). */
export interface LocalFiles {
  read(file: string): string | undefined;
  /** The local file that `specifier`, imported by `from`, names; null for a package or a file not found. */
  resolve(from: string, specifier: string): string | null;
}

export interface Located {
  span: Span;
  /** The node written at `span`. */
  node: t.Node;
  /** The file `span` is in (the game file, or a local file it imports the value from). */
  in: SourceIndex;
  /** Reached through a name declared at the top of a file (`moves: { DrawCard }`) or imported into the game file. */
  declared?: { name: string; span: Span };
  /** The object property the path ends at (`drawCard: …`), in the file that writes the config path. */
  property?: { node: t.ObjectProperty | t.ObjectMethod; in: SourceIndex; next?: t.Node };
}

const spanOf = (node: t.Node): Span => ({ start: node.start!, end: node.end! });
const keyOf = (span: Span) => `${span.start}:${span.end}`;

/** The properties of an object literal by name (spreads and computed keys left out), methods as themselves. */
function propertyOf(object: t.ObjectExpression, name: string): t.ObjectProperty | t.ObjectMethod | undefined {
  for (const p of object.properties) if (p.type !== 'SpreadElement' && keyName(p.key, p.computed) === name) return p;
  return undefined;
}

export class SourceIndex {
  readonly ast: ParsedFile | null;
  /** Top-level `function NAME` (the whole declaration) and `const|let|var NAME = …` (the initializer), exported or not. */
  readonly decls = new Map<string, Span>();
  readonly root: { expr: Span; object: t.ObjectExpression } | null;
  private nodes: Map<string, t.Node> | null = null;

  constructor(
    readonly source: string,
    spec: GameConfig | null,
    readonly file = '',
    private readonly files?: { local: LocalFiles; indexes: Map<string, SourceIndex> },
  ) {
    this.ast = parseModule(source, file || undefined);
    for (const stmt of this.ast?.program.body ?? []) {
      const decl =
        (stmt.type === 'ExportNamedDeclaration' || stmt.type === 'ExportDefaultDeclaration') && stmt.declaration ? stmt.declaration : stmt;
      if (decl.type === 'FunctionDeclaration' && decl.id && !this.decls.has(decl.id.name)) this.decls.set(decl.id.name, spanOf(decl));
      if (decl.type === 'VariableDeclaration') {
        for (const d of decl.declarations)
          if (d.id.type === 'Identifier' && d.init && !this.decls.has(d.id.name)) this.decls.set(d.id.name, spanOf(d.init));
      }
    }
    this.root = spec && this.ast ? this.findRoot(spec, this.ast.program) : null;
  }

  /** The outermost node written exactly at `span`. */
  nodeAt(span: Span): t.Node | null {
    if (!this.nodes) {
      const nodes = new Map<string, t.Node>();
      if (this.ast) walk(this.ast.program, (node) => void (nodes.has(keyOf(spanOf(node))) || nodes.set(keyOf(spanOf(node)), node)));
      this.nodes = nodes;
    }
    return this.nodes.get(keyOf(span)) ?? null;
  }

  /** The file and span that define `name`, imported into this file from a local file (re-exports followed). */
  imported(name: string): { in: SourceIndex; span: Span } | null {
    if (!this.files) return null;
    const binding = this.importBindings().get(name);
    if (!binding || binding.imported === '*') return null;
    return this.exported(binding);
  }

  /** Whether `name` is a namespace import of a local file (`import * as Helpers from './helpers'`). */
  isNamespace(name: string): boolean {
    return !!this.files && this.importBindings().get(name)?.imported === '*';
  }

  /** What `ns.member` is, for a namespace import `ns` of a local file: the file and span that define that export. */
  namespaceMember(ns: string, member: string): { in: SourceIndex; span: Span; node: t.Node } | null {
    if (!this.isNamespace(ns)) return null;
    const found = this.exported({ from: this.importBindings().get(ns)!.from, imported: member });
    const node = found?.in.nodeAt(found.span);
    return found && node ? { ...found, node } : null;
  }

  /** This file's imports of local modules, read once (every config path looked up asks). */
  private bindings: ReturnType<typeof importBindings> | null = null;
  private importBindings(): ReturnType<typeof importBindings> {
    return (this.bindings ??= importBindings(this.source));
  }

  /** Whether this file calls a function by the bare name `name` (`draw(G, ctx, '0')`). */
  callsByName(name: string): boolean {
    let called = false;
    if (this.ast)
      walk(this.ast.program, (node) => {
        if (!called && node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === name) called = true;
      });
    return called;
  }

  /** Follows `binding` (a module and an exported name) through re-exports to where it is defined. */
  private exported(binding: { from: string; imported: string }): { in: SourceIndex; span: Span } | null {
    if (!this.files) return null;
    let from: SourceIndex | null = null;
    let target: ExportTarget | null = binding;
    for (let hops = 0; target && 'from' in target && hops < 8; hops++) {
      const next = this.files.local.resolve((from ?? this).file, target.from);
      const other = next ? this.open(next) : null;
      if (!other) return null;
      from = other;
      target = exportTarget(other.source, target.imported);
    }
    return from && target && 'span' in target ? { in: from, span: target.span } : null;
  }

  private open(file: string): SourceIndex | null {
    const files = this.files!;
    const known = files.indexes.get(file);
    if (known) return known;
    const text = files.local.read(file);
    if (text === undefined) return null;
    const index = new SourceIndex(text, null, file, files);
    files.indexes.set(file, index);
    return index;
  }

  /** `Game({ … })` (the one named like the spec, else the first), else the object literal that looks most like a config. */
  private findRoot(spec: GameConfig, program: t.Program): { expr: Span; object: t.ObjectExpression } | null {
    const named = (object: t.ObjectExpression) => {
      const p = propertyOf(object, 'name');
      return p?.type === 'ObjectProperty' && stringValue(p.value) === spec.name;
    };
    const calls: { expr: Span; object: t.ObjectExpression }[] = [];
    const candidates: { expr: Span; object: t.ObjectExpression; score: number }[] = [];
    walk(program, (node) => {
      if (
        node.type === 'CallExpression' &&
        node.callee.type === 'Identifier' &&
        node.callee.name === 'Game' &&
        node.arguments[0]?.type === 'ObjectExpression'
      ) {
        calls.push({ expr: spanOf(node), object: node.arguments[0] });
      }
      if (node.type !== 'ObjectExpression') return;
      const keys = node.properties.flatMap((p) => (p.type === 'SpreadElement' ? [] : (keyName(p.key, p.computed) ?? [])));
      const score = keys.filter((key) => CONFIG_KEYS.has(key)).length;
      if (score < 2 || !keys.some((key) => ['setup', 'moves', 'phases', 'turn', 'flow'].includes(key))) return;
      // An object inside a candidate is a part of that config, not another one.
      if (candidates.some((c) => c.expr.start <= node.start! && c.expr.end >= node.end!)) return;
      candidates.push({ expr: spanOf(node), object: node, score: score + (named(node) ? 100 : 0) });
    });
    if (calls.length) return calls.find((c) => named(c.object)) ?? calls[0];
    candidates.sort((a, b) => b.score - a.score);
    return candidates[0] ?? null;
  }

  /** The value at a legacy config path (`flow.phases[0].turnOrder.first`), in this file or one it imports from. */
  locate(path: string): Located | null {
    return this.root ? locatePath(this, this.root.object, path) : null;
  }

  /**
   * A config function found by its name when its path cannot be followed in the text (computed
   * keys such as `[PhaseID.Deal]: …`, spreads): the declaration or import of the same name, if it
   * is a function with as many parameters.
   */
  locateFunction(fn: (...args: never[]) => unknown): Located | null {
    if (!fn.name || !IDENT.test(fn.name)) return null;
    const decl = this.declaration(fn.name);
    if (!decl) return null;
    if (parameterCount(decl.in.text(decl.span)) !== fn.length) return null;
    return { ...decl, declared: { name: fn.name, span: decl.span } };
  }

  /** Where `name` is defined: at the top of this file, or in the local file it is imported from. */
  declaration(name: string): { in: SourceIndex; span: Span; node: t.Node } | null {
    const own = this.decls.get(name);
    const found = own ? { in: this as SourceIndex, span: own } : this.imported(name);
    const node = found?.in.nodeAt(found.span);
    return found && node ? { ...found, node } : null;
  }

  text(span: Span): string {
    return this.source.slice(span.start, span.end);
  }

  /** The indentation of the line `at` is on. */
  indentAt(at: number): string {
    return indentAt(this.source, at);
  }

  /**
   * The comments written around an object property: those on the lines just above it (or before
   * it on its line), and those after it on the line where it ends (`a: 1, // why`).
   */
  commentsAround(p: t.Node, next: t.Node | undefined): { leading: t.Comment[]; trailing: t.Comment[] } {
    const onOwnLine = (c: t.Comment) => !this.source.slice(this.source.lastIndexOf('\n', c.start! - 1) + 1, c.start!).trim();
    const sameLineAfter = (c: t.Comment) => c.start! >= p.end! && !this.source.slice(p.end!, c.start!).includes('\n');
    const leading = (p.leadingComments ?? []).filter((c) => onOwnLine(c) || this.source.slice(c.end!, p.start!).trim() === '');
    const trailing = [...(p.trailingComments ?? []), ...(next?.leadingComments ?? [])].filter(sameLineAfter);
    return { leading: leading.filter((c) => !trailing.includes(c)), trailing: [...new Set(trailing)] };
  }
}

/**
 * The value a name written in the config stands for: a name declared at the top of a file (or
 * imported), or a member of such an object (`Moves.PlaceToken` for `const Moves = { PlaceToken: … }`).
 */
function valueOfName(idx: SourceIndex, node: t.Node, depth = 0): { in: SourceIndex; node: t.Node; span: Span; name: string } | null {
  if (depth > 8) return null;
  if (node.type === 'Identifier') {
    const decl = idx.declaration(node.name);
    return decl && { ...decl, name: node.name };
  }
  const member = isMember(node) ? keyName(node.property, node.computed) : undefined;
  if (!isMember(node) || member === undefined) return null;
  if (node.object.type === 'Identifier' && idx.isNamespace(node.object.name)) {
    const found = idx.namespaceMember(node.object.name, member);
    return found && { ...found, name: `${node.object.name}.${member}` };
  }
  const owner = valueOfName(idx, node.object, depth + 1);
  const object = owner && unwrapExpression(owner.node);
  if (!owner || object?.type !== 'ObjectExpression') return null;
  const p = propertyOf(object, member);
  if (!p || (p.type === 'ObjectProperty' && p.shorthand)) return null;
  const value = p.type === 'ObjectMethod' ? p : p.value;
  return { in: owner.in, node: value, span: spanOf(value), name: `${owner.name}.${member}` };
}

/** The value at a legacy config path, starting from the config object `object` in `root`. */
function locatePath(root: SourceIndex, object: t.ObjectExpression, path: string): Located | null {
  let idx = root;
  let node: t.Node = object;
  let declared: Located['declared'];
  let property: Located['property'];
  if (path === '') return { span: spanOf(node), node, in: idx };
  const segments = path.split('.').flatMap((s) => s.split(/\[(\d+)\]/).filter((x) => x !== ''));
  for (const seg of segments) {
    // A name declared at the top of a file (or imported) stands for its value.
    const named = valueOfName(idx, node);
    if (named) {
      ({ node, in: idx } = named);
      declared = undefined;
    }
    const value = unwrapExpression(node);
    if (value.type === 'ObjectExpression') {
      const p = propertyOf(value, seg);
      if (!p) return null;
      property = { node: p, in: idx, next: value.properties[value.properties.indexOf(p) + 1] };
      if (p.type === 'ObjectProperty' && p.shorthand) {
        const decl = idx.declaration(seg);
        if (!decl) return null;
        declared = { name: seg, span: decl.span };
        ({ node, in: idx } = decl);
      } else {
        // A property of a named object is not that name (`moves.take` of an imported `moves`).
        declared = undefined;
        node = p.type === 'ObjectMethod' ? p : p.value;
      }
    } else if (value.type === 'ArrayExpression' && /^\d+$/.test(seg)) {
      const el = value.elements[Number(seg)];
      if (!el) return null;
      property = undefined;
      declared = undefined;
      node = el;
    } else return null;
  }
  const named = valueOfName(idx, node);
  if (named) return { span: named.span, node: named.node, in: named.in, declared: { name: named.name, span: named.span }, property };
  return { span: spanOf(node), node, in: idx, declared, property };
}
