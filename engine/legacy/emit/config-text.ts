/**
 * The migration plan as source text: the 0.50 config expression, function texts taken from the
 * game file when Flowscope can find them there (so comments and types survive), else from
 * `Function.prototype.toString`, and a `// FLOWSCOPE: decide …` comment where a human must decide.
 */
import MagicString from 'magic-string';
import { isMember, memberName, parseFunctionText, walk, type t } from '../../lint/ast';
import { sourceOf } from '../../lint/source';
import type { MigrationNote } from '../analysis/types';
import type { Entry, Node, Plan } from '../plan';
import { reindent, type Edit } from '../../source/edits';
import { freeNames } from '../../lint/free-names';
import { CORE_050 } from './migrate-config';
import { allImportBindings } from '../../source/modules';
import { methodAsFunction, rewriteFunction } from './rewrite-function';
import { IDENT, SourceIndex, type Located } from '../../source/source-index';

export const CORE_EXPORTS_050 = new Set(['ActivePlayers', 'GameMethod', 'INVALID_MOVE', 'PlayerView', 'Stage', 'TurnOrder']);

const BUNDLED_CORE = /^import_core\d*$/;

/**
 * A function's text from esbuild's CommonJS bundle refers to `boardgame.io/core` exports as
 * `import_core.X` (called as `(0, import_core.X)(…)`): back to `X`, each name noted in `imports`.
 */
function stripBundleRefs(text: string, imports: Set<string>): string {
  const ast = parseFunctionText(text);
  if (!ast) return text;
  const out = new MagicString(text);
  const at = (n: t.Node) => [n.start! - ast.offset, n.end! - ast.offset] as const;
  walk(ast.node, (node) => {
    const ref = (n: t.Node) =>
      isMember(n) && n.object.type === 'Identifier' && BUNDLED_CORE.test(n.object.name) ? memberName(n) : undefined;
    if (
      node.type === 'SequenceExpression' &&
      node.expressions.length === 2 &&
      node.expressions[0].type === 'NumericLiteral' &&
      ref(node.expressions[1])
    ) {
      const name = ref(node.expressions[1])!;
      imports.add(name);
      // `(0, import_core.X)` with its parentheses.
      const [start, end] = at(node);
      const open = text.lastIndexOf('(', start);
      const close = text.indexOf(')', end);
      out.update(
        open >= 0 && !text.slice(open + 1, start).trim() ? open : start,
        close >= 0 && !text.slice(end, close).trim() ? close + 1 : end,
        name,
      );
      return false;
    }
    const name = ref(node);
    if (name) {
      imports.add(name);
      out.update(...at(node), name);
      return false;
    }
  });
  return out.toString();
}

/** Writes a migration plan as source text: the config expression, with the functions it finds in the game's files rewritten where they are written. */
export class Emitter {
  readonly imports = new Set<string>();
  readonly declEdits: Edit[] = [];
  /** Edits to the local files the game file imports from, and the `boardgame.io/core` names each then needs. */
  readonly otherFiles = new Map<SourceIndex, { edits: Edit[]; imports: Set<string> }>();
  private readonly patchedDecls = new Set<string>();
  readonly placed = new Set<MigrationNote>();

  constructor(
    readonly plan: Plan,
    readonly index: SourceIndex | null,
    readonly decisions: MigrationNote[],
  ) {}

  comments(path: string, indent: string): string {
    let out = '';
    for (const note of this.decisions) {
      if (this.placed.has(note) || (note.to ?? note.path) !== path) continue;
      this.placed.add(note);
      out += commentLines(note, indent);
    }
    return out;
  }

  /** Moves used by several move tables, written once before the config (`const play = …`). */
  readonly hoisted = new Map<string, { name: string; text: string }>();
  private uses = new Map<string, number>();

  countUses(node: Node): void {
    if (node.t === 'fn' && node.role === 'move') this.uses.set(node.from, (this.uses.get(node.from) ?? 0) + 1);
    if (node.t === 'obj') node.entries.forEach((e) => this.countUses(e.node));
    if (node.t === 'guarded' || node.t === 'longMove') this.countUses(node.move);
    if ((node.t === 'turnBegin' || node.t === 'phaseHook') && node.hook) this.countUses(node.hook);
  }

  private hoist(node: Node & { t: 'fn' }, make: () => string): string | null {
    if ((this.uses.get(node.from) ?? 0) < 2) return null;
    const hit = this.hoisted.get(node.from);
    if (hit) return hit.name;
    const key = node.from
      .split('.')
      .pop()!
      .replace(/[^\w$]/g, '_');
    let name = IDENT.test(key) ? key : `move_${key}`;
    const taken = (n: string) => this.index?.decls.has(n) || [...this.hoisted.values()].some((h) => h.name === n);
    if (taken(name)) name = `${name}Move`;
    for (let i = 2; taken(name); i++) name = `${key}Move${i}`;
    this.hoisted.set(node.from, { name, text: make() });
    return name;
  }

  /** `const x = …;` for each hoisted move. */
  hoistedText(indent: string): string {
    return [...this.hoisted.values()].map((h) => `${indent}const ${h.name} = ${reindent(h.text, indent)};\n`).join('');
  }

  /** The edits and needed imports of `file`: the game file's own, or another local file's. */
  editsOf(file: SourceIndex): { edits: Edit[]; imports: Set<string> } {
    if (file === this.index) return { edits: this.declEdits, imports: this.imports };
    let entry = this.otherFiles.get(file);
    if (!entry) this.otherFiles.set(file, (entry = { edits: [], imports: new Set() }));
    return entry;
  }

  /** Whether the game file can refer to `located` by its name (declared there, or imported). */
  private namedInGameFile(located: Located): boolean {
    // `Moves.drawCard` is reachable through `Moves`.
    return !!located.declared && (located.in === this.index || !!this.index?.imported(located.declared.name.split('.')[0]));
  }

  /** The text of a function node, and whether it is a name (declared elsewhere in the file). */
  fnText(node: Node & { t: 'fn' }, indent: string): string {
    const located = this.index?.locate(node.from) ?? this.index?.locateFunction(node.fn) ?? null;
    if (!located || !this.namedInGameFile(located)) {
      const name = this.hoist(node, () => this.inlineText(node, located, ''));
      if (name) return name;
    }
    return this.inlineText(node, located, indent, true);
  }

  private inlineText(node: Node & { t: 'fn' }, located: Located | null, indent: string, allowDeclared = false): string {
    if (allowDeclared && located?.declared && this.index && this.namedInGameFile(located)) {
      const { name, span } = located.declared;
      const adapted =
        node.legacy && !name.includes('.') && [this.index, located.in].some((f) => f.callsByName(name))
          ? legacyAdapter(name, node.role)
          : null;
      // Other code calls it as it is written: it stays, and the config calls it through an adapter.
      if (adapted) return adapted;
      const key = `${located.in.file}\0${name}`;
      if (node.legacy && !this.patchedDecls.has(key)) {
        this.patchedDecls.add(key);
        const target = this.editsOf(located.in);
        target.edits.push({ span, text: rewriteFunction(located.in.text(span), node.role, node.adapt, this.plan, target.imports).text });
      }
      return name;
    }
    let text = located ? located.in.text(located.span) : stripBundleRefs(sourceOf(node.fn), this.imports);
    // Native and bound functions have no source to write (a decision note says so).
    if (/\[native code\]/.test(text) || !parseFunctionText(text))
      return `() => {\n${indent}  throw new Error('FLOWSCOPE: ${node.from}: write this function for boardgame.io 0.50');\n${indent}}`;
    if (node.legacy) text = rewriteFunction(text, node.role, node.adapt, this.plan, this.imports).text;
    // Written elsewhere (another file, or found only at run time): what it uses must reach the game file.
    const elsewhere = this.index !== null && located?.in !== this.index;
    const missing = elsewhere ? this.missingInGameFile(text, located?.in ?? null) : [];
    const origin = located ? `from ${located.in.file.split('/').pop()}` : 'from where it was written';
    const copied = missing.length
      ? `/* FLOWSCOPE: copied ${origin} without ${missing.join(', ')}: import ${missing.length === 1 ? 'it' : 'them'} into this file, or import this function by its name */ `
      : '';
    return copied + reindent(methodAsFunction(text), indent);
  }

  /**
   * The names a function copied from `from` (null: only its running copy was found) uses that the
   * game file neither declares nor imports. Its boardgame.io core names (`INVALID_MOVE`) are
   * imported into the game file.
   */
  private missingInGameFile(text: string, from: SourceIndex | null): string[] {
    const game = this.index!;
    const gameImports = this.importsOf(game);
    const theirs = from ? this.importsOf(from) : new Map<string, { from: string; imported: string }>();
    return freeNames(text).filter((name) => {
      if (game.decls.has(name) || gameImports.has(name) || this.imports.has(name)) return false;
      const binding = theirs.get(name) ?? (from ? undefined : { from: 'boardgame.io/core', imported: name });
      if (binding && /^boardgame\.io(\/core)?$/.test(binding.from) && binding.imported === name && CORE_EXPORTS_050.has(name)) {
        this.imports.add(name);
        return false;
      }
      return true;
    });
  }

  /** Each file's imports, read once however many functions are copied from it. */
  private readonly importBindings = new Map<SourceIndex, ReturnType<typeof allImportBindings>>();
  private importsOf(file: SourceIndex): ReturnType<typeof allImportBindings> {
    let known = this.importBindings.get(file);
    if (!known) this.importBindings.set(file, (known = allImportBindings(file.source)));
    return known;
  }

  node(node: Node, indent: string): string | null {
    switch (node.t) {
      case 'obj':
        return this.object(node.entries, indent);
      case 'lit':
        return literal(node.value, indent);
      case 'keep': {
        const located = this.index?.locate(node.from);
        if (located) return this.namedInGameFile(located) ? located.declared!.name : reindent(located.in.text(located.span), indent);
        return this.value(node.value, indent);
      }
      case 'fn':
        return this.fnText(node, indent);
      case 'ref':
        node.imports.forEach((i) => this.imports.add(i));
        return node.code;
      case 'code':
        node.imports?.forEach((i) => this.imports.add(i));
        return node.code;
      case 'guarded':
        return this.node(node.move, indent);
      case 'longMove': {
        const parts = [`move: ${this.node(node.move, `${indent}  `)}`];
        if (node.undoable === false) parts.push('undoable: false');
        if (node.redact) parts.push('redact: true');
        return `{\n${parts.map((p) => `${indent}  ${p},`).join('\n')}\n${indent}}`;
      }
      case 'turnBegin':
      case 'phaseHook':
        return node.hook ? this.node(node.hook, indent) : null;
      case 'phaseEndIf':
        return this.node(node.endIf, indent);
      case 'endGameSwitch': {
        const inner = `${indent}  `;
        const cases = node.byPhase
          .map(([phase, n]) => `${inner}  ${IDENT.test(phase) ? phase : `'${phase}'`}: ${this.node(n, `${inner}  `)},`)
          .join('\n');
        const fallback = node.fallback ? `(${this.node(node.fallback, inner)})` : 'undefined';
        return `(context) => {\n${inner}// boardgame.io ≤0.32 let each phase have its own endGameIf.\n${inner}const byPhase = {\n${cases}\n${inner}};\n${inner}const endIf = byPhase[context.ctx.phase] ?? ${fallback};\n${inner}return endIf ? endIf(context) : undefined;\n${indent}}`;
      }
    }
  }

  object(entries: Entry[], indent: string, header = ''): string {
    const inner = `${indent}  `;
    const lines: string[] = [];
    for (const e of entries) {
      const value = this.node(e.node, inner);
      const comments = this.comments(e.path, inner);
      if (value === null) {
        if (comments) lines.push(comments.trimEnd());
        continue;
      }
      const { leading, trailing } = this.sourceComments(e.node, inner);
      const key = IDENT.test(e.key) ? e.key : `'${e.key.replace(/'/g, "\\'")}'`;
      lines.push(`${comments}${leading}${inner}${value === key ? key : `${key}: ${value}`},${trailing}`);
    }
    return `{\n${header}${lines.join('\n')}${lines.length ? '\n' : ''}${indent}}`;
  }

  /** The comments the user wrote around the property a node comes from (each written once). */
  private sourceComments(node: Node, indent: string): { leading: string; trailing: string } {
    const from = writtenAt(node);
    const property = from !== undefined ? this.index?.locate(from)?.property : undefined;
    if (!property) return { leading: '', trailing: '' };
    const around = property.in.commentsAround(property.node, property.next);
    const text = (c: t.Comment) =>
      this.writtenComments.has(c)
        ? ''
        : (this.writtenComments.add(c), reindent(property.in.text({ start: c.start!, end: c.end! }), indent));
    const leading = around.leading.map(text).filter(Boolean);
    const trailing = around.trailing.map(text).filter(Boolean);
    return { leading: leading.map((c) => `${indent}${c}\n`).join(''), trailing: trailing.map((c) => ` ${c}`).join('') };
  }

  private readonly writtenComments = new Set<t.Comment>();

  value(value: unknown, indent: string): string {
    if (typeof value === 'function') return reindent(stripBundleRefs(sourceOf(value), this.imports), indent);
    for (const group of ['TurnOrder', 'ActivePlayers'] as const) {
      for (const [name, preset] of Object.entries(CORE_050[group])) {
        if (preset === value && value && typeof value === 'object') {
          this.imports.add(group);
          return `${group}.${name}`;
        }
      }
    }
    if (Array.isArray(value)) return `[${value.map((v) => this.value(v, indent)).join(', ')}]`;
    if (value && typeof value === 'object') {
      if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
        return 'undefined /* FLOWSCOPE: a value Flowscope cannot write as source */';
      const entries = Object.entries(value);
      if (!entries.length) return '{}';
      const inner = `${indent}  `;
      return `{\n${entries.map(([k, v]) => `${inner}${IDENT.test(k) ? k : `'${k.replace(/'/g, "\\'")}'`}: ${this.value(v, inner)},`).join('\n')}\n${indent}}`;
    }
    return literal(value, indent);
  }
}

/** The legacy config path a node's value is written at, when it is one value of the user's (a function, a kept value). */
function writtenAt(node: Node): string | undefined {
  switch (node.t) {
    case 'fn':
    case 'keep':
      return node.from;
    case 'guarded':
    case 'longMove':
      return writtenAt(node.move);
    case 'turnBegin':
    case 'phaseHook':
      return node.hook && writtenAt(node.hook);
    case 'phaseEndIf':
      return writtenAt(node.endIf);
    default:
      return undefined;
  }
}

/** A value as a source literal (functions by their text). */
export function literal(value: unknown, indent: string): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'function') return reindent(sourceOf(value), indent);
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, indent)).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    return `{ ${entries.map(([k, v]) => `${IDENT.test(k) ? k : `'${k}'`}: ${literal(v, indent)}`).join(', ')} }`;
  }
  return String(value);
}

/** One `// FLOWSCOPE: decide …` comment (wrapped over several lines when long). */
export function commentLines(note: MigrationNote, indent: string): string {
  const words = `FLOWSCOPE: decide — ${note.message}`.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && (line + ' ' + w).length > 96) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.map((l, i) => `${indent}// ${i === 0 ? '' : '   '}${l}\n`).join('');
}

/**
 * A 0.50 function that calls a legacy one written `(G, ctx, …)` (or `setup(ctx, …)`) with a ctx of
 * the legacy shape, for a function other code also calls that way, so its declaration stays as it is.
 */
export function legacyAdapter(name: string, role: string): string | null {
  if (role === 'setup') return `(context, ...args) => ${name}({ ...context.ctx, ...context }, ...args)`;
  if (role === 'playerView') return null;
  return `(context, ...args) => ${name}(context.G, { ...context.ctx, ...context }, ...args)`;
}
