/* eslint-disable @typescript-eslint/no-explicit-any -- a game config and its ctx are the user's data, of any shape boardgame.io accepts. */
import type { GameConfig } from '../types';
import { describeActivePlayers, describeTurnOrder, type TurnOrderInfo } from './turn-order-info';

export interface NormalStage {
  name: string;
  /** Own moves, or null when the stage has none (its players fall through to the phase or global moves). */
  moves: string[] | null;
  next: string | null;
}

export interface NormalTurn {
  /** Where the turn config lives: `turn` or `phases.X.turn`. */
  path: string;
  order: TurnOrderInfo;
  minMoves?: number;
  maxMoves?: number;
  /** `turn.activePlayers`, as written, and named (`ActivePlayers.ALL_ONCE`) when it is a preset. */
  activePlayers?: unknown;
  activePlayersLabel?: string;
  endIf: boolean;
  hooks: { onBegin: boolean; onEnd: boolean; onMove: boolean };
  stages: NormalStage[];
}

export type NextInfo = { kind: 'static'; phase: string } | { kind: 'function'; fn: string; candidates: string[] } | null;

export interface NormalPhase {
  /** `null` is the state of having no phase (boardgame.io's phase `''`). */
  name: string | null;
  start: boolean;
  next: NextInfo;
  /** Phases a truthy `endIf` could send the game to through `{ next }` (found in its source). */
  endIf: { fn: string; candidates: string[] } | null;
  hooks: { onBegin: boolean; onEnd: boolean };
  /** The phase's own moves, or null when it uses the global moves. */
  moves: string[] | null;
  turn: NormalTurn;
}

/** A function of the config with the path that names it in traces (`phases.draw.turn.onMove`). */
export interface ConfigFunction {
  path: string;
  fn: (...args: any[]) => unknown;
  kind: 'move' | 'hook' | 'trigger' | 'order' | 'setup';
}

export interface NormalGame {
  name: string;
  globalMoves: string[];
  /** Declared phases in config order, then the no-phase state. */
  phases: NormalPhase[];
  startPhase: string | null;
  endIf: boolean;
  onEnd: boolean;
  /** Events the config turns off with `events: { x: false }`. */
  disabledEvents: string[];
  functions: ConfigFunction[];
}

const isFn = (v: unknown): v is (...args: any[]) => unknown => typeof v === 'function';
const keys = (v: unknown): string[] => (v && typeof v === 'object' ? Object.keys(v) : []);

/** Every string literal in a function's source that names one of `names`. */
export function namesMentioned(fn: unknown, names: readonly string[]): string[] {
  if (!isFn(fn)) return [];
  const source = Function.prototype.toString.call(fn);
  const found = new Set<string>();
  for (const m of source.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)) if (names.includes(m[2])) found.add(m[2]);
  return names.filter((n) => found.has(n));
}

/**
 * The flow-relevant shape of a modern (0.33+) config, with boardgame.io's resolution rules
 * applied: a phase's `turn` replaces the top-level one, moves are looked up stage → phase → global.
 * `turnOrders` are the running release's `TurnOrder` presets, to name the order in force.
 */
export function normaliseConfig(
  config: GameConfig,
  turnOrders: Record<string, any> = {},
  activePlayerPresets: Record<string, unknown> = {},
): NormalGame {
  const phaseNames = keys(config.phases);
  const functions: ConfigFunction[] = [];
  const addMoves = (path: string, table: unknown) => {
    for (const [name, move] of Object.entries((table ?? {}) as Record<string, any>)) {
      if (isFn(move)) functions.push({ path: `${path}.${name}`, fn: move, kind: 'move' });
      else if (move && isFn(move.move)) functions.push({ path: `${path}.${name}`, fn: move.move, kind: 'move' });
    }
  };
  const addFn = (path: string, fn: unknown, kind: ConfigFunction['kind']) => {
    if (isFn(fn)) functions.push({ path, fn, kind });
  };

  const turnOf = (path: string, turn: Record<string, any> | undefined): NormalTurn => {
    const t = turn ?? {};
    for (const hook of ['onBegin', 'onEnd', 'onMove'] as const) addFn(`${path}.${hook}`, t[hook], 'hook');
    addFn(`${path}.endIf`, t.endIf, 'trigger');
    for (const part of ['first', 'next', 'playOrder'] as const) addFn(`${path}.order.${part}`, t.order?.[part], 'order');
    const stages = Object.entries((t.stages ?? {}) as Record<string, any>).map(([name, stage]) => {
      addMoves(`${path}.stages.${name}.moves`, stage?.moves);
      return { name, moves: stage?.moves ? keys(stage.moves) : null, next: typeof stage?.next === 'string' ? stage.next : null };
    });
    // boardgame.io 0.50: a truthy (deprecated) moveLimit overrides both minMoves and maxMoves.
    const limit = typeof t.moveLimit === 'number' && t.moveLimit ? t.moveLimit : undefined;
    return {
      path,
      order: describeTurnOrder(t.order, turnOrders, `${path}.order`),
      minMoves: limit ?? (typeof t.minMoves === 'number' ? t.minMoves : undefined),
      maxMoves: limit ?? (typeof t.maxMoves === 'number' ? t.maxMoves : undefined),
      activePlayers: t.activePlayers,
      activePlayersLabel: describeActivePlayers(t.activePlayers, activePlayerPresets),
      endIf: isFn(t.endIf),
      hooks: { onBegin: isFn(t.onBegin), onEnd: isFn(t.onEnd), onMove: isFn(t.onMove) },
      stages,
    };
  };

  addFn('setup', config.setup, 'setup');
  addMoves('moves', config.moves);
  addFn('endIf', config.endIf, 'trigger');
  addFn('onEnd', config.onEnd, 'hook');
  const topTurn = turnOf('turn', config.turn);

  const phases: NormalPhase[] = phaseNames.map((name) => {
    const p = (config.phases as Record<string, any>)[name] ?? {};
    const path = `phases.${name}`;
    addFn(`${path}.onBegin`, p.onBegin, 'hook');
    addFn(`${path}.onEnd`, p.onEnd, 'hook');
    addFn(`${path}.endIf`, p.endIf, 'trigger');
    addFn(`${path}.next`, p.next, 'trigger');
    addMoves(`${path}.moves`, p.moves);
    let next: NextInfo = null;
    if (typeof p.next === 'string') next = { kind: 'static', phase: p.next };
    else if (isFn(p.next)) next = { kind: 'function', fn: `${path}.next`, candidates: namesMentioned(p.next, phaseNames) };
    return {
      name,
      start: p.start === true,
      next,
      endIf: isFn(p.endIf) ? { fn: `${path}.endIf`, candidates: namesMentioned(p.endIf, phaseNames) } : null,
      hooks: { onBegin: isFn(p.onBegin), onEnd: isFn(p.onEnd) },
      moves: p.moves ? keys(p.moves) : null,
      turn: p.turn ? turnOf(`${path}.turn`, p.turn) : topTurn,
    };
  });
  // boardgame.io keeps the last phase marked `start: true` (lint reports several).
  const start = [...phases].reverse().find((p) => p.start);
  phases.push({ name: null, start: false, next: null, endIf: null, hooks: { onBegin: false, onEnd: false }, moves: null, turn: topTurn });

  return {
    name: typeof config.name === 'string' ? config.name : 'game',
    globalMoves: keys(config.moves),
    phases,
    startPhase: start ? (start.name as string) : null,
    endIf: isFn(config.endIf),
    onEnd: isFn(config.onEnd),
    disabledEvents: Object.entries((config.events ?? {}) as Record<string, unknown>)
      .filter(([, v]) => v === false)
      .map(([k]) => k),
    functions,
  };
}
