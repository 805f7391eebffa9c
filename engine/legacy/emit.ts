/**
 * `migrateSource`: the migrated config as source text. Function texts come from the game file
 * when Flowscope can find them there (so comments and types survive), else from
 * `Function.prototype.toString`; `(G, ctx)` parameter lists become the context object and
 * `ctx.events.X`/`ctx.random`/`ctx.playerID`/`ctx.log` the context's members.
 */
import { parseFunction, sourceOf } from '../lint/source';
import type { GameConfig } from '../types';
import { infoOf, type Role } from './analyse';
import { CORE_050 } from './migrate';
import { buildPlan, type AdaptSpec, type Entry, type Node, type Plan } from './plan';
import { applyEdits, arrayElements, expressionEnd, functionText, mask, matching, objectEntries, reindent, skipSpace, topLevelDeclarations, type Span } from './text';
import { exportTarget, importBindings, parameterCount, type ExportTarget } from './modules';
import type { LegacyOptions, MigrationNote } from './types';

const CORE_EXPORTS_050 = new Set(['ActivePlayers', 'GameMethod', 'INVALID_MOVE', 'PlayerView', 'Stage', 'TurnOrder']);
const CONFIG_KEYS = new Set(['setup', 'moves', 'phases', 'turn', 'flow', 'endIf', 'playerView', 'name', 'ai', 'minPlayers', 'maxPlayers', 'onEnd']);
const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Text of esbuild's CommonJS bundle refers to `boardgame.io/core` exports as `import_core.X`. */
const stripBundleRefs = (text: string, imports: Set<string>) =>
  text.replace(/\(0,\s*import_core\d*\.([\w$]+)\)/g, (_, n) => (imports.add(n), n)).replace(/\bimport_core\d*\.([\w$]+)/g, (_, n) => (imports.add(n), n));

/** How `migrateSourceFiles` reads the game's other local files (the app reads the disk; the engine stays pure). */
export interface LocalFiles {
  read(file: string): string | undefined;
  /** The local file that `specifier`, imported by `from`, names; null for a package or a file not found. */
  resolve(from: string, specifier: string): string | null;
}

interface Located {
  span: Span;
  /** The file `span` is in (the game file, or a local file it imports the value from). */
  in: SourceIndex;
  /** Reached through a name declared at the top of a file (`moves: { DrawCard }`) or imported into the game file. */
  declared?: { name: string; span: Span };
}

class SourceIndex {
  readonly masked: string;
  readonly decls: Map<string, Span>;
  readonly root: { expr: Span; open: number } | null;

  constructor(
    readonly source: string,
    spec: GameConfig | null,
    readonly file = '',
    private readonly files?: { local: LocalFiles; indexes: Map<string, SourceIndex> },
  ) {
    this.masked = mask(source);
    this.decls = topLevelDeclarations(this.masked);
    this.root = spec ? this.findRoot(spec) : null;
  }

  /** The file and span that define `name`, imported into this file from a local file (re-exports followed). */
  imported(name: string, depth = 0): { in: SourceIndex; span: Span } | null {
    if (!this.files || depth > 8) return null;
    const binding = importBindings(this.source).get(name);
    if (!binding) return null;
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

  private findRoot(spec: GameConfig): { expr: Span; open: number } | null {
    const m = this.masked;
    const named = (open: number) => {
      const entry = objectEntries(this.source, m, open).find((e) => e.key === 'name');
      return entry ? this.source.slice(entry.value.start + 1, entry.value.end - 1) === spec.name : false;
    };
    const calls: { expr: Span; open: number }[] = [];
    for (const match of m.matchAll(/(?<![\w$.])Game\s*(?:<[^()]*>\s*)?\(/g)) {
      const paren = match.index! + match[0].length - 1;
      const open = skipSpace(m, paren + 1);
      const close = matching(m, paren);
      if (m[open] === '{' && close > 0) calls.push({ expr: { start: match.index!, end: close + 1 }, open });
    }
    if (calls.length) return calls.find((c) => named(c.open)) ?? calls[0];
    const candidates: { expr: Span; open: number; score: number }[] = [];
    for (let k = 0; k < m.length; k++) {
      if (m[k] !== '{') continue;
      const before = m.slice(Math.max(0, k - 12), k).trimEnd();
      if (!/(=|\(|default|:|,|return|\[)$/.test(before)) continue;
      const keys = objectEntries(this.source, m, k).map((e) => e.key);
      const score = keys.filter((key) => CONFIG_KEYS.has(key)).length;
      if (score < 2 || !keys.some((key) => ['setup', 'moves', 'phases', 'turn', 'flow'].includes(key))) continue;
      const close = matching(m, k);
      if (candidates.some((c) => c.expr.start < k && c.expr.end > close)) continue;
      candidates.push({ expr: { start: k, end: close + 1 }, open: k, score: score + (named(k) ? 100 : 0) });
    }
    candidates.sort((a, b) => b.score - a.score);
    return candidates[0] ?? null;
  }

  /** The span of the value at a legacy config path (`flow.phases[0].turnOrder.first`), in this file or one it imports from. */
  locate(path: string): Located | null {
    return this.root ? locatePath(this, this.root.open, path) : null;
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
    return { span: decl.span, in: decl.in, declared: { name: fn.name, span: decl.span } };
  }

  /** Where `name` is defined: at the top of this file, or in the local file it is imported from. */
  declaration(name: string): { in: SourceIndex; span: Span } | null {
    const own = this.decls.get(name);
    if (own) return { in: this, span: own };
    return this.imported(name);
  }

  /** A bare identifier declared at the top of the file (or imported): its declaration; otherwise `span`. */
  resolve(span: Span): { in: SourceIndex; span: Span } {
    const text = this.source.slice(span.start, span.end);
    return (IDENT.test(text) && this.declaration(text)) || { in: this, span };
  }

  text(span: Span): string {
    return this.source.slice(span.start, span.end);
  }

  /** The indentation of the line `at` is on. */
  indentAt(at: number): string {
    const lineStart = this.source.lastIndexOf('\n', at - 1) + 1;
    return /^[ \t]*/.exec(this.source.slice(lineStart))![0];
  }
}

/** The span of the value at a legacy config path, starting from the config object at `open` in `root`. */
function locatePath(root: SourceIndex, open: number, path: string): Located | null {
  let idx = root;
  let span: Span = { start: open, end: matching(root.masked, open) + 1 };
  let declared: Located['declared'];
  if (path === '') return { span, in: idx };
  const segments = path.split('.').flatMap((s) => s.split(/\[(\d+)\]/).filter((x) => x !== ''));
  for (const seg of segments) {
    const resolved = idx.resolve(span);
    if (resolved.span !== span) declared = undefined;
    ({ span, in: idx } = resolved);
    const ch = idx.masked[span.start];
    if (ch === '{') {
      const entry = objectEntries(idx.source, idx.masked, span.start).find((e) => e.key === seg);
      if (!entry) return null;
      span = entry.value;
      if (entry.form === 'shorthand') {
        const decl = idx.declaration(seg);
        if (!decl) return null;
        declared = { name: seg, span: decl.span };
        ({ span, in: idx } = decl);
      }
    } else if (ch === '[' && /^\d+$/.test(seg)) {
      const el = arrayElements(idx.masked, span.start)[Number(seg)];
      if (!el) return null;
      span = el;
    } else return null;
  }
  const text = idx.source.slice(span.start, span.end);
  const decl = IDENT.test(text) ? idx.declaration(text) : null;
  if (decl) return { span: decl.span, in: decl.in, declared: { name: text, span: decl.span } };
  return { span, in: idx, declared };
}

interface Rewritten {
  text: string;
}

/** Rewrites one legacy function's text for 0.50 (parameter list, body, returns). */
export function rewriteFunction(text: string, role: Role, adapt: AdaptSpec | undefined, plan: Plan, imports: Set<string>): Rewritten {
  const m = mask(text);
  const ft = functionText(text, m);
  const shape = parseFunction(text);
  if (!ft || !shape) return { text };
  const flow = plan.era === 'flow-0.26' || plan.era === 'flow-0.32';
  const v26 = plan.era === 'flow-0.26';
  const params = shape.params;
  const paramTexts = ft.hasParens ? splitParams(text.slice(ft.params.start + 1, ft.params.end - 1)) : [text.slice(ft.params.start, ft.params.end)];
  const nameAt = (i: number) => (params[i]?.kind === 'identifier' ? params[i].name : undefined);
  const ctxName = role === 'setup' ? nameAt(0) : nameAt(1);
  let body = text.slice(ft.body.start);
  const introduced = new Set<string>();
  if (ctxName) body = rewriteCtx(body, ctxName, flow, introduced);
  body = rewriteEvents(body, v26, imports);
  if (adapt?.kind === 'endTurnIf' || adapt?.kind === 'endPhaseIf') body = rewriteReturns(body, ft.form === 'arrow');
  let wrapPosition = false;
  if (adapt?.kind === 'position' && infoOf(text).returnsPosition) {
    const out = rewritePosition(body);
    if (out === null) wrapPosition = true;
    else body = out;
  }
  const bodyMasked = mask(body);
  const uses = (name: string | undefined) => name !== undefined && usesName(bodyMasked, name);
  const members: string[] = [];
  const member = (key: string, i: number) => {
    const p = params[i];
    if (!p) return;
    if (p.kind === 'pattern') members.push(`${key}: ${paramTexts[i]}`);
    else if (p.kind === 'identifier') {
      const local = p.name!;
      if (!uses(local)) return;
      members.push(local === key ? key : `${key}: ${local}`);
    }
  };
  let rest: string[] = [];
  if (role === 'setup') {
    member('ctx', 0);
    rest = paramTexts.slice(1);
  } else if (role === 'playerView') {
    member('G', 0);
    member('ctx', 1);
    member('playerID', 2);
  } else {
    member('G', 0);
    member('ctx', 1);
    rest = paramTexts.slice(2);
  }
  for (const name of ['events', 'random', 'playerID', 'log']) {
    if (introduced.has(name) && uses(name) && !members.some((x) => x === name || x.startsWith(`${name}:`))) members.push(name);
  }
  const first = members.length ? `{ ${members.join(', ')} }` : rest.length ? '_context' : '';
  const paramList = `(${[first, ...rest].filter(Boolean).join(', ')})`;
  let out: string;
  if (ft.form === 'arrow') out = `${ft.asyncPrefix}${paramList} => ${body}`;
  else out = `${ft.asyncPrefix}${ft.head}${paramList} ${body}`;
  if (wrapPosition) out = `(context) => {\n  const result = (${out})(context);\n  return result !== null && typeof result === 'object' ? result.playOrderPos : result;\n}`;
  return { text: out };
}

/** Whether `name` is used as a variable in masked code (not as `x.name` or an object key `{ name: … }`). */
function usesName(masked: string, name: string): boolean {
  const re = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
  for (const m of masked.matchAll(re)) {
    const before = masked.slice(0, m.index!).trimEnd();
    if (before.endsWith('.') && !before.endsWith('...')) continue;
    const after = masked.slice(m.index! + name.length).trimStart();
    if (after.startsWith(':') && !after.startsWith('::') && /[{,]$/.test(before)) continue;
    return true;
  }
  return false;
}

function splitParams(inner: string): string[] {
  const m = mask(inner);
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k <= m.length; k++) {
    const c = m[k];
    if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || c === '>') depth--;
    if (k === m.length || (c === ',' && depth === 0)) {
      const part = inner.slice(start, k).trim();
      if (part) out.push(part);
      start = k + 1;
    }
  }
  return out;
}


/** `ctx.events` → `events`, `ctx.random` → `random`, …; flow era: `ctx.actionPlayers`. */
function rewriteCtx(body: string, ctxName: string, flow: boolean, introduced: Set<string>): string {
  const m = mask(body);
  const edits: { span: Span; text: string }[] = [];
  const re = new RegExp(`(?<![\\w$.])${ctxName.replace('$', '\\$')}\\s*(\\?\\.|\\.)\\s*(events|random|playerID|log|actionPlayers)(?![\\w$])`, 'g');
  for (const match of m.matchAll(re)) {
    const member = match[2];
    const span = { start: match.index!, end: match.index! + match[0].length };
    if (member === 'actionPlayers') {
      if (flow) edits.push({ span, text: `Object.keys(${ctxName}.activePlayers ?? { [${ctxName}.currentPlayer]: null })` });
      continue;
    }
    introduced.add(member);
    edits.push({ span, text: member });
  }
  return applyEdits(body, edits);
}

/** Legacy event names and arguments → 0.50's (`endTurn('3')`, `endPhase({ next })`, `setActionPlayers`, `moveLimit`). */
function rewriteEvents(body: string, v26: boolean, imports: Set<string>): string {
  const m = mask(body);
  const edits: { span: Span; text: string }[] = [];
  const re = /(?<![\w$])events\s*(\?\.|\.)\s*(endTurn|endPhase|setActionPlayers|changeActionPlayers|setActivePlayers|setStage)\s*(\?\.)?\s*\(/g;
  for (const match of m.matchAll(re)) {
    const open = match.index! + match[0].length - 1;
    const close = matching(m, open);
    if (close < 0) continue;
    const name = match[2];
    const nameStart = match.index! + match[0].indexOf(name, match[0].indexOf(match[1]) + match[1].length);
    const argSpan = { start: open + 1, end: close };
    const arg = body.slice(argSpan.start, argSpan.end).trim();
    const argMasked = m.slice(argSpan.start, argSpan.end).trim();
    const isString = /^(['"`])[^]*\1$/.test(arg) && !arg.includes('${');
    const single = argMasked !== '' && expressionEnd(argMasked, 0) === argMasked.length;
    if (name === 'endTurn') {
      if (single && (isString || (v26 && !arg.startsWith('{') && arg !== 'true'))) edits.push({ span: argSpan, text: `{ next: ${arg} }` });
    } else if (name === 'endPhase') {
      let target: string | null = null;
      if (single && isString) target = arg;
      else if (single && arg.startsWith('{')) {
        const am = mask(arg);
        const entries = objectEntries(arg, am, 0);
        if (entries.length === 1 && entries[0].key === 'next') target = entries[0].form === 'shorthand' ? 'next' : arg.slice(entries[0].value.start, entries[0].value.end);
      }
      if (target !== null) {
        const isDefault = /^(['"`])default\1$/.test(target);
        edits.push({ span: { start: nameStart, end: close + 1 }, text: isDefault ? 'endPhase()' : `setPhase(${target})` });
      }
    } else if (name === 'setActionPlayers' || name === 'changeActionPlayers') {
      let newArg = arg;
      if (single && arg.startsWith('{')) {
        const am = mask(arg);
        const entries = objectEntries(arg, am, 0);
        const flags = Object.fromEntries(entries.map((e) => [e.key, arg.slice(e.value.start, e.value.end)]));
        const keys = Object.keys(flags);
        if (keys.length && keys.every((k) => ['all', 'others', 'allOthers', 'once'].includes(k)) && Object.values(flags).every((v) => v === 'true')) {
          newArg = `ActivePlayers.${flags.all ? 'ALL' : 'OTHERS'}${flags.once ? '_ONCE' : ''}`;
          imports.add('ActivePlayers');
        } else if (keys.length === 1 && keys[0] === 'value' && flags.value.startsWith('[')) newArg = flags.value;
      }
      edits.push({ span: { start: nameStart, end: close + 1 }, text: `setActivePlayers(${newArg})` });
    } else if (/\bmoveLimit\s*:/.test(argMasked)) {
      const replaced = body.slice(argSpan.start, argSpan.end).replace(/\bmoveLimit(\s*:)/g, 'maxMoves$1');
      edits.push({ span: argSpan, text: replaced });
    }
  }
  return applyEdits(body, edits);
}

/**
 * String literals an endTurnIf / endPhaseIf returns (`return '3'`, `=> '3'`, `cond ? 'z' : false`)
 * → `{ next: '3' }`.
 */
function rewriteReturns(body: string, arrow: boolean): string {
  const m = mask(body);
  const edits: { span: Span; text: string }[] = [];
  const conciseStart = arrow && m.trimStart()[0] !== '{' ? m.length - m.trimStart().length : -1;
  for (const match of m.matchAll(/(['"])\s*\1/g)) {
    const start = match.index!;
    const end = start + match[0].length;
    const before = m.slice(0, start).trimEnd();
    const after = m.slice(end).trimStart();
    if (!(after === '' || /^[;)}:|&]/.test(after))) continue;
    const prev = before.slice(-1);
    let ok = /(?<![\w$])return$/.test(before) || start === conciseStart || (prev === '(' && /(?<![\w$])return\s*\($/.test(before));
    if (!ok && (prev === '?' || prev === ':')) {
      // A ternary branch, not inside an object literal.
      let depth = 0;
      let sawQuestion = prev === '?';
      for (let j = start - 1; j >= 0; j--) {
        const c = m[j];
        if (c === ')' || c === ']' || c === '}') depth++;
        else if (c === '(' || c === '[' || c === '{') {
          if (depth > 0) {
            depth--;
            continue;
          }
          if (c === '{') break;
          if (c === '(' && j === conciseStart) {
            ok = sawQuestion;
            break;
          }
          continue;
        } else if (depth === 0 && c === '?' && m[j + 1] !== '.') sawQuestion = true;
        else if (depth === 0 && (c === ';' || c === ',')) break;
        if (depth === 0 && (/(?<![\w$])return$/.test(m.slice(0, j + 1)) || j === conciseStart)) {
          ok = sawQuestion;
          break;
        }
      }
    }
    if (ok) edits.push({ span: { start, end }, text: `{ next: ${body.slice(start, end)} }` });
  }
  const out = applyEdits(body, edits);
  return conciseStart === 0 && edits.some((e) => e.span.start === 0) ? `(${out})` : out;
}

/** Returned `{ playOrderPos, actionPlayers }` → the position (null when there is no such literal). */
function rewritePosition(body: string): string | null {
  const m = mask(body);
  const edits: { span: Span; text: string }[] = [];
  for (let k = 0; k < m.length; k++) {
    if (m[k] !== '{') continue;
    const before = m.slice(0, k).trimEnd();
    if (!/(return|\()$/.test(before)) continue;
    const entries = objectEntries(body, m, k);
    const pos = entries.find((e) => e.key === 'playOrderPos');
    if (!pos || !entries.every((e) => e.key === 'playOrderPos' || e.key === 'actionPlayers')) continue;
    const close = matching(m, k);
    edits.push({ span: { start: k, end: close + 1 }, text: pos.form === 'shorthand' ? 'playOrderPos' : body.slice(pos.value.start, pos.value.end) });
    k = close;
  }
  return edits.length ? applyEdits(body, edits) : null;
}

// ---------------------------------------------------------------------------

class Emitter {
  readonly imports = new Set<string>();
  readonly declEdits: { span: Span; text: string }[] = [];
  /** Edits to the local files the game file imports from, and the `boardgame.io/core` names each then needs. */
  readonly otherFiles = new Map<SourceIndex, { edits: { span: Span; text: string }[]; imports: Set<string> }>();
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
    const key = node.from.split('.').pop()!.replace(/[^\w$]/g, '_');
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
  editsOf(file: SourceIndex): { edits: { span: Span; text: string }[]; imports: Set<string> } {
    if (file === this.index) return { edits: this.declEdits, imports: this.imports };
    let entry = this.otherFiles.get(file);
    if (!entry) this.otherFiles.set(file, (entry = { edits: [], imports: new Set() }));
    return entry;
  }

  /** Whether the game file can refer to `located` by its name (declared there, or imported). */
  private namedInGameFile(located: Located): boolean {
    return !!located.declared && (located.in === this.index || !!this.index?.imported(located.declared.name));
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
      const key = `${located.in.file}\0${name}`;
      if (node.legacy && !this.patchedDecls.has(key)) {
        this.patchedDecls.add(key);
        const target = this.editsOf(located.in);
        target.edits.push({ span, text: rewriteFunction(located.in.text(span), node.role, node.adapt, this.plan, target.imports).text });
      }
      return name;
    }
    let text = located ? located.in.text(located.span) : stripBundleRefs(sourceOf(node.fn), this.imports);
    const ft = functionText(text);
    // Native and bound functions have no source to write (a decision note says so).
    if (!ft || /\[native code\]/.test(text)) return `() => {\n${indent}  throw new Error('FLOWSCOPE: ${node.from}: write this function for boardgame.io 0.50');\n${indent}}`;
    if (node.legacy) text = rewriteFunction(text, node.role, node.adapt, this.plan, this.imports).text;
    const ft2 = functionText(text);
    if (ft2?.form === 'method') text = `${ft2.asyncPrefix}function${ft2.head.startsWith('*') ? '*' : ''} ${text.slice(ft2.params.start)}`;
    return reindent(text, indent);
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
        const cases = node.byPhase.map(([phase, n]) => `${inner}  ${IDENT.test(phase) ? phase : `'${phase}'`}: ${this.node(n, `${inner}  `)},`).join('\n');
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
      const key = IDENT.test(e.key) ? e.key : `'${e.key.replace(/'/g, "\\'")}'`;
      lines.push(value === key ? `${comments}${inner}${key},` : `${comments}${inner}${key}: ${value},`);
    }
    return `{\n${header}${lines.join('\n')}${lines.length ? '\n' : ''}${indent}}`;
  }

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
      if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return 'undefined /* FLOWSCOPE: a value Flowscope cannot write as source */';
      const entries = Object.entries(value);
      if (!entries.length) return '{}';
      const inner = `${indent}  `;
      return `{\n${entries.map(([k, v]) => `${inner}${IDENT.test(k) ? k : `'${k.replace(/'/g, "\\'")}'`}: ${this.value(v, inner)},`).join('\n')}\n${indent}}`;
    }
    return literal(value, indent);
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
export function migrateSourceFiles(entry: { file: string; source: string }, config: GameConfig, options: LegacyOptions = {}, local?: LocalFiles): Map<string, string> {
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
    if (!index) return new Map([[file, `${head}// Migrated to boardgame.io 0.50 by Flowscope.\n${emitter.hoistedText('')}const game = ${object};\n\nexport default game;\n`]]);
    return new Map([[file, `${fixImports(source, emitter.imports)}\n\n// FLOWSCOPE: the config migrated to boardgame.io 0.50 (its definition above was not found).\n${emitter.hoistedText('')}export const migratedGame = ${object};\n`]]);
  }
  const indent = index.indentAt(index.root.expr.start);
  const statementStart = index.source.lastIndexOf('\n', index.root.expr.start - 1) + 1;
  const own = emitter.declEdits.filter((e) => e.span.end <= statementStart || e.span.start >= index.root!.expr.end);
  emitter.declEdits.length = 0;
  emitter.declEdits.push({ span: index.root.expr, text: reindent(object, indent) }, ...(emitter.hoisted.size ? [{ span: { start: statementStart, end: statementStart }, text: emitter.hoistedText(indent) + '\n' }] : []), ...own);
  return byFile(patchedFiles(emitter));
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
    emitter.editsOf(file).edits.push({ span: { start: lineStart, end: lineStart }, text: notes.map((n) => commentLines(n, indent)).join('') });
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
        const entry = turn && turn.in.masked[turn.span.start] === '{' ? objectEntries(turn.in.source, turn.in.masked, turn.span.start).find((x) => x.key === 'moveLimit') : undefined;
        if (!turn || !entry) return void (ok = false);
        emitter.editsOf(turn.in).edits.push({ span: entry.entry, text: `minMoves: ${literal(n.value, '')}, maxMoves: ${literal(n.value, '')}` });
        i++;
        continue;
      }
      if (n.t === 'fn' && n.legacy) {
        const located = index.locate(n.from) ?? index.locateFunction(n.fn);
        if (!located) return void (ok = false);
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
    out.set(file, fixImports(applyEdits(file.source, unique), imports));
  }
  return out;
}

/** Rewrites the `boardgame.io/core` imports: drops what 0.50 does not export, adds what the migrated code needs. */
function fixImports(source: string, needed: Set<string>): string {
  const re = /import\s*\{([^}]*)\}\s*from\s*(['"])boardgame\.io\/core\2;?[ \t]*\n?/g;
  const existing: string[] = [];
  let first = -1;
  const without = source.replace(re, (all, names: string, _q, offset: number) => {
    if (first < 0) first = offset;
    for (const part of names.split(',')) {
      const name = part.trim();
      if (name) existing.push(name);
    }
    return '';
  });
  const keep = existing.filter((spec) => {
    const local = spec.split(/\s+as\s+/).pop()!.trim();
    const imported = spec.split(/\s+as\s+/)[0].trim();
    return CORE_EXPORTS_050.has(imported) && new RegExp(`(?<![\\w$.])${local}(?![\\w$])`).test(mask(without));
  });
  const names = new Set(keep);
  for (const n of needed) if (CORE_EXPORTS_050.has(n) && ![...names].some((s) => s.split(/\s+as\s+/).pop()!.trim() === n)) names.add(n);
  if (!names.size) return without;
  const line = `import { ${[...names].sort().join(', ')} } from 'boardgame.io/core';\n`;
  if (first >= 0) return without.slice(0, first) + line + without.slice(first);
  const lastImport = [...without.matchAll(/^import[^\n]*\n/gm)].pop();
  if (lastImport) {
    const at = lastImport.index! + lastImport[0].length;
    return without.slice(0, at) + line + without.slice(at);
  }
  return line + without;
}

