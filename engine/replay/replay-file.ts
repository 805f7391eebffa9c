import type { GameRandomness } from '../session/entropy';
import { EVENT_NAMES, isEventName, type FlowAction, type FlowCtx } from '../types';

export const REPLAY_FORMAT = 'flowscope-replay';
export const REPLAY_VERSION = 1;

/** What a step is expected to look like; every key present is checked, the rest ignored. */
export interface StepExpectation {
  step: number;
  ok?: boolean;
  phase?: string | null;
  turn?: number;
  currentPlayer?: string;
  playOrder?: string[];
  playOrderPos?: number;
  activePlayers?: Record<string, string | null> | null;
  numMoves?: number;
  gameover?: unknown;
}

export interface ReplayFile {
  format: typeof REPLAY_FORMAT;
  version: typeof REPLAY_VERSION;
  game: { name: string; file?: string; sha256?: string; export?: string; bgio?: string };
  numPlayers: number;
  seed: string;
  /**
   * How the game's `Math.random`, clock and `crypto` ran when it was recorded: `seeded` (from the
   * seed and the step, reproducible anywhere) or `real`. Replays from before it existed read as seeded.
   */
  gameRandomness?: GameRandomness;
  setupData: unknown;
  actions: FlowAction[];
  expect?: StepExpectation[];
}

export const EXPECTATION_KEYS = ['ok', 'phase', 'turn', 'currentPlayer', 'playOrder', 'playOrderPos', 'activePlayers', 'numMoves', 'gameover'] as const;

/** A replay that cannot be used; `problems` names every bad field. */
export class ReplayError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid replay file:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ReplayError';
  }
}

const kind = (v: unknown): string => (v === undefined ? 'nothing (the field is missing)' : v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`);

/** Parses and validates a replay (JSON text or an already-parsed value). Throws ReplayError. */
export function parseReplay(input: string | unknown): ReplayFile {
  let data: unknown = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (error) {
      throw new ReplayError([`not JSON: ${(error as Error).message}`]);
    }
  }
  const problems: string[] = [];
  const bad = (path: string, what: string, got: unknown) => problems.push(`${path}: expected ${what}, got ${kind(got)}`);
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new ReplayError([`the file must hold a JSON object, got ${kind(data)}`]);
  const r = data as Record<string, any>;
  if (r.format !== REPLAY_FORMAT) bad('format', `"${REPLAY_FORMAT}"`, r.format);
  if (r.version !== REPLAY_VERSION) {
    if (typeof r.version === 'number' && r.version > REPLAY_VERSION) problems.push(`version: ${r.version} is newer than this Flowscope reads (${REPLAY_VERSION}); update Flowscope`);
    else bad('version', String(REPLAY_VERSION), r.version);
  }
  if (!r.game || typeof r.game !== 'object' || Array.isArray(r.game)) bad('game', 'an object { name, file?, sha256? }', r.game);
  else {
    if (typeof r.game.name !== 'string') bad('game.name', 'a string', r.game.name);
    for (const key of ['file', 'export', 'bgio'] as const) if (r.game[key] !== undefined && typeof r.game[key] !== 'string') bad(`game.${key}`, 'a string', r.game[key]);
    if (r.game.sha256 !== undefined && (typeof r.game.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(r.game.sha256))) bad('game.sha256', '64 lowercase hex digits', r.game.sha256);
  }
  if (!Number.isInteger(r.numPlayers) || r.numPlayers < 1) bad('numPlayers', 'a positive integer', r.numPlayers);
  if (typeof r.seed !== 'string' || r.seed === '') bad('seed', 'a non-empty string', r.seed);
  if (r.gameRandomness !== undefined && r.gameRandomness !== 'seeded' && r.gameRandomness !== 'real') bad('gameRandomness', '"seeded" or "real"', r.gameRandomness);
  if (!Array.isArray(r.actions)) bad('actions', 'an array', r.actions);
  else r.actions.forEach((a: unknown, i: number) => validateAction(a, `actions[${i}]`, bad, problems));
  if (r.expect !== undefined) {
    if (!Array.isArray(r.expect)) bad('expect', 'an array', r.expect);
    else r.expect.forEach((e: unknown, i: number) => validateExpectation(e, `expect[${i}]`, Array.isArray(r.actions) ? r.actions.length : Infinity, bad, problems));
  }
  if (problems.length) throw new ReplayError(problems);
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    game: r.game,
    numPlayers: r.numPlayers,
    seed: r.seed,
    ...(r.gameRandomness ? { gameRandomness: r.gameRandomness } : {}),
    setupData: r.setupData ?? null,
    actions: r.actions.map(normaliseAction),
    ...(r.expect ? { expect: r.expect } : {}),
  };
}

function validateAction(a: unknown, path: string, bad: (p: string, w: string, g: unknown) => void, problems: string[]): void {
  if (!a || typeof a !== 'object' || Array.isArray(a)) return bad(path, 'an action object', a);
  const act = a as Record<string, unknown>;
  const needsPlayer = () => {
    if (typeof act.playerID !== 'string') bad(`${path}.playerID`, 'a string', act.playerID);
  };
  const argsOk = () => {
    if (act.args !== undefined && !Array.isArray(act.args)) bad(`${path}.args`, 'an array', act.args);
  };
  switch (act.type) {
    case 'move':
      if (typeof act.name !== 'string' || act.name === '') bad(`${path}.name`, 'a move name', act.name);
      argsOk();
      needsPlayer();
      return;
    case 'event':
      if (!isEventName(act.name)) problems.push(`${path}.name: expected one of ${EVENT_NAMES.join(', ')}, got ${kind(act.name)}`);
      argsOk();
      needsPlayer();
      return;
    case 'undo':
    case 'redo':
      needsPlayer();
      return;
    case 'reset':
      return;
    default:
      problems.push(`${path}.type: expected move, event, undo, redo or reset, got ${kind(act.type)}`);
  }
}

function validateExpectation(e: unknown, path: string, actionCount: number, bad: (p: string, w: string, g: unknown) => void, problems: string[]): void {
  if (!e || typeof e !== 'object' || Array.isArray(e)) return bad(path, 'an object', e);
  const x = e as Record<string, unknown>;
  if (!Number.isInteger(x.step) || (x.step as number) < 0) bad(`${path}.step`, 'a step number (0 = initial state)', x.step);
  else if ((x.step as number) > actionCount) problems.push(`${path}.step: ${x.step} is past the last step (${actionCount})`);
  for (const key of Object.keys(x)) {
    if (key !== 'step' && !(EXPECTATION_KEYS as readonly string[]).includes(key)) problems.push(`${path}.${key}: not a checkable field (use ${EXPECTATION_KEYS.join(', ')})`);
  }
  if (x.phase !== undefined && x.phase !== null && typeof x.phase !== 'string') bad(`${path}.phase`, 'a phase name or null', x.phase);
  if (x.currentPlayer !== undefined && typeof x.currentPlayer !== 'string') bad(`${path}.currentPlayer`, 'a string', x.currentPlayer);
  if (x.ok !== undefined && typeof x.ok !== 'boolean') bad(`${path}.ok`, 'a boolean', x.ok);
  for (const key of ['turn', 'numMoves', 'playOrderPos'] as const) if (x[key] !== undefined && !Number.isInteger(x[key])) bad(`${path}.${key}`, 'an integer', x[key]);
  if (x.activePlayers !== undefined && x.activePlayers !== null && (typeof x.activePlayers !== 'object' || Array.isArray(x.activePlayers))) {
    bad(`${path}.activePlayers`, 'an object or null', x.activePlayers);
  }
}

function normaliseAction(a: Record<string, any>): FlowAction {
  switch (a.type) {
    case 'move':
    case 'event':
      return { type: a.type, name: a.name, args: a.args ?? [], playerID: a.playerID };
    case 'undo':
    case 'redo':
      return { type: a.type, playerID: a.playerID };
    default:
      return { type: 'reset' };
  }
}

/** The expectation a step meets now: what `flowscope play --expect` records. */
export function expectationOf(step: number, ok: boolean, ctx: FlowCtx): StepExpectation {
  const e: StepExpectation = {
    step,
    ok,
    phase: ctx.phase,
    turn: ctx.turn,
    currentPlayer: ctx.currentPlayer,
    activePlayers: ctx.activePlayers,
    numMoves: ctx.numMoves,
  };
  if (ctx.gameover !== undefined) e.gameover = ctx.gameover;
  return e;
}

/** Serialises a replay with a stable key order, one action per line. */
export function formatReplay(replay: ReplayFile): string {
  const head = { format: replay.format, version: replay.version, game: replay.game, numPlayers: replay.numPlayers, seed: replay.seed, gameRandomness: replay.gameRandomness, setupData: replay.setupData };
  const lines = JSON.stringify(head, null, 2).slice(0, -2).split('\n');
  const list = (key: string, items: unknown[]) =>
    items.length ? `  "${key}": [\n${items.map((i) => `    ${JSON.stringify(i)}`).join(',\n')}\n  ]` : `  "${key}": []`;
  const parts = [lines.join('\n') + ',', list('actions', replay.actions)];
  if (replay.expect) parts[1] += ',\n' + list('expect', replay.expect);
  return `${parts.join('\n')}\n}\n`;
}
