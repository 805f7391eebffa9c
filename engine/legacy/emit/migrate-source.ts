/**
 * `migrateSource`: the migrated config put into the game's own files: the config expression
 * replaced (see `config-text.ts`), functions declared elsewhere in the file or in its local files
 * rewritten in place (`(G, ctx)` parameter lists become the context object and
 * `ctx.events.X`/`ctx.random`/`ctx.playerID`/`ctx.log` the context's members), imports fixed.
 */
import MagicString from 'magic-string';
import semver from 'semver';
import { moveRefusedStageEvents } from './stage-events';
import { isMember, keyName, parseModule, unwrapExpression, walk, type t } from '../../lint/ast';
import type { GameConfig } from '../../types';
import { applyEdits, reindent, type Span } from '../../source/edits';
import { CORE_050 } from './migrate-config';
import { buildPlan, type Entry, type Plan } from '../plan';
import { FN_CONTEXT_TYPE, rewriteFunction } from './rewrite-function';
import { SourceIndex, type LocalFiles } from '../../source/source-index';
import { commentLines, CORE_EXPORTS_050, Emitter, legacyAdapter, literal } from './config-text';
import type { LegacyOptions, MigrationNote } from '../analysis/types';

export type { LocalFiles } from '../../source/source-index';

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
