/**
 * Reading a legacy config: its era, its functions (with the path and role of each), and what each
 * function's source does with `ctx` and the events. Shared by `detectLegacy` and `migrateConfig`.
 */
import { isLegacySignature } from '../lint/rules/legacy-signature';
import { ctxMembers, eventCalls, literalValue, parseFunction, sourceOf, tokenize, type FunctionShape, type Token } from '../lint/source';
import { EVENT_NAMES, type GameConfig } from '../types';
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
  events: { event: string; literal?: string; computed: boolean; viaCtx: boolean; nextLiteral?: string; nextComputed?: boolean; objectArg?: boolean }[];
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
  const t = tokenize(source);
  const calls = eventCalls(source, LEGACY_EVENTS, ctxName ?? 'ctx').map((c) => ({ ...c }) as FnInfo['events'][number]);
  // The first argument of each call, read from the tokens: `{ next: 'B' }`.
  let callIndex = 0;
  for (let k = 0; k < t.length && callIndex < calls.length; k++) {
    const tok = t[k];
    if (tok.type !== 'ident' || tok.value !== calls[callIndex].event) continue;
    let a = k + 1;
    if (t[a]?.value === '?.') a++;
    if (t[a]?.value !== '(') continue;
    const prev = t[k - 1];
    if (prev?.type === 'ident' && prev.value === 'function') continue;
    const call = calls[callIndex++];
    if (t[a + 1]?.value === '{' && t[a + 1].type === 'punct') {
      call.objectArg = true;
      const close = groupEnd(t, a + 1);
      for (let j = a + 2; j < close; j++) {
        if (t[j].type === 'ident' && t[j].value === 'next' && (t[j - 1].value === '{' || t[j - 1].value === ',')) {
          if (t[j + 1]?.value === ':') {
            const lit = literalValue(t[j + 2]);
            if (lit !== undefined && (t[j + 3]?.value === '}' || t[j + 3]?.value === ',')) call.nextLiteral = lit;
            else call.nextComputed = true;
          } else call.nextComputed = true;
        }
      }
    }
  }
  return {
    source,
    shape,
    gName,
    ctxName,
    ctxMembers: ctxName ? ctxMembers(source, ctxName) : new Set(),
    events: calls,
    returnedStrings: returnedStrings(t),
    returnsNext: returnsObjectWith(t, 'next'),
    returnsPosition: returnsObjectWith(t, 'playOrderPos'),
    returnsNothing: returnsNothing(t, shape),
    mentionsDefault: /(?:[=!]==?\s*(['"`])default\1|(['"`])default\2\s*[=!]==?|\bcase\s+(['"`])default\3)/.test(source),
  };
}

function groupEnd(t: Token[], open: number): number {
  let depth = 0;
  for (let k = open; k < t.length; k++) {
    if (t[k].type !== 'punct') continue;
    if (t[k].value === '(' || t[k].value === '[' || t[k].value === '{') depth++;
    else if (t[k].value === ')' || t[k].value === ']' || t[k].value === '}') if (--depth === 0) return k;
  }
  return t.length;
}

/** The index of the `=>` of an arrow function's own parameter list (or -1). */
function arrowAt(t: Token[]): number {
  let k = 0;
  if (t[k]?.value === 'async' && t[k + 1]?.value !== '=>') k++;
  if (t[k]?.type === 'ident' && t[k + 1]?.value === '=>') return k + 1;
  if (t[k]?.value !== '(') return -1;
  const close = groupEnd(t, k);
  return t[close + 1]?.value === '=>' ? close + 1 : -1;
}

function returnedStrings(t: Token[]): string[] {
  const out: string[] = [];
  const arrow = arrowAt(t);
  const concise = arrow >= 0 && t[arrow + 1]?.value !== '{';
  // Where each `return` expression (or the concise body) starts.
  const starts = new Set<number>();
  if (concise) starts.add(arrow + 1);
  t.forEach((tok, k) => tok.type === 'ident' && tok.value === 'return' && starts.add(k + 1));
  for (let k = 0; k < t.length; k++) {
    const lit = literalValue(t[k]);
    if (lit === undefined) continue;
    const prev = t[k - 1]?.value;
    const next = t[k + 1]?.value;
    const ends = next === undefined || [';', ')', '}', ':', '|', '&'].includes(next) || (concise && k === t.length - 1);
    if (!ends) continue;
    let inReturn = starts.has(k) || (starts.has(k - 1) && prev === '(');
    if (!inReturn && (prev === '?' || prev === ':')) {
      // A ternary branch: walk back to the start of the expression.
      let depth = 0;
      for (let j = k - 1; j >= 0; j--) {
        const v = t[j].type === 'punct' ? t[j].value : '';
        if (v === ')' || v === ']' || v === '}') depth++;
        else if (v === '(' || v === '[' || v === '{') {
          if (depth === 0) {
            if (v !== '(') break;
            if (starts.has(j)) {
              inReturn = true;
              break;
            }
            continue;
          }
          depth--;
        } else if (depth === 0 && (v === ';' || v === ',')) break;
        if (depth === 0 && starts.has(j)) {
          inReturn = prev === '?' || t.slice(j, k).some((x) => x.value === '?');
          break;
        }
      }
    }
    if (inReturn) out.push(lit);
  }
  return out;
}

function returnsObjectWith(t: Token[], key: string): boolean {
  for (let k = 1; k < t.length; k++) {
    if (t[k].type !== 'ident' || t[k].value !== key) continue;
    const prev = t[k - 1];
    const next = t[k + 1];
    if (prev.type === 'punct' && (prev.value === '{' || prev.value === ',') && next?.type === 'punct' && [':', ',', '}'].includes(next.value)) return true;
  }
  return false;
}

function returnsNothing(t: Token[], shape: FunctionShape | null): boolean {
  if (!shape) return false;
  const arrow = arrowAt(t);
  const blockBody = arrow < 0 || t[arrow + 1]?.value === '{';
  if (!blockBody) return false;
  let sawReturn = false;
  for (let k = 0; k < t.length; k++) {
    if (t[k].type !== 'ident' || t[k].value !== 'return') continue;
    sawReturn = true;
    const next = t[k + 1];
    if (!next || next.value === ';' || next.value === '}' || (next.type === 'ident' && next.value === 'undefined')) return true;
  }
  if (!sawReturn) return true;
  // A block whose last statement is not a `return` (or `throw`) can fall off its end.
  let open = arrow >= 0 ? arrow + 1 : -1;
  if (open < 0) {
    const paren = t.findIndex((tok) => tok.type === 'punct' && tok.value === '(');
    open = paren < 0 ? -1 : t.findIndex((tok, k) => k > groupEnd(t, paren) && tok.type === 'punct' && tok.value === '{');
  }
  if (open < 0) return false;
  const close = groupEnd(t, open);
  let depth = 0;
  let lastStart = open + 1;
  for (let k = open + 1; k < close; k++) {
    const v = t[k].type === 'punct' ? t[k].value : '';
    if (v === '(' || v === '[' || v === '{') depth++;
    else if (v === ')' || v === ']' || v === '}') {
      depth--;
      const next = t[k + 1];
      if (depth === 0 && v === '}' && k + 1 < close && !(next.type === 'punct' && [';', ')', ',', '.', '?.', ']'].includes(next.value)) && !['else', 'catch', 'finally', 'while'].includes(next.value)) lastStart = k + 1;
    } else if (depth === 0 && v === ';' && k + 1 < close) lastStart = k + 1;
  }
  const first = t[lastStart];
  return !(first && first.type === 'ident' && (first.value === 'return' || first.value === 'throw'));
}

/** Whether `fn` takes positional `(G, ctx)` arguments in `era`. */
export function isPositional(fn: (...args: any[]) => unknown, role: Role, era: LegacyEra): boolean {
  const info = fnInfo(fn);
  const first = info.shape?.params[0];
  if (era !== 'context') return !(first && first.kind === 'pattern');
  const kind = role === 'onMove' ? 'hook' : role === 'allowedMoves' || role === 'playOrder' ? 'trigger' : role;
  return isLegacySignature(info.shape, kind);
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
  const legacy = fns.filter((f) => isLegacySignature(f.info.shape, f.role === 'onMove' ? 'hook' : f.role === 'allowedMoves' || f.role === 'playOrder' ? 'trigger' : f.role));
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

/** The phases of a legacy `flow` section as `[path, name, config]` (arrays: `flow.phases[0]`). */
export function flowPhases(flow: Record<string, any>): { path: string; name: string; config: Record<string, any> }[] {
  if (Array.isArray(flow.phases)) return flow.phases.map((p: any, i: number) => ({ path: `flow.phases[${i}]`, name: String(p?.name ?? `phase${i}`), config: p ?? {} }));
  return Object.entries((flow.phases ?? {}) as Record<string, any>).map(([name, p]) => ({ path: `flow.phases.${name}`, name, config: p ?? {} }));
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
    if (order.actionPlayers && isFn(order.actionPlayers.value)) add(`${path}.actionPlayers.value`, order.actionPlayers.value, 'trigger', phase);
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
    for (const [name, stage] of Object.entries((turn.stages ?? {}) as Record<string, any>)) addMoves(`${path}.stages.${name}.moves`, stage?.moves, phase);
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
