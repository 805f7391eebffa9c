/**
 * `migrateSource`: the migrated config as source text. Function texts come from the game file
 * when Flowscope can find them there (so comments and types survive), else from
 * `Function.prototype.toString`; `(G, ctx)` parameter lists become the context object and
 * `ctx.events.X`/`ctx.random`/`ctx.playerID`/`ctx.log` the context's members.
 */
import MagicString from 'magic-string';
import semver from 'semver';
import { moveRefusedStageEvents } from './stage-events';
import { isMember, keyName, memberName, parseFunctionText, parseModule, unwrapExpression, walk, type t } from '../../lint/ast';
import { sourceOf } from '../../lint/source';
import type { GameConfig } from '../../types';
import { applyEdits, reindent, type Edit, type Span } from './edits';
import { CORE_050 } from './migrate-config';
import { buildPlan, type Entry, type Node, type Plan } from '../plan';
import { FN_CONTEXT_TYPE, methodAsFunction, rewriteFunction } from './rewrite-function';
import { freeNames } from './free-names';
import { allImportBindings } from './modules';
import { IDENT, SourceIndex, type Located, type LocalFiles } from './source-index';
import type { LegacyOptions, MigrationNote } from '../analysis/types';

export type { LocalFiles } from './source-index';

const CORE_EXPORTS_050 = new Set(['ActivePlayers', 'GameMethod', 'INVALID_MOVE', 'PlayerView', 'Stage', 'TurnOrder']);

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

// ---------------------------------------------------------------------------

class Emitter {
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

function literal(value: unknown, indent: string): string {
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
function commentLines(note: MigrationNote, indent: string): string {
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
 * The migrated config as source a user can paste: `source` (the game file) with the config
 * expression (`Game({ … })` or the config object) replaced by the 0.50 config, functions declared
 * elsewhere in the file rewritten in place, the `boardgame.io/core` import fixed, and a
 * `// FLOWSCOPE: decide …` comment wherever a decision note says a human must decide. Without a
 * findable config in `source`, it is a module of its own. A config with nothing to migrate gives
 * `source` back unchanged.
 */
export function migrateSource(source: string, config: GameConfig, options: LegacyOptions = {}): string {
  return migrateSourceFiles({ file: '', source }, config, options).get('')!;
}

/**
 * `migrateSource` for a game made of several files: functions the game file imports from its
 * local files (`import playCard from './move/playCard'`) are rewritten where they are written,
 * with those files' imports fixed, and the game file keeps referring to them by name. The
 * result maps each file that changes (the game file always first) to its new text.
 */
export function migrateSourceFiles(
  entry: { file: string; source: string },
  config: GameConfig,
  options: LegacyOptions = {},
  local?: LocalFiles,
): Map<string, string> {
  const files = migrateConfigFiles(entry, config, options, local);
  // Stage events 0.43 applied in a phase's onBegin or in setup, which 0.49+ refuse, go where 0.50 takes them.
  const release = semver.coerce(options.release ?? '');
  if (!release || semver.lt(release, '0.49.0'))
    for (const [file, text] of files) if (file !== entry.file || text !== entry.source) files.set(file, moveRefusedStageEvents(text, file));
  return files;
}

function migrateConfigFiles(
  entry: { file: string; source: string },
  config: GameConfig,
  options: LegacyOptions,
  local?: LocalFiles,
): Map<string, string> {
  const { file, source } = entry;
  const plan = buildPlan(config, options, CORE_050);
  if (!plan.changed) return new Map([[file, source]]);
  const decisions = plan.notes.filter((n) => n.severity === 'decision');
  const index = source.trim() ? new SourceIndex(source, plan.spec, file, local ? { local, indexes: new Map() } : undefined) : null;
  const byFile = (patched: Map<SourceIndex, string>) => new Map([...patched].map(([f, text]) => [f.file, text]));
  const modern = plan.era === 'g-ctx' || plan.era === 'context';
  if (index?.root && modern) {
    const patched = patchInPlace(plan, index, decisions);
    if (patched !== null) return byFile(patched);
  }
  const emitter = new Emitter(plan, index, decisions);
  emitter.countUses(plan.root);
  let object = emitter.object(plan.root.entries, '');
  const unplaced = decisions.filter((n) => !emitter.placed.has(n));
  if (unplaced.length) object = `{\n${unplaced.map((n) => commentLines(n, '  ')).join('')}${object.slice(2)}`;
  if (!index?.root) {
    const imports = [...emitter.imports].filter((n) => CORE_EXPORTS_050.has(n)).sort();
    const head = imports.length ? `import { ${imports.join(', ')} } from 'boardgame.io/core';\n\n` : '';
    if (!index)
      return new Map([
        [
          file,
          `${head}// Migrated to boardgame.io 0.50 by Flowscope.\n${emitter.hoistedText('')}const game = ${object};\n\nexport default game;\n`,
        ],
      ]);
    return new Map([
      [
        file,
        `${fixImports(source, emitter.imports, file)}\n\n// FLOWSCOPE: the config migrated to boardgame.io 0.50 (its definition above was not found).\n${emitter.hoistedText('')}export const migratedGame = ${object};\n`,
      ],
    ]);
  }
  const indent = index.indentAt(index.root.expr.start);
  // Hoisted moves go before the statement that holds the config, never inside an object it sits in
  // (`export default { board, game: Game({ … }) }`).
  const statement = enclosingStatement(index, index.root.expr);
  const statementStart = index.source.lastIndexOf('\n', statement.start - 1) + 1;
  const statementIndent = index.indentAt(statement.start);
  const exprLineStart = index.source.lastIndexOf('\n', index.root.expr.start - 1) + 1;
  const own = emitter.declEdits.filter((e) => e.span.end <= exprLineStart || e.span.start >= index.root!.expr.end);
  emitter.declEdits.length = 0;
  emitter.declEdits.push(
    { span: index.root.expr, text: reindent(object, indent) },
    ...(emitter.hoisted.size
      ? [{ span: { start: statementStart, end: statementStart }, text: emitter.hoistedText(statementIndent) + '\n' }]
      : []),
    ...own,
  );
  return byFile(patchedFiles(emitter));
}

/** The innermost statement of a statement list (the file's, a block's) that holds `span`; the span itself when none is found. */
function enclosingStatement(index: SourceIndex, span: Span): Span {
  let found: Span = span;
  const program = index.ast?.program;
  if (!program) return found;
  walk(program, (node) => {
    if (node.start! > span.start || node.end! < span.end) return false;
    const list = node.type === 'Program' || node.type === 'BlockStatement' ? node.body : null;
    if (list) for (const st of list) if (st.start! <= span.start && st.end! >= span.end) found = { start: st.start!, end: st.end! };
  });
  return found;
}

/** 0.33–0.50 configs keep their structure: only the changed functions and keys are edited. Null when one cannot be found. */
function patchInPlace(plan: Plan, index: SourceIndex, decisions: MigrationNote[]): Map<SourceIndex, string> | null {
  const emitter = new Emitter(plan, index, decisions);
  const edits = emitter.declEdits;
  const placed = new Set<MigrationNote>();
  const comment = (path: string, at: number, file = index) => {
    const notes = decisions.filter((n) => !placed.has(n) && (n.to ?? n.path) === path);
    if (!notes.length) return;
    notes.forEach((n) => placed.add(n));
    const lineStart = file.source.lastIndexOf('\n', at - 1) + 1;
    const indent = file.indentAt(at);
    emitter
      .editsOf(file)
      .edits.push({ span: { start: lineStart, end: lineStart }, text: notes.map((n) => commentLines(n, indent)).join('') });
  };
  let ok = true;
  const visit = (entries: Entry[]) => {
    for (let i = 0; i < entries.length && ok; i++) {
      const e = entries[i];
      const n = e.node;
      if (n.t === 'obj') {
        visit(n.entries);
        continue;
      }
      if (n.t === 'lit' && (e.key === 'minMoves' || e.key === 'maxMoves') && entries[i + 1]?.key === 'maxMoves') {
        // A turn's `moveLimit` became `minMoves` + `maxMoves`.
        const parent = e.path.slice(0, -'.minMoves'.length);
        const turn = index.locate(parent);
        const object = turn && unwrapExpression(turn.node);
        const entry =
          object?.type === 'ObjectExpression'
            ? object.properties.find((p) => p.type !== 'SpreadElement' && keyName(p.key, p.computed) === 'moveLimit')
            : undefined;
        if (!turn || !entry) return void (ok = false);
        // One entry per line when `moveLimit` had a line of its own.
        const indent = turn.in.indentAt(entry.start!);
        const lineStart = turn.in.source.lastIndexOf('\n', entry.start! - 1) + 1;
        const ownLine =
          !turn.in.source.slice(lineStart, entry.start!).trim() && /^,?[ \t]*(\/\/[^\n]*)?\n/.test(turn.in.source.slice(entry.end!));
        const value = literal(n.value, '');
        emitter.editsOf(turn.in).edits.push({
          span: { start: entry.start!, end: entry.end! },
          text: `minMoves: ${value},${ownLine ? `\n${indent}` : ' '}maxMoves: ${value}`,
        });
        i++;
        continue;
      }
      if (n.t === 'fn' && n.legacy) {
        const located = index.locate(n.from) ?? index.locateFunction(n.fn);
        if (!located) return void (ok = false);
        const adapted =
          located.declared && [index, located.in].some((f) => f.callsByName(located.declared!.name))
            ? legacyAdapter(located.declared.name, n.role)
            : null;
        if (adapted && located.property) {
          // Other code calls it as it is written: it stays, and the config calls it through an adapter.
          const { node: p, in: file } = located.property;
          const replaced = p.type === 'ObjectProperty' && !p.shorthand ? p.value : p;
          const text = replaced === p ? `${keyName(p.key, p.computed)}: ${adapted}` : adapted;
          comment(e.path, p.start!, file);
          emitter.editsOf(file).edits.push({ span: { start: replaced.start!, end: replaced.end! }, text });
          continue;
        }
        const span = located.declared ? located.declared.span : located.span;
        comment(e.path, span.start, located.in);
        const target = emitter.editsOf(located.in);
        target.edits.push({ span, text: rewriteFunction(located.in.text(span), n.role, n.adapt, plan, target.imports).text });
        continue;
      }
      if (n.t === 'ref') {
        const located = index.locate(e.path);
        if (!located) return void (ok = false);
        const target = emitter.editsOf(located.in);
        n.imports.forEach((x) => target.imports.add(x));
        target.edits.push({ span: located.span, text: n.code });
        continue;
      }
      const located = index.locate(e.path);
      comment(e.path, located?.span.start ?? -1, located?.in);
    }
  };
  visit(plan.root.entries);
  if (!ok) return null;
  const rest = decisions.filter((n) => !placed.has(n));
  if (rest.length) {
    const at = index.root!.expr.start;
    const lineStart = index.source.lastIndexOf('\n', at - 1) + 1;
    edits.push({ span: { start: lineStart, end: lineStart }, text: rest.map((n) => commentLines(n, index.indentAt(at))).join('') });
  }
  return patchedFiles(emitter);
}

/**
 * A 0.50 function that calls a legacy one written `(G, ctx, …)` (or `setup(ctx, …)`) with a ctx of
 * the legacy shape, for a function other code also calls that way, so its declaration stays as it is.
 */
function legacyAdapter(name: string, role: string): string | null {
  if (role === 'setup') return `(context, ...args) => ${name}({ ...context.ctx, ...context }, ...args)`;
  if (role === 'playerView') return null;
  return `(context, ...args) => ${name}(context.G, { ...context.ctx, ...context }, ...args)`;
}

/** Each edited file's new text: the game file's first. */
function patchedFiles(emitter: Emitter): Map<SourceIndex, string> {
  const out = new Map<SourceIndex, string>();
  for (const [file, { edits, imports }] of [[emitter.index!, emitter.editsOf(emitter.index!)] as const, ...emitter.otherFiles]) {
    const seen = new Set<string>();
    const unique = edits.filter((e) => {
      const key = `${e.span.start}:${e.span.end}`;
      if (seen.has(key) && e.span.start !== e.span.end) return false;
      seen.add(key);
      return true;
    });
    out.set(file, fixImports(applyEdits(file.source, unique), imports, file.file));
  }
  return out;
}

/** Identifiers a program reads (not member names, object keys or the bindings its imports declare). */
function namesRead(program: t.Program): Set<string> {
  const out = new Set<string>();
  walk(program, (node, parent) => {
    if (node.type === 'ImportDeclaration') return false;
    if (node.type !== 'Identifier') return;
    if (parent && isMember(parent) && parent.property === node && !parent.computed) return;
    if (
      (parent?.type === 'ObjectProperty' || parent?.type === 'ObjectMethod') &&
      parent.key === node &&
      !parent.computed &&
      !(parent.type === 'ObjectProperty' && parent.shorthand)
    )
      return;
    out.add(node.name);
  });
  return out;
}

/**
 * Rewrites the `boardgame.io/core` imports: drops what 0.50 does not export or the code no longer
 * reads, adds what the migrated code needs (and `import type { FnContext } from 'boardgame.io'`
 * for the context types of rewritten TypeScript functions).
 */
function fixImports(source: string, needed: Set<string>, file: string): string {
  const ast = parseModule(source, file || undefined);
  if (!ast) return source;
  const out = new MagicString(source);
  const body = ast.program.body;
  const imports = body.filter((n): n is t.ImportDeclaration => n.type === 'ImportDeclaration');
  const core = imports.filter(
    (n) =>
      n.source.value === 'boardgame.io/core' &&
      n.importKind !== 'type' &&
      n.specifiers.length > 0 &&
      n.specifiers.every((x) => x.type === 'ImportSpecifier'),
  );
  const read = namesRead(ast.program);
  const names = new Set<string>();
  for (const decl of core) {
    for (const spec of decl.specifiers as t.ImportSpecifier[]) {
      const imported = keyName(spec.imported, false) ?? spec.local.name;
      if (CORE_EXPORTS_050.has(imported) && read.has(spec.local.name))
        names.add(imported === spec.local.name ? imported : `${imported} as ${spec.local.name}`);
    }
    // The declaration, and the rest of its line when nothing else is on it.
    const after = /^;?[ \t]*\n?/.exec(source.slice(decl.end!))![0];
    out.remove(decl.start!, decl.end! + after.length);
  }
  const local = (spec: string) => spec.split(/\s+as\s+/).pop()!;
  for (const n of needed) if (CORE_EXPORTS_050.has(n) && ![...names].some((x) => local(x) === n)) names.add(n);
  let lines = names.size ? `import { ${[...names].sort().join(', ')} } from 'boardgame.io/core';\n` : '';
  const hasFnContext = imports.some((n) => n.source.value === 'boardgame.io' && n.specifiers.some((x) => x.local.name === 'FnContext'));
  if (needed.has(FN_CONTEXT_TYPE) && !hasFnContext) lines = `import type { FnContext } from 'boardgame.io';\n${lines}`;
  if (!lines) return out.toString();
  if (core.length) out.appendLeft(core[0].start!, lines);
  else if (imports.length) {
    const last = imports[imports.length - 1];
    const lineEnd = source.indexOf('\n', last.end!);
    if (lineEnd < 0) out.append(`\n${lines}`);
    else out.appendLeft(lineEnd + 1, lines);
  } else out.prepend(lines);
  return out.toString();
}
