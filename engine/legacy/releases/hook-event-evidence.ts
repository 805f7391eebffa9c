/**
 * Release evidence read from a game's AST rather than its lines: events called where boardgame.io
 * 0.49 and later refuse them (its events permission matrix) but 0.43 and before applied them. A
 * `(G, ctx)` game that calls them was written for the older release, which runs it as meant.
 */
import { isCall, isFunction, isMember, keyName, memberName, parseModule, walk, type t } from '../../lint/ast';
import type { ReleaseEvidence, ReleaseMarker, SourceFile } from './evidence';

const STAGE_EVENTS = new Set(['setActivePlayers', 'setStage', 'endStage']);
const ALL_EVENTS = new Set(['endTurn', 'endPhase', 'setPhase', 'endGame', 'setActivePlayers', 'setStage', 'endStage']);
// Matches nothing: these markers are found by `hookEventEvidence`, not by a line's text.
const BY_AST = /(?!)/;

export const HOOK_EVENT_MARKERS = {
  phaseBegin: {
    id: 'stage-event-in-phase-begin',
    what: "`setActivePlayers` / `setStage` / `endStage` in a phase's `onBegin` (applied by 0.43 and before; 0.49+ refuse the action)",
    releases: '>=0.33 <0.49',
    weight: 3,
    pattern: BY_AST,
  },
  onEnd: {
    id: 'event-in-on-end',
    what: 'a stage event, `endTurn` or a phase event in an `onEnd` hook (applied by 0.43 and before; 0.49+ refuse the action)',
    releases: '>=0.33 <0.49',
    weight: 3,
    pattern: BY_AST,
  },
  outsideHook: {
    id: 'event-outside-hook',
    what: "an event called from an `endIf` or a turn order's `first`/`next` (applied by 0.43 and before; 0.49+ refuse the action)",
    releases: '>=0.33 <0.49',
    weight: 3,
    pattern: BY_AST,
  },
} satisfies Record<string, ReleaseMarker>;

const keyOf = (p: t.Node | undefined) =>
  p && (p.type === 'ObjectProperty' || p.type === 'ObjectMethod') ? keyName(p.key, p.computed) : undefined;

/** Event calls (`ctx.events.X(…)`, `events.X(…)`) under `root` whose name is in `names`, by line. */
function eventCalls(root: t.Node, names: ReadonlySet<string>): number[] {
  const lines: number[] = [];
  walk(root, (node) => {
    if (!isCall(node) || !isMember(node.callee)) return;
    const name = memberName(node.callee);
    const object = node.callee.object;
    const onEvents = (object.type === 'Identifier' && object.name === 'events') || memberName(object) === 'events';
    if (name && onEvents && names.has(name)) lines.push(node.loc!.start.line);
  });
  return lines;
}

/** The events 0.49+ refuse in each hook of `file`'s configs, as evidence for the releases that applied them. */
function inFile({ file, text }: SourceFile): ReleaseEvidence[] {
  if (!/\bevents\b/.test(text)) return [];
  const ast = parseModule(text, file);
  if (!ast) return [];
  const parents = new Map<t.Node, t.Node>();
  const topFunctions = new Map<string, t.Node>();
  for (const st of ast.program.body) {
    const decl = st.type === 'ExportNamedDeclaration' && st.declaration ? st.declaration : st;
    if (decl.type === 'FunctionDeclaration' && decl.id) topFunctions.set(decl.id.name, decl);
    if (decl.type === 'VariableDeclaration')
      for (const d of decl.declarations)
        if (d.id.type === 'Identifier' && d.init && isFunction(d.init)) topFunctions.set(d.id.name, d.init);
  }
  const found = new Map<string, ReleaseEvidence>();
  const note = (marker: ReleaseMarker, lines: number[]) => {
    if (lines.length && !found.has(marker.id)) found.set(marker.id, { marker, file, line: Math.min(...lines) });
  };
  walk(ast.program, (node, parent) => {
    if (parent) parents.set(node, parent);
    if (node.type !== 'ObjectProperty' && node.type !== 'ObjectMethod') return;
    const key = keyOf(node);
    const value = node.type === 'ObjectMethod' ? node : node.value;
    const fn = isFunction(value) ? value : value.type === 'Identifier' ? topFunctions.get(value.name) : undefined;
    if (!fn || !key) return;
    // The property holding the object this key is in (`phases.draft` → `draft`, `turn`, `order`), and the one above it.
    const holder = parents.get(parent!);
    const holderKey = keyOf(holder);
    const aboveKey = holder ? keyOf(parents.get(parents.get(holder)!)) : undefined;
    if (key === 'onBegin' && aboveKey === 'phases') note(HOOK_EVENT_MARKERS.phaseBegin, eventCalls(fn, STAGE_EVENTS));
    else if (key === 'onEnd')
      note(
        HOOK_EVENT_MARKERS.onEnd,
        eventCalls(
          fn,
          aboveKey === 'phases' ? new Set([...STAGE_EVENTS, 'endTurn', 'setPhase', 'endPhase']) : new Set([...STAGE_EVENTS, 'endTurn']),
        ),
      );
    else if (key === 'endIf' || ((key === 'first' || key === 'next') && holderKey === 'order'))
      note(HOOK_EVENT_MARKERS.outsideHook, eventCalls(fn, ALL_EVENTS));
  });
  return [...found.values()];
}

export function hookEventEvidence(files: SourceFile[]): ReleaseEvidence[] {
  return files.flatMap(inFile);
}
