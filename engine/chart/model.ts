import { eventTargets, type NameScope } from '../lint/name-scope';
import type { NormalGame, NormalPhase, NormalTurn } from '../config/normalise';
import type { TurnOrderInfo } from '../config/turn-order-info';

/** The state key of having no phase (boardgame.io's phase `null`). */
export const NO_PHASE = '__nophase__';
export const GAMEOVER = 'gameover';

export interface ChartStage {
  name: string;
  moves: string[] | null;
  next: string | null;
  /** False for a stage first seen at run time (a `setActivePlayers` value the config does not declare). */
  declared: boolean;
}

export interface ChartTurn {
  /** Config path of the turn in force (`turn` or `phases.X.turn`). */
  path: string;
  order: TurnOrderInfo;
  minMoves?: number;
  maxMoves?: number;
  endIf: boolean;
  hooks: { onBegin: boolean; onEnd: boolean; onMove: boolean };
  activePlayers?: unknown;
  activePlayersLabel?: string;
  stages: ChartStage[];
}

export interface ChartPhase {
  /** State key: the phase name, or `__nophase__`. */
  key: string;
  name: string | null;
  start: boolean;
  declared: boolean;
  /** The phase's own moves, or null when the global moves apply. */
  moves: string[] | null;
  hooks: { onBegin: boolean; onEnd: boolean };
  endIf: boolean;
  turn: ChartTurn;
}

export type EdgeKind = 'start' | 'next' | 'next-fn' | 'end' | 'endIf' | 'setPhase' | 'gameover' | 'stage-next' | 'turn' | 'observed';

export interface ChartEdge {
  id: string;
  kind: EdgeKind;
  /** Phase keys; for `stage-next`, stage names inside `phase`. `[*]` is the start. */
  source: string;
  target: string;
  /** For `stage-next` and `turn`: the phase whose turn it belongs to. */
  phase?: string;
  label: string;
  /** Where the edge comes from in the config, when a function decides it. */
  fn?: string;
  /** Possible but not certain (a `next` function, an `endIf`, a `setPhase` found in code) until a run takes it. */
  dynamic: boolean;
  observed: boolean;
}

export interface ChartModel {
  game: string;
  numPlayers: number;
  players: string[];
  startPhase: string;
  phases: ChartPhase[];
  edges: ChartEdge[];
}

const chartTurn = (t: NormalTurn): ChartTurn => ({
  path: t.path,
  order: t.order,
  ...(t.minMoves !== undefined ? { minMoves: t.minMoves } : {}),
  ...(t.maxMoves !== undefined ? { maxMoves: t.maxMoves } : {}),
  endIf: t.endIf,
  hooks: t.hooks,
  ...(t.activePlayers !== undefined ? { activePlayers: t.activePlayers, activePlayersLabel: t.activePlayersLabel } : {}),
  stages: t.stages.map((s) => ({ ...s, declared: true })),
});

const keyOf = (name: string | null) => name ?? NO_PHASE;

/** Phase keys whose flow a config function can act in (where a `setPhase` in it could fire). */
function phasesUsing(game: NormalGame, fnPath: string): string[] {
  const m = /^phases\.([^.]+)\./.exec(fnPath);
  if (m) return [m[1]];
  const uses = (p: NormalPhase) =>
    fnPath.startsWith('moves.') ? p.moves === null : fnPath.startsWith('turn.') ? p.turn.path === 'turn' : false;
  return game.phases.filter(uses).map((p) => keyOf(p.name));
}

const callsEvent = (fn: unknown, event: string) =>
  typeof fn === 'function' && new RegExp(`\\b${event}\\(`).test(Function.prototype.toString.call(fn));

/** The chart of a normalised game for `numPlayers`: phases, turns, stages and every way between them. */
export function buildChartModel(game: NormalGame, numPlayers: number, scope?: NameScope): ChartModel {
  const phases: ChartPhase[] = game.phases.map((p) => ({
    key: keyOf(p.name),
    name: p.name,
    start: p.start,
    declared: true,
    moves: p.moves,
    hooks: p.hooks,
    endIf: p.endIf !== null,
    turn: chartTurn(p.turn),
  }));
  const known = new Set(phases.map((p) => p.key));
  const edges: ChartEdge[] = [];
  const add = (e: Omit<ChartEdge, 'id' | 'observed'>) => {
    const id = `${e.kind}:${e.phase ? `${e.phase}/` : ''}${e.source}->${e.target}`;
    if (!edges.some((x) => x.id === id)) edges.push({ id, observed: false, ...e });
  };
  const startPhase = keyOf(game.startPhase);
  add({ kind: 'start', source: '[*]', target: startPhase, label: game.startPhase ? 'start: true' : 'no start phase', dynamic: false });

  for (const p of game.phases) {
    const key = keyOf(p.name);
    add({ kind: 'turn', source: key, target: key, phase: key, label: p.turn.order.label, dynamic: false });
    for (const s of p.turn.stages) {
      if (s.next) add({ kind: 'stage-next', source: s.name, target: s.next, phase: key, label: 'endStage → next', dynamic: false });
    }
    if (p.name === null) continue;
    const nextTargets: string[] = [];
    if (p.next?.kind === 'static') {
      add({ kind: 'next', source: key, target: p.next.phase, label: 'next', dynamic: false });
      nextTargets.push(p.next.phase);
    } else if (p.next?.kind === 'function') {
      for (const c of p.next.candidates) add({ kind: 'next-fn', source: key, target: c, label: 'next()', fn: p.next.fn, dynamic: true });
      nextTargets.push(...p.next.candidates);
    } else {
      add({ kind: 'end', source: key, target: NO_PHASE, label: 'ends with no next', dynamic: false });
      nextTargets.push(NO_PHASE);
    }
    if (p.endIf) {
      const targets = p.endIf.candidates.length ? p.endIf.candidates : nextTargets;
      for (const t of targets) add({ kind: 'endIf', source: key, target: t, label: 'endIf', fn: p.endIf.fn, dynamic: true });
    }
  }
  for (const f of game.functions) {
    for (const target of eventTargets(f.fn, 'setPhase', scope)) {
      for (const source of phasesUsing(game, f.path))
        add({ kind: 'setPhase', source, target, label: `setPhase('${target}')`, fn: f.path, dynamic: true });
    }
    if (callsEvent(f.fn, 'endGame')) {
      for (const source of phasesUsing(game, f.path))
        add({ kind: 'gameover', source, target: GAMEOVER, label: 'endGame', fn: f.path, dynamic: true });
    }
  }
  if (game.endIf)
    for (const p of phases) add({ kind: 'gameover', source: p.key, target: GAMEOVER, label: 'endIf', fn: 'endIf', dynamic: true });

  // Targets the config names but does not declare are drawn, marked undeclared (lint reports them).
  for (const e of edges) {
    if (e.kind !== 'stage-next' && e.kind !== 'turn' && e.target !== GAMEOVER && !known.has(e.target)) {
      known.add(e.target);
      phases.push(undeclaredPhase(e.target, phases.find((p) => p.key === NO_PHASE)!.turn));
    }
  }
  for (const p of phases) {
    for (const e of edges.filter((x) => x.kind === 'stage-next' && x.phase === p.key)) {
      if (!p.turn.stages.some((s) => s.name === e.target)) p.turn.stages.push({ name: e.target, moves: null, next: null, declared: false });
    }
  }
  return { game: game.name, numPlayers, players: Array.from({ length: numPlayers }, (_, i) => String(i)), startPhase, phases, edges };
}

function undeclaredPhase(key: string, turn: ChartTurn): ChartPhase {
  return {
    key,
    name: key,
    start: false,
    declared: false,
    moves: null,
    hooks: { onBegin: false, onEnd: false },
    endIf: false,
    turn: { ...turn, stages: [...turn.stages] },
  };
}

/** Adds what a run shows that the config did not declare. Returns true when the model changed. */
export function observeCtx(
  model: ChartModel,
  ctx: { phase: string | null; activePlayers: Record<string, string | null> | null; playOrder?: readonly unknown[]; gameover?: unknown },
): boolean {
  let changed = false;
  // A game that ended has left its phase (`phase: null`) but keeps the last `activePlayers`: they
  // name stages of the phase it was in, not of the no-phase state, and nobody is in them any more.
  if (ctx.gameover !== undefined) return observePlayers(model, ctx.playOrder);
  const key = keyOf(ctx.phase);
  let phase = model.phases.find((p) => p.key === key);
  if (!phase) {
    phase = undeclaredPhase(key, model.phases.find((p) => p.key === NO_PHASE)!.turn);
    model.phases.push(phase);
    changed = true;
  }
  // A turn order that points past playOrder makes currentPlayer `playOrder[pos] + ''`, "undefined", and
  // `{ currentPlayer: stage }` then puts that key in activePlayers: no seat (unknown-player names the cause).
  const seats = (ctx.playOrder ?? []).map(String);
  const noSeat = (player: string) => (player === 'undefined' || player === 'null') && !seats.includes(player);
  for (const [player, stage] of Object.entries(ctx.activePlayers ?? {})) {
    if (noSeat(player)) continue;
    if (!model.players.includes(player)) {
      model.players.push(player);
      changed = true;
    }
    if (stage !== null && !phase.turn.stages.some((s) => s.name === stage)) {
      phase.turn = { ...phase.turn, stages: [...phase.turn.stages, { name: stage, moves: null, next: null, declared: false }] };
      changed = true;
    }
  }
  return observePlayers(model, ctx.playOrder) || changed;
}

/**
 * Adds the players of `playOrder` the model lacks. A game may set playOrder to numbers ([0, 1, 2]);
 * boardgame.io turns them into the strings `currentPlayer` and `activePlayers` use, so the chart does too.
 */
function observePlayers(model: ChartModel, playOrder: readonly unknown[] | undefined): boolean {
  let changed = false;
  for (const player of (playOrder ?? []).filter((p) => p !== undefined && p !== null).map(String)) {
    if (!model.players.includes(player)) {
      model.players.push(player);
      changed = true;
    }
  }
  return changed;
}

/** Marks the phase edge a run took (adding an `observed` edge when none was drawn). */
export function observePhaseChange(model: ChartModel, from: string, to: string, cause: string): ChartEdge {
  const candidates = model.edges.filter((e) => e.source === from && e.target === to && e.kind !== 'turn' && e.kind !== 'stage-next');
  const match = candidates.find((e) => cause.includes(e.fn ?? '\u0000')) ?? candidates.find((e) => !e.dynamic) ?? candidates[0];
  if (match) {
    match.observed = true;
    return match;
  }
  const edge: ChartEdge = {
    id: `observed:${from}->${to}`,
    kind: 'observed',
    source: from,
    target: to,
    label: observedLabel(to, cause.split('\n')),
    dynamic: true,
    observed: true,
  };
  model.edges.push(edge);
  return edge;
}

/** The short label of an edge a run took that nothing predicted: the event that took it, as the code-found edges name theirs. */
export function observedLabel(to: string, causes: readonly string[]): string {
  for (const cause of causes) {
    if (to === GAMEOVER && /\bendGame\(/.test(cause)) return 'endGame';
    const m = /\bsetPhase\((["'`])(.*?)\1\)/.exec(cause);
    if (m && m[2] === to) return `setPhase('${m[2]}')`;
    if (/\bendPhase\(/.test(cause)) return 'endPhase';
  }
  return to === GAMEOVER ? 'game ended' : 'observed';
}

/**
 * Notes the phase change (or game end) a step made, from its ctx `before` and `after` and the
 * causes of its transitions: the edge it took is marked observed, and one is added when the
 * config predicted none (a `setPhase` or `endGame` made from the controls, or from code whose
 * target is computed). Returns true when an edge was added (the model grew).
 */
export function observeStep(
  model: ChartModel,
  before: { phase: string | null; gameover?: unknown } | null,
  after: { phase: string | null; gameover?: unknown },
  causes: readonly string[],
): boolean {
  if (!before || before.gameover !== undefined) return false;
  const from = keyOf(before.phase);
  const to = after.gameover !== undefined ? GAMEOVER : keyOf(after.phase);
  if (from === to) return false;
  const count = model.edges.length;
  observePhaseChange(model, from, to, causes.join('\n'));
  return model.edges.length > count;
}
