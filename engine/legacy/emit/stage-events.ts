/**
 * Stage events that 0.50 refuses where 0.43 and before applied them, moved where 0.50 takes them:
 * `setActivePlayers`/`setStage` in a phase's `onBegin` become that phase's `turn.activePlayers` (or
 * its `turn.onBegin` when the value is computed), and in `setup` the game's `turn.activePlayers`.
 * The edit is made on the migrated (0.50-shaped) text of the game file; where it cannot be made
 * (the turn already sets them, a phase would need a turn of its own) a `// FLOWSCOPE: decide`
 * comment names the decision instead.
 */
import MagicString from 'magic-string';
import { isCall, isFunction, isMember, keyName, memberName, parseModule, walk, type FunctionNode, type t } from '../../lint/ast';
import { indentAt } from '../../source/edits';
import { bindingNames } from '../../lint/free-names';

const MOVED_EVENTS = new Set(['setActivePlayers', 'setStage']);

type Property = t.ObjectProperty | t.ObjectMethod;

const propertyOf = (object: t.ObjectExpression, name: string): Property | undefined =>
  object.properties.find((p): p is Property => p.type !== 'SpreadElement' && keyName(p.key, p.computed) === name);

const objectValue = (p: Property | undefined): t.ObjectExpression | undefined =>
  p?.type === 'ObjectProperty' && p.value.type === 'ObjectExpression' ? p.value : undefined;

const functionOf = (p: Property | undefined): FunctionNode | undefined =>
  p?.type === 'ObjectMethod' ? p : p && isFunction(p.value) ? p.value : undefined;

/** A statement of the function's own body that is only `events.setActivePlayers(…)` / `events.setStage(…)`. */
function stageEventStatement(fn: FunctionNode): { statement: t.Statement; event: string; arg: t.Node } | null {
  if (fn.body.type !== 'BlockStatement') return null;
  for (const statement of fn.body.body) {
    if (statement.type !== 'ExpressionStatement' || !isCall(statement.expression)) continue;
    const call = statement.expression;
    if (!isMember(call.callee)) continue;
    const event = memberName(call.callee);
    const object = call.callee.object;
    const onEvents = (object.type === 'Identifier' && object.name === 'events') || memberName(object) === 'events';
    if (onEvents && event && MOVED_EVENTS.has(event) && call.arguments.length === 1) return { statement, event, arg: call.arguments[0] };
  }
  return null;
}

/** Every stage event the function calls, anywhere in it (`events.setActivePlayers(…)` inside an `if` too). */
function eventCalls(fn: FunctionNode): string[] {
  const found: string[] = [];
  walk(fn.body, (n) => {
    if (!isCall(n) || !isMember(n.callee)) return;
    const name = memberName(n.callee);
    const object = n.callee.object;
    const onEvents = (object.type === 'Identifier' && object.name === 'events') || memberName(object) === 'events';
    if (onEvents && name && (MOVED_EVENTS.has(name) || name === 'endStage')) found.push(name);
  });
  return found;
}

const PHASE_KEYS = ['next', 'start', 'moves', 'turn'];
const TURN_KEYS = ['order', 'stages', 'activePlayers', 'moveLimit', 'minMoves', 'maxMoves', 'onMove'];

/** An object written as a phase (its `onBegin` beside `next`, `start`, `moves` or `turn`), not as a turn. */
function looksLikePhase(object: t.ObjectExpression): boolean {
  if (!propertyOf(object, 'onBegin')) return false;
  return PHASE_KEYS.some((k) => propertyOf(object, k)) && !TURN_KEYS.some((k) => propertyOf(object, k));
}

/** Whether `node` reads a name the function binds (its parameters, its locals): then it is computed per turn. */
function readsOwnNames(fn: FunctionNode, node: t.Node): boolean {
  const own = new Set<string>();
  for (const p of fn.params) bindingNames(p, own);
  walk(fn.body, (n) => {
    if (n.type === 'VariableDeclarator') bindingNames(n.id, own);
  });
  let reads = false;
  walk(node, (n, parent) => {
    if (n.type !== 'Identifier' || !own.has(n.name)) return;
    if (parent && isMember(parent) && parent.property === n && !parent.computed) return;
    if (parent?.type === 'ObjectProperty' && parent.key === n && !parent.computed && !parent.shorthand) return;
    reads = true;
  });
  return reads;
}

const DECIDE = (where: string, event: string) =>
  `FLOWSCOPE: decide: 0.43 and before applied \`${event}\` in ${where} once, as it began; 0.50 refuses it there.`;

export function moveRefusedStageEvents(text: string, file: string): string {
  const ast = parseModule(text, file || undefined);
  if (!ast || !/\bset(ActivePlayers|Stage)\b/.test(text)) return text;
  const out = new MagicString(text);
  const slice = (n: t.Node) => text.slice(n.start!, n.end!);
  const lineStart = (at: number) => text.lastIndexOf('\n', at - 1) + 1;
  const comment = (at: number, lines: string) =>
    out.appendLeft(
      lineStart(at),
      lines
        .split('\n')
        .map((l) => `${indentAt(text, at)}// ${l}\n`)
        .join(''),
    );
  /** `entry,` as the first property of `object`: on a line of its own when the object's properties have theirs. */
  const prepend = (object: t.ObjectExpression, entry: string) => {
    const first = object.properties[0];
    if (first && text[object.start! + 1] === '\n') out.appendLeft(object.start! + 1, `\n${indentAt(text, first.start!)}${entry},`);
    else out.appendLeft(object.start! + 1, ` ${entry},`);
  };
  /** Removes the event call from its function; the whole hook when that was all it did. */
  const removeCall = (fn: FunctionNode, property: Property, statement: t.Statement) => {
    const body = fn.body.type === 'BlockStatement' ? fn.body.body : [];
    const span = body.length === 1 ? statementSpan(property as unknown as t.Statement, true) : statementSpan(statement);
    out.remove(span.start, span.end);
  };
  const statementSpan = (s: t.Statement, withComma = false) => {
    // The whole line when the statement (or property, with its comma) has one of its own.
    const start = lineStart(s.start!);
    let stop = s.end!;
    if (withComma && text[stop] === ',') stop++;
    const end = text.indexOf('\n', stop);
    return !text.slice(start, s.start!).trim() && end >= 0 && !text.slice(stop, end).trim()
      ? { start, end: end + 1 }
      : { start: s.start!, end: stop };
  };
  /** Adds `activePlayers` (or `onBegin`) to a turn object, or says why it cannot. */
  const intoTurn = (turn: t.ObjectExpression, fn: FunctionNode, found: NonNullable<ReturnType<typeof stageEventStatement>>): boolean => {
    const computed = readsOwnNames(fn, found.arg);
    const key = computed ? 'onBegin' : 'activePlayers';
    if (propertyOf(turn, key) || (!computed && propertyOf(turn, 'onBegin'))) return false;
    const value = found.event === 'setStage' ? `{ currentPlayer: ${slice(found.arg)} }` : slice(found.arg);
    const params = fn.params.map(slice).join(', ');
    const entry = computed ? `onBegin: (${params}) => { ${slice(found.statement)} }` : `activePlayers: ${value}`;
    prepend(turn, entry);
    return true;
  };

  /** Moves a phase's stage events out of its onBegin (`at`: where the comment goes; `topTurn`: whether a top-level turn may apply). */
  const migratePhase = (phase: t.ObjectExpression, at: number, topTurn: boolean | 'unknown') => {
    const onBegin = propertyOf(phase, 'onBegin');
    const fn = functionOf(onBegin);
    if (!fn || !eventCalls(fn).length) return;
    const found = stageEventStatement(fn);
    const where = "this phase's `onBegin`";
    const own = objectValue(propertyOf(phase, 'turn'));
    let moved = false;
    if (found && own) moved = intoTurn(own, fn, found);
    else if (found && topTurn === false) {
      const computed = readsOwnNames(fn, found.arg);
      const value = found.event === 'setStage' ? `{ currentPlayer: ${slice(found.arg)} }` : slice(found.arg);
      const entry = computed ? `onBegin: (${fn.params.map(slice).join(', ')}) => { ${slice(found.statement)} }` : `activePlayers: ${value}`;
      prepend(phase, `turn: { ${entry} }`);
      moved = true;
    }
    const event = found?.event ?? eventCalls(fn)[0];
    if (found && moved) {
      removeCall(fn, onBegin!, found.statement);
      comment(
        at,
        `${DECIDE(where, event)}\nIt is the phase's turn.${readsOwnNames(fn, found.arg) ? 'onBegin' : 'activePlayers'} now, applied as each of its turns begins (the same while the phase has one turn).`,
      );
    } else
      comment(
        at,
        `${DECIDE(where, event)}\nMove it to this phase's turn.activePlayers or turn.onBegin (it is called conditionally, the phase needs a turn of its own, or its turn already sets them).`,
      );
  };
  const handled = new Set<t.Node>();

  walk(ast.program, (node, parent) => {
    if (node.type !== 'ObjectExpression' || handled.has(node)) return;
    const phases = objectValue(propertyOf(node, 'phases'));
    const setupFn = functionOf(propertyOf(node, 'setup'));
    const topTurn = propertyOf(node, 'turn');
    if (!phases && looksLikePhase(node)) {
      // A phase written in a module of its own (`export const bidding = { onBegin, turn, next }`).
      handled.add(node);
      const holder = parent?.type === 'VariableDeclarator' || parent?.type === 'ObjectProperty' ? parent : node;
      return void migratePhase(node, holder.start!, 'unknown');
    }
    if (!phases && !(setupFn && (propertyOf(node, 'moves') || topTurn))) return;
    for (const phase of phases?.properties ?? []) {
      if (phase.type !== 'ObjectProperty' || phase.value.type !== 'ObjectExpression') continue;
      handled.add(phase.value);
      migratePhase(phase.value, phase.start!, !!topTurn);
    }
    const found = setupFn && stageEventStatement(setupFn);
    if (setupFn && found) {
      const turn = objectValue(topTurn);
      const setupProperty = propertyOf(node, 'setup')!;
      // Setup's context has no G yet: only a value that reads none of its names can move. The first
      // turn's onBegin sets it, as 0.43 had it when the game began (later turns start without it).
      const movable = !readsOwnNames(setupFn, found.arg);
      const value = found.event === 'setStage' ? `{ currentPlayer: ${slice(found.arg)} }` : slice(found.arg);
      const onBegin = `onBegin: ({ ctx, events }) => { if (ctx.turn === 1) events.setActivePlayers(${value}); }`;
      let moved = false;
      if (movable && turn && !propertyOf(turn, 'onBegin')) {
        prepend(turn, onBegin);
        moved = true;
      } else if (movable && !topTurn) {
        out.appendLeft(setupProperty.start!, `turn: { ${onBegin} },\n${indentAt(text, setupProperty.start!)}`);
        moved = true;
      }
      if (moved) {
        const span = statementSpan(found.statement);
        out.remove(span.start, span.end);
        comment(
          setupProperty.start!,
          `Migrated by Flowscope: 0.43 applied \`${found.event}\` in \`setup\`; 0.50 has no events there, so the first turn's onBegin sets it.`,
        );
      } else comment(setupProperty.start!, `${DECIDE('`setup`', found.event)}\nSet it in turn.onBegin on the first turn (ctx.turn === 1).`);
    }
  });
  return out.toString();
}
