/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/**
 * Reading a legacy config: its era, its functions (with the path and role of each), and what each
 * function's source does with `ctx` and the events. Shared by `detectLegacy` and `migrateConfig`.
 */
import { isLegacySignature } from '../../lint/rules/legacy-signature';
import {
  keyName,
  ownReturns,
  parseFunctionText,
  parseModule,
  returnedExpressions,
  stringValue,
  walk,
  type FunctionNode,
  type t,
} from '../../lint/ast';
import { ctxMembers, eventCallNodes, parseFunction, sourceOf, type FunctionShape } from '../../lint/source';
import { EVENT_NAMES, type GameConfig } from '../../types';
import type { LegacyEra, LegacyOptions } from './types';

export const LEGACY_EVENTS = [...EVENT_NAMES, 'setActionPlayers', 'changeActionPlayers'] as const;

/** Members that lived on `ctx` before 0.50 and are beside it in the context object now. */
export const MOVED_OFF_CTX = ['events', 'random', 'playerID', 'log'] as const;

/** `ctx` fields of ≤0.32 that 0.50 does not have (beyond `actionPlayers`, which is derived). */
export const GONE_CTX_FIELDS = ['allowedMoves', 'stats', 'allPlayed', 'prevPhase', 'currentPlayerMoves', '_actionPlayersOnce'] as const;

export type Role = 'move' | 'hook' | 'onMove' | 'trigger' | 'order' | 'playOrder' | 'setup' | 'playerView' | 'allowedMoves';

export interface FnInfo {
  source: string;
  shape: FunctionShape | null;
  /** The names the first two positional parameters bind (`G`, `ctx`), when identifiers. */
  gName?: string;
  ctxName?: string;
  /** Members read from the `ctx` parameter (`events`, `random`, `playerID`, `actionPlayers`, …). */
  ctxMembers: Set<string>;
  /** Calls of events (and the legacy `setActionPlayers`/`changeActionPlayers`). */
  events: {
    event: string;
    literal?: string;
    computed: boolean;
    viaCtx: boolean;
    nextLiteral?: string;
    nextComputed?: boolean;
    objectArg?: boolean;
  }[];
  /** String literals it returns (`return '3'`, `=> '3'`). */
  returnedStrings: string[];
  /** Whether it returns an object literal with a `next` key. */
  returnsNext: boolean;
  /** Whether it returns (or builds) an object literal with a `playOrderPos` key. */
  returnsPosition: boolean;
  /** Whether some path returns nothing (`return;`, no `return` in a block body). */
  returnsNothing: boolean;
  /** Whether it compares something with the string `'default'`. */
  mentionsDefault: boolean;
}

const cache = new WeakMap<object, FnInfo>();
const nameOf = (p: FunctionShape['params'][number] | undefined) => (p && p.kind === 'identifier' ? p.name : undefined);

/** What a function's source says (cached per function). */
export function fnInfo(fn: (...args: any[]) => unknown): FnInfo {
  const hit = cache.get(fn);
  if (hit) return hit;
  const info = infoOf(sourceOf(fn));
  cache.set(fn, info);
  return info;
}

export function infoOf(source: string): FnInfo {
  const shape = parseFunction(source);
  const gName = nameOf(shape?.params[0]);
  const ctxName = nameOf(shape?.params[1]);
  const fn = parseFunctionText(source.trim())?.node;
  const root = fn ?? parseModule(source)?.program;
  const calls: FnInfo['events'] = (root ? eventCallNodes(root, LEGACY_EVENTS, ctxName ?? 'ctx') : []).map(({ node, ...call }) => {
    const arg = node.arguments[0];
    if (arg?.type !== 'ObjectExpression') return call;
    // The first argument is an object: `{ next: 'B' }`.
    const out: FnInfo['events'][number] = { ...call, objectArg: true };
    for (const p of arg.properties) {
      if (p.type === 'SpreadElement' || keyName(p.key, p.computed) !== 'next') continue;
      const literal = p.type === 'ObjectProperty' && !p.shorthand ? stringValue(p.value) : undefined;
      if (literal !== undefined) out.nextLiteral = literal;
      else out.nextComputed = true;
    }
    return out;
  });
  return {
    source,
    shape,
    gName,
    ctxName,
    ctxMembers: ctxName ? ctxMembers(source, ctxName) : new Set(),
    events: calls,
    returnedStrings: fn ? returnedExpressions(fn).flatMap((e) => stringValue(e) ?? []) : [],
    returnsNext: !!root && hasObjectWith(root, 'next'),
    returnsPosition: !!root && hasObjectWith(root, 'playOrderPos'),
    returnsNothing: !!fn && !!shape && returnsNothing(fn),
    mentionsDefault: !!root && comparesWithDefault(root),
  };
}

/** Whether an object literal with `key` is written under `root`. */
function hasObjectWith(root: t.Node, key: string): boolean {
  let found = false;
  walk(root, (node) => {
    if (found) return false;
    if (node.type === 'ObjectExpression' && node.properties.some((p) => p.type !== 'SpreadElement' && keyName(p.key, p.computed) === key))
      found = true;
  });
  return found;
}

/** Whether some path of a block-bodied function returns nothing (`return;`, no `return`, or a last statement that is no `return`/`throw`). */
function returnsNothing(fn: FunctionNode): boolean {
  if (fn.body.type !== 'BlockStatement') return false;
  const returns = ownReturns(fn);
  if (!returns.length) return true;
  if (returns.some((r) => !r.argument || (r.argument.type === 'Identifier' && r.argument.name === 'undefined'))) return true;
  const last = fn.body.body[fn.body.body.length - 1];
  return !(last && (last.type === 'ReturnStatement' || last.type === 'ThrowStatement'));
}

/** Whether code compares something with the string `'default'` (`=== 'default'`, `case 'default':`). */
function comparesWithDefault(root: t.Node): boolean {
  let found = false;
  walk(root, (node) => {
    if (found) return false;
    if (
      node.type === 'BinaryExpression' &&
      ['===', '==', '!==', '!='].includes(node.operator) &&
      (stringValue(node.left) === 'default' || stringValue(node.right) === 'default')
    )
      found = true;
    if (node.type === 'SwitchCase' && stringValue(node.test) === 'default') found = true;
  });
  return found;
}

/** Whether `fn` takes positional `(G, ctx)` arguments in `era`. */
export function isPositional(fn: (...args: any[]) => unknown, role: Role, era: LegacyEra): boolean {
  const info = fnInfo(fn);
  const first = info.shape?.params[0];
  // Before 0.50 a first parameter written as a pattern is 0.50's context object only when it takes
  // its members (`({ G, ctx })`); `({ cells, ...rest }, ctx)` destructures G, positionally.
  if (era !== 'context') return !(first && first.kind === 'pattern' && takesContextMembers(first.text));
  const kind = role === 'onMove' ? 'hook' : role === 'allowedMoves' || role === 'playOrder' ? 'trigger' : role;
  return isLegacySignature(info.shape, kind, info.source);
}

const CONTEXT_MEMBERS = new Set(['G', 'ctx', 'events', 'random', 'playerID', 'log']);

/** Whether an object pattern's text (`{ G, ctx: c, ...rest }`) takes a member of the context object. */
function takesContextMembers(pattern: string | undefined): boolean {
  if (!pattern) return true;
  const keys = [...pattern.matchAll(/(?:^\s*\{|,)\s*(?:\.\.\.)?\s*([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);
  return !keys.length || keys.some((k) => CONTEXT_MEMBERS.has(k));
}

const minorOf = (release?: string): number | null => {
  const m = release ? /(\d+)\.(\d+)/.exec(release) : null;
  return m ? Number(m[1]) * 1000 + Number(m[2]) : null;
};

/** The era a spec is written for: from `options.release`, else from its shape. */
export function inferEra(spec: GameConfig, options: LegacyOptions, wrapped: boolean): LegacyEra {
  const minor = minorOf(options.release);
  const flow = spec.flow && typeof spec.flow === 'object' ? (spec.flow as Record<string, any>) : null;
  if (minor !== null) {
    if (minor <= 26) return 'flow-0.26';
    if (minor <= 32) return 'flow-0.32';
    if (minor < 50) return 'g-ctx';
    if (!flow && !wrapped) return 'context';
  }
  if (flow || wrapped) return flowEraOf(spec, flow ?? {});
  const fns = collectFunctions(spec, 'context');
  const legacy = fns.filter((f) =>
    isLegacySignature(
      f.info.shape,
      f.role === 'onMove' ? 'hook' : f.role === 'allowedMoves' || f.role === 'playOrder' ? 'trigger' : f.role,
      f.info.source,
    ),
  );
  const modern = fns.filter((f) => f.info.shape?.params[0]?.kind === 'pattern');
  if (legacy.length && !modern.length) return 'g-ctx';
  return 'context';
}

function flowEraOf(spec: GameConfig, flow: Record<string, any>): LegacyEra {
  if (Array.isArray(flow.phases)) return 'flow-0.26';
  const orders = [flow.turnOrder, ...Object.values((flow.phases ?? {}) as Record<string, any>).map((p) => p?.turnOrder)];
  for (const o of orders) {
    if (o && typeof o === 'object' && !o.actionPlayers) {
      for (const f of [o.first, o.next]) if (typeof f === 'function' && fnInfo(f).returnsPosition) return 'flow-0.26';
    }
  }
  if (flow.startingPhase !== undefined) return 'flow-0.32';
  for (const f of collectFunctions(spec, 'flow-0.32')) {
    if (f.info.events.some((e) => e.event === 'endTurn' && e.literal !== undefined)) return 'flow-0.26';
    if (f.info.events.some((e) => e.event === 'endPhase' && e.literal !== undefined)) return 'flow-0.26';
  }
  return 'flow-0.32';
}

export interface SpecFunction {
  path: string;
  fn: (...args: any[]) => unknown;
  role: Role;
  info: FnInfo;
  /** The phase it belongs to (for phase-level keys). */
  phase?: string;
}

const isFn = (v: unknown): v is (...args: any[]) => unknown => typeof v === 'function';

/** One phase of `flow.phases` (an array in 0.26, an object in 0.27–0.32): where it is written, its name and config. */
export interface FlowPhase {
  path: string;
  name: string;
  config: Record<string, any>;
}

/** The phases of a legacy `flow` section as `[path, name, config]` (arrays: `flow.phases[0]`). */
export function flowPhases(flow: Record<string, any>): FlowPhase[] {
  if (Array.isArray(flow.phases))
    return flow.phases.map((p: any, i: number) => ({ path: `flow.phases[${i}]`, name: String(p?.name ?? `phase${i}`), config: p ?? {} }));
  return Object.entries((flow.phases ?? {}) as Record<string, any>).map(([name, p]) => ({
    path: `flow.phases.${name}`,
    name,
    config: p ?? {},
  }));
}

/** Every function of a spec with its path and role, in config order. */
export function collectFunctions(spec: GameConfig, era: LegacyEra): SpecFunction[] {
  const out: SpecFunction[] = [];
  const add = (path: string, fn: unknown, role: Role, phase?: string) => {
    if (isFn(fn)) out.push({ path, fn, role, info: fnInfo(fn), phase });
  };
  const addMoves = (path: string, table: unknown, phase?: string) => {
    for (const [name, move] of Object.entries((table ?? {}) as Record<string, any>)) {
      if (isFn(move)) add(`${path}.${name}`, move, 'move', phase);
      else if (move && typeof move === 'object') {
        add(`${path}.${name}.move`, move.move, 'move', phase);
        add(`${path}.${name}.undoable`, move.undoable, 'trigger', phase);
        add(`${path}.${name}.redact`, move.redact, 'trigger', phase);
      }
    }
  };
  const addOrder = (path: string, order: any, phase?: string) => {
    if (!order || typeof order !== 'object') return;
    add(`${path}.first`, order.first, 'order', phase);
    add(`${path}.next`, order.next, 'order', phase);
    add(`${path}.playOrder`, order.playOrder, 'playOrder', phase);
    if (order.actionPlayers && isFn(order.actionPlayers.value))
      add(`${path}.actionPlayers.value`, order.actionPlayers.value, 'trigger', phase);
  };
  add('setup', spec.setup, 'setup');
  addMoves('moves', spec.moves);
  add('playerView', spec.playerView, 'playerView');
  if (era === 'flow-0.26' || era === 'flow-0.32') {
    const flow = (spec.flow ?? {}) as Record<string, any>;
    const flowKeys = (path: string, c: Record<string, any>, phase?: string) => {
      add(`${path}.endGameIf`, c.endGameIf, 'trigger', phase);
      add(`${path}.endTurnIf`, c.endTurnIf, 'trigger', phase);
      add(`${path}.onTurnBegin`, c.onTurnBegin, 'hook', phase);
      add(`${path}.onTurnEnd`, c.onTurnEnd, 'hook', phase);
      add(`${path}.onMove`, c.onMove, 'onMove', phase);
      add(`${path}.allowedMoves`, c.allowedMoves, 'allowedMoves', phase);
      addOrder(`${path}.turnOrder`, c.turnOrder, phase);
    };
    flowKeys('flow', flow);
    add('flow.optimisticUpdate', flow.optimisticUpdate, 'trigger');
    for (const p of flowPhases(flow)) {
      add(`${p.path}.onPhaseBegin`, p.config.onPhaseBegin, 'hook', p.name);
      add(`${p.path}.onPhaseEnd`, p.config.onPhaseEnd, 'hook', p.name);
      add(`${p.path}.endPhaseIf`, p.config.endPhaseIf, 'trigger', p.name);
      flowKeys(p.path, p.config, p.name);
    }
    return out;
  }
  const turnKeys = (path: string, turn: any, phase?: string) => {
    if (!turn || typeof turn !== 'object') return;
    add(`${path}.onBegin`, turn.onBegin, 'hook', phase);
    add(`${path}.onEnd`, turn.onEnd, 'hook', phase);
    add(`${path}.onMove`, turn.onMove, 'onMove', phase);
    add(`${path}.endIf`, turn.endIf, 'trigger', phase);
    addOrder(`${path}.order`, turn.order, phase);
    for (const [name, stage] of Object.entries((turn.stages ?? {}) as Record<string, any>))
      addMoves(`${path}.stages.${name}.moves`, stage?.moves, phase);
  };
  add('endIf', spec.endIf, 'trigger');
  add('onEnd', spec.onEnd, 'hook');
  turnKeys('turn', spec.turn);
  for (const [name, p] of Object.entries((spec.phases ?? {}) as Record<string, any>)) {
    if (!p || typeof p !== 'object') continue;
    add(`phases.${name}.onBegin`, p.onBegin, 'hook', name);
    add(`phases.${name}.onEnd`, p.onEnd, 'hook', name);
    add(`phases.${name}.endIf`, p.endIf, 'trigger', name);
    add(`phases.${name}.next`, p.next, 'trigger', name);
    addMoves(`phases.${name}.moves`, p.moves, name);
    turnKeys(`phases.${name}.turn`, p.turn, name);
  }
  return out;
}
