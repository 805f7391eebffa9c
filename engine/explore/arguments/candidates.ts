/**
 * The single entry for "what may explore (or a random player) do here, and where do the
 * arguments come from":
 *
 *   candidateActions(session: Session, playerID: PlayerID, options?: CandidateOptions, state?: BgioState): CandidateAction[]
 *
 * Each `{ action, source }` is one action `playerID` could send from `state` (by default the
 * session's current state; the exhaustive search asks for each state it expands). The game's `ai.enumerate` wins when it offers something; otherwise
 * each move available to the player gets argument lists from, in order of trust, the user's
 * `--args` generator, recorded play, the move's TypeScript parameter types (`options.declared`),
 * inference (running the move on a copy with probe values) for what the types leave open,
 * values found in the state; plus the client events `options.events` allows (default `ui`).
 * Nothing here changes the session. Throws `ArgGeneratorError` when a user generator misbehaves.
 */
import { fromBgioAction } from '../../runtime/bgio-action';
import type { Session } from '../../session/session';
import { isEventName, type BgioState, type FlowAction, type FlowCtx, type PlayerID } from '../../types';
import { eventActions } from './events';
import { generatedArguments } from './generator';
import { inferArguments } from './infer';
import { argumentCount, moveFunction } from './move-lookup';
import type { DeclaredParameter } from './declared/declared-arguments';
import { declaredOf, type ArgSource, type CandidateAction, type CandidateOptions } from './sources';
import { stateValues } from './state-values';

const MAX_LISTS = 400;

export function candidateActions(
  session: Session,
  playerID: PlayerID,
  options: CandidateOptions = {},
  state: BgioState = session.currentState,
): CandidateAction[] {
  const enumerated = enumeratedCandidates(session, state, playerID);
  if (enumerated.length) return enumerated;
  const ctx = session.game.readCtx(state);
  const out: CandidateAction[] = [];
  for (const name of session.game.availableMoves(state, playerID))
    for (const { args, source } of moveArguments(session, state, ctx, playerID, name, options))
      out.push({ action: { type: 'move', name, args, playerID }, source });
  for (const action of eventActions(session, playerID, options.events ?? 'ui', state)) out.push({ action, source: 'event' });
  return out;
}

/**
 * What the game's `ai.enumerate` offers `playerID` (nothing when it has none or offers nothing). An
 * `ai.enumerate` that throws is the game's bug, not a reason to guess: the throw goes on to the
 * caller, which names it (one line, exit 2) as for any game code.
 */
export function enumeratedCandidates(session: Session, state: BgioState, playerID: PlayerID): CandidateAction[] {
  const items = session.game.enumerate(state, playerID);
  return (items ?? []).flatMap((item) => fromEnumerate(item, playerID)).map((action) => ({ action, source: 'enumerate' as const }));
}

/** The argument lists for move `name` by `playerID` in `state`, each with its source. */
export function moveArguments(
  session: Session,
  state: BgioState,
  ctx: FlowCtx,
  playerID: PlayerID,
  name: string,
  options: CandidateOptions,
): { args: unknown[]; source: ArgSource }[] {
  const watch = session.watchers;
  const generate = options.generators?.[name];
  if (generate) return generatedArguments(generate, name, state, playerID, watch).map((args) => ({ args, source: 'generator' }));
  const out: { args: unknown[]; source: ArgSource }[] = (options.recorded?.[name] ?? []).map((args) => ({ args, source: 'recorded' }));
  const found = moveFunction(session.config, ctx, playerID, name);
  const count = found ? argumentCount(found.fn, session.runtime.era) : 0;
  if (!found || count === 0) out.push({ args: [], source: 'no-arguments' });
  else {
    const declared = declaredOf(options.declared)?.[found.path] ?? [];
    const typed = Array.from({ length: count }, (_, i) => finiteValues(declared[i]));
    // The game's types say what a client may send for every argument: nothing to infer.
    if (typed.every((v) => v !== null)) {
      for (const args of product(typed as unknown[][])) out.push({ args, source: 'types' });
      return dedupe(out);
    }
    const inferred = inferArguments(found.fn, found.path, session.runtime.era, state, playerID, count, watch);
    let source: ArgSource = 'inferred';
    let values = inferred.values.map((v, i) => typed[i] ?? withinRange(v, declared[i]));
    if (!inferred.completed && values.some((v) => !v?.length)) {
      const fallback = stateValues(state, session.config);
      source = 'state';
      values = values.map((v) => (v?.length ? v : fallback));
    }
    const lists = product(values.map((v) => (v?.length ? v : [undefined])));
    // Nothing learnt about any argument: the move may store it as data, so any value is a guess.
    if (lists.length === 1 && lists[0].every((v) => v === undefined)) out.push({ args: [], source: 'missing' });
    else for (const args of lists) out.push({ args: trimUndefined(args), source });
  }
  return dedupe(out);
}

const finiteValues = (d: DeclaredParameter | null | undefined) => (d && 'values' in d ? d.values : null);

/** Inferred values of a `number` argument kept to the range the move checks it against (its lower end when none fits). */
function withinRange(values: unknown[] | null, d: DeclaredParameter | null | undefined): unknown[] | null {
  if (!d || 'values' in d) return values;
  const { min = -Infinity, max = Infinity } = d;
  const fitting = (values ?? []).filter((v) => typeof v === 'number' && v >= min && v <= max);
  if (fitting.length) return fitting;
  const from = Number.isFinite(min) ? min : Math.min(0, max);
  return Array.from({ length: 10 }, (_, i) => from + i).filter((v) => v <= max);
}

/** Every combination of one value per argument, at most `MAX_LISTS` (an even sample when there are more). */
function product(values: unknown[][]): unknown[][] {
  let lists: unknown[][] = [[]];
  for (const options of values) lists = lists.flatMap((l) => options.map((v) => [...l, v]));
  if (lists.length <= MAX_LISTS) return lists;
  const stride = lists.length / MAX_LISTS;
  return Array.from({ length: MAX_LISTS }, (_, i) => lists[Math.floor(i * stride)]);
}

const trimUndefined = (args: unknown[]) => {
  const out = [...args];
  while (out.length && out[out.length - 1] === undefined) out.pop();
  return out;
};

function dedupe<T extends { args: unknown[] }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const key = JSON.stringify(i.args);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** One item of `ai.enumerate` as an action: `{ move, args }`, `{ event, args }` or a ready-made `{ type, payload }`. */
export function fromEnumerate(item: unknown, player: PlayerID): FlowAction[] {
  if (!item || typeof item !== 'object') return [];
  const { move, event, args, payload } = item as { move?: unknown; event?: unknown; args?: unknown; payload?: { type?: unknown } };
  // boardgame.io's bots also accept ready-made actions ({ type: 'MAKE_MOVE', payload }); random play only moves and fires events.
  if (payload && typeof payload.type === 'string') {
    const read = fromBgioAction(item, { player });
    return read.ok && (read.action.type === 'move' || read.action.type === 'event') ? [read.action] : [];
  }
  const list = args === undefined ? [] : Array.isArray(args) ? args : [args];
  if (typeof move === 'string') return [{ type: 'move', name: move, args: list, playerID: player }];
  if (isEventName(event)) return [{ type: 'event', name: event, args: list, playerID: player }];
  return [];
}
