/**
 * Argument parsing and validation for the controls: move arguments, event forms and the
 * setActivePlayers editor. Pure functions (unit-tested); the components only show the results.
 */
import type { EventName } from '../../../engine/host/protocol';

export type Parsed<T> = { ok: true; value: T; warnings: string[] } | { ok: false; error: string };

const ok = <T>(value: T, warnings: string[] = []): Parsed<T> => ({ ok: true, value, warnings });
const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

/** A readable message for text that is not JSON, with a hint for the usual mistakes. */
export function jsonError(text: string, error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  // V8: `Unexpected token 'c', "c12" is not valid JSON` / `Expected ',' or ']' after array element in JSON at position 6 (line 1 column 7)`
  const detail = raw
    .replace(/^JSON\.parse: /, '')
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
  let hint = '';
  if (/'/.test(text)) hint = ' (use double quotes for strings)';
  else if (/(^|[[,{:]\s*)[A-Za-z_][\w-]*\s*($|[,\]}])/.test(text.trim()) && !/^(true|false|null)$/.test(text.trim()))
    hint = ' (strings need double quotes, e.g. "c12")';
  else if (/,\s*[\]}]/.test(text)) hint = ' (no trailing commas)';
  return `not valid JSON: ${detail}${hint}`;
}

function parseJson(text: string): Parsed<unknown> {
  try {
    return ok(JSON.parse(text));
  } catch (error) {
    return fail(jsonError(text, error));
  }
}

/**
 * A move's arguments: a JSON array; empty means `[]`; any other single JSON value is one argument
 * (`"c12"` → `["c12"]`, `{"a":1}` → `[{"a":1}]`).
 */
export function parseMoveArgs(text: string): Parsed<unknown[]> {
  const trimmed = text.trim();
  if (trimmed === '') return ok([]);
  const parsed = parseJson(trimmed);
  if (!parsed.ok) return parsed;
  return ok(Array.isArray(parsed.value) ? parsed.value : [parsed.value]);
}

/** An optional JSON value (endGame's gameover): empty means "no argument". */
export function parseOptionalJson(text: string): Parsed<unknown | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return ok(undefined);
  return parseJson(trimmed);
}

/** A move count field (minMoves / maxMoves): empty means "not set". */
export function parseCount(text: string, label: string): Parsed<number | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return ok(undefined);
  if (!/^\d+$/.test(trimmed)) return fail(`${label} must be a whole number ≥ 0`);
  return ok(Number(trimmed));
}

/** boardgame.io's `ActivePlayers` constants (turn-order.ts). */
export const ACTIVE_PLAYERS_PRESETS = {
  ALL: { all: null },
  ALL_ONCE: { all: null, minMoves: 1, maxMoves: 1 },
  OTHERS: { others: null },
  OTHERS_ONCE: { others: null, minMoves: 1, maxMoves: 1 },
} as const;
export type ActivePlayersPreset = keyof typeof ACTIVE_PLAYERS_PRESETS;

/** The JSON a preset writes into the editor: `{"all": "stage"}` when a stage is chosen. */
export function presetText(preset: ActivePlayersPreset, stage?: string): string {
  const value: Record<string, unknown> = { ...ACTIVE_PLAYERS_PRESETS[preset] };
  if (stage) {
    if ('all' in value) value.all = stage;
    if ('others' in value) value.others = stage;
  }
  return JSON.stringify(value);
}

const ACTIVE_PLAYERS_KEYS = new Set(['currentPlayer', 'others', 'all', 'value', 'minMoves', 'maxMoves', 'moveLimit', 'revert', 'next']);

export interface ActivePlayersContext {
  players: readonly string[];
  /** Stage names of the turn in force (empty: the turn defines none). */
  stages: readonly string[];
}

function checkStageArg(arg: unknown, where: string, context: ActivePlayersContext, warnings: string[]): string | null {
  if (arg === null) return null;
  if (typeof arg === 'string') {
    if (!context.stages.includes(arg)) {
      warnings.push(
        context.stages.length
          ? `${where}: "${arg}" is not a stage of this turn (${context.stages.join(', ')})`
          : `${where}: this turn defines no stages, so "${arg}" falls through to the phase's moves`,
      );
    }
    return null;
  }
  if (typeof arg === 'object' && !Array.isArray(arg)) {
    const o = arg as Record<string, unknown>;
    if (!('stage' in o)) return `${where}: an object needs a "stage"`;
    for (const key of ['minMoves', 'maxMoves'] as const) {
      if (key in o && !isCount(o[key])) return `${where}.${key} must be a whole number ≥ 0`;
    }
    return checkStageArg(o.stage, `${where}.stage`, context, warnings);
  }
  return `${where} must be a stage name, null or {"stage", "minMoves", "maxMoves"}`;
}

const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Checks one setActivePlayers argument (an array of player IDs, or the object form), without the parse. */
export function checkActivePlayers(value: unknown, context: ActivePlayersContext): Parsed<unknown> {
  const warnings: string[] = [];
  if (Array.isArray(value)) {
    for (const id of value) {
      if (typeof id !== 'string' && typeof id !== 'number') return fail('an array form lists player IDs, e.g. ["0", "2"]');
      if (!context.players.includes(String(id))) warnings.push(`"${id}" is not a player of this session`);
      else if (typeof id === 'number') warnings.push(`player IDs are strings: use "${id}"`);
    }
    return ok(value, warnings);
  }
  if (value === null || typeof value !== 'object')
    return fail(
      'setActivePlayers takes an array of player IDs or an object {currentPlayer, others, all, value, minMoves, maxMoves, revert, next}',
    );
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!ACTIVE_PLAYERS_KEYS.has(key)) warnings.push(`boardgame.io ignores "${key}"`);
  for (const key of ['currentPlayer', 'others', 'all'] as const) {
    if (key in o) {
      const error = checkStageArg(o[key], key, context, warnings);
      if (error) return fail(error);
    }
  }
  if ('value' in o) {
    const v = o.value;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return fail('value must be an object {playerID: stage}');
    for (const [id, stage] of Object.entries(v as Record<string, unknown>)) {
      if (!context.players.includes(id)) warnings.push(`value: "${id}" is not a player of this session`);
      const error = checkStageArg(stage, `value["${id}"]`, context, warnings);
      if (error) return fail(error);
    }
  }
  for (const key of ['minMoves', 'maxMoves', 'moveLimit'] as const) {
    if (key in o && !isCount(o[key])) return fail(`${key} must be a whole number ≥ 0`);
  }
  if ('moveLimit' in o) warnings.push('moveLimit is deprecated: it means maxMoves');
  if (isCount(o.minMoves) && isCount(o.maxMoves) && (o.minMoves as number) > (o.maxMoves as number))
    warnings.push('minMoves is above maxMoves');
  if ('revert' in o && typeof o.revert !== 'boolean') return fail('revert must be true or false');
  if ('next' in o && o.next !== undefined) {
    if (o.next === null || typeof o.next !== 'object')
      return fail('next must be another setActivePlayers argument (an object or an array)');
    const inner = checkActivePlayers(o.next, context);
    if (!inner.ok) return fail(`next: ${inner.error}`);
    warnings.push(...inner.warnings.map((w) => `next: ${w}`));
  }
  if (!['currentPlayer', 'others', 'all', 'value'].some((k) => k in o)) warnings.push('no player is named: this empties activePlayers');
  return ok(value, warnings);
}

export function parseActivePlayers(text: string, context: ActivePlayersContext): Parsed<unknown> {
  const trimmed = text.trim();
  if (trimmed === '') return fail('choose a preset or write an argument');
  const parsed = parseJson(trimmed);
  return parsed.ok ? checkActivePlayers(parsed.value, context) : parsed;
}

/** What the event forms hold; every event reads only its own fields. */
export interface EventForm {
  /** endTurn: '' for the turn order's choice, else a player ID. */
  next: string;
  /** pass */
  remove: boolean;
  /** setPhase */
  phase: string;
  /** endGame: optional JSON */
  gameover: string;
  /** setStage */
  stage: string;
  minMoves: string;
  maxMoves: string;
  /** setActivePlayers: JSON */
  activePlayers: string;
}

export const EMPTY_FORM: EventForm = {
  next: '',
  remove: false,
  phase: '',
  gameover: '',
  stage: '',
  minMoves: '',
  maxMoves: '',
  activePlayers: '',
};

/** The args array an event is dispatched with, from its form. */
export function eventArgs(name: EventName, form: EventForm, context: ActivePlayersContext): Parsed<unknown[]> {
  switch (name) {
    case 'endTurn':
      return ok(form.next ? [{ next: form.next }] : []);
    case 'pass':
      return ok(form.remove ? [{ remove: true }] : []);
    case 'endPhase':
    case 'endStage':
      return ok([]);
    case 'setPhase':
      return form.phase ? ok([form.phase]) : fail('choose a phase');
    case 'endGame': {
      const parsed = parseOptionalJson(form.gameover);
      if (!parsed.ok) return parsed;
      return ok(parsed.value === undefined ? [] : [parsed.value]);
    }
    case 'setStage': {
      const stage = form.stage.trim();
      if (!stage) return fail('choose a stage');
      const min = parseCount(form.minMoves, 'minMoves');
      if (!min.ok) return min;
      const max = parseCount(form.maxMoves, 'maxMoves');
      if (!max.ok) return max;
      const warnings = min.value !== undefined && max.value !== undefined && min.value > max.value ? ['minMoves is above maxMoves'] : [];
      if (context.stages.length && !context.stages.includes(stage)) warnings.push(`"${stage}" is not a stage of this turn`);
      if (min.value === undefined && max.value === undefined) return ok([stage], warnings);
      const arg: Record<string, unknown> = { stage };
      if (min.value !== undefined) arg.minMoves = min.value;
      if (max.value !== undefined) arg.maxMoves = max.value;
      return ok([arg], warnings);
    }
    case 'setActivePlayers': {
      const parsed = parseActivePlayers(form.activePlayers, context);
      return parsed.ok ? ok([parsed.value], parsed.warnings) : parsed;
    }
    default:
      return ok([]);
  }
}
