import type { BgioState, FlowAction, PlayerID } from '../../types';
import type { DeclaredArguments } from './declared/declared-arguments';

/**
 * Where an action's arguments came from, most trusted first:
 * - `enumerate`: the game's own `ai.enumerate`;
 * - `generator`: the user's `--args` module;
 * - `recorded`: seen in recorded play (replays, the user's tests);
 * - `types`: the move's TypeScript parameter types (literal unions, enums, ranges the move checks):
 *   the game's own declaration of what a client may send;
 * - `no-arguments`: the move declares no parameters, so none are needed;
 * - `inferred`: found by running the move on a copy of the state with probe values;
 * - `state`: values found in `G`/`ctx` (ids, indexes, player IDs), the last resort;
 * - `missing`: the move takes parameters and no source had any: called without;
 * - `event`: a client event (its arguments, if any, are the declared stage or phase names).
 */
export type ArgSource = 'enumerate' | 'generator' | 'recorded' | 'types' | 'no-arguments' | 'inferred' | 'state' | 'missing' | 'event';

export const ARG_SOURCES: readonly ArgSource[] = [
  'enumerate',
  'generator',
  'recorded',
  'types',
  'no-arguments',
  'inferred',
  'state',
  'missing',
  'event',
];

/** The sources from most to least trusted: what a client sends, then what explore made up. */
const BY_TRUST: readonly ArgSource[] = [
  'enumerate',
  'generator',
  'recorded',
  'types',
  'no-arguments',
  'event',
  'inferred',
  'state',
  'missing',
];

/** Each source once, most trusted first. */
export const sortByTrust = (sources: Iterable<ArgSource>): ArgSource[] =>
  [...new Set(sources)].sort((a, b) => BY_TRUST.indexOf(a) - BY_TRUST.indexOf(b));

/** Sources whose arguments a real client sends: a throw with them is the game's bug, not explore's guess. */
export const isTrustedSource = (source: ArgSource) => source !== 'inferred' && source !== 'state' && source !== 'missing';

/** One action explore may play, and where its arguments came from. */
export interface CandidateAction {
  action: FlowAction;
  source: ArgSource;
}

/** What a `--args` generator is given for one move. */
export interface GeneratorInput {
  G: unknown;
  ctx: Record<string, unknown>;
  playerID: PlayerID;
}

/** A user's argument generator for one move: the argument lists a client would send in this state. */
export type ArgGenerator = (input: GeneratorInput) => unknown;

/** The argument sources beyond the game itself, given by the caller. */
export interface ArgumentSources {
  /** Argument lists seen in recorded play, by move name. */
  recorded?: Readonly<Record<string, readonly unknown[][]>>;
  /** The user's generators, by move name. */
  generators?: Readonly<Record<string, ArgGenerator>>;
  /** What the game's TypeScript source declares each move's arguments may be, by the move's config path (`declaredArguments`). */
  declared?: DeclaredSource;
}

/**
 * Declared argument types, or a function that reads them when first needed: reading a game's
 * TypeScript sources costs more than a short run of a game whose `ai.enumerate` always answers.
 */
export type DeclaredSource = Readonly<DeclaredArguments> | (() => Readonly<DeclaredArguments>);

export const declaredOf = (source: DeclaredSource | undefined): Readonly<DeclaredArguments> | undefined =>
  typeof source === 'function' ? source() : source;

/**
 * Which client events explore sends: `ui` (default) the events the game's client could send and
 * its config or code suggests a UI offers; `all` every event the client could send; `none`; or a list.
 */
export type EventSetting = 'ui' | 'all' | 'none' | readonly string[];

export interface CandidateOptions extends ArgumentSources {
  events?: EventSetting;
}

/** A state and the player to act in it. */
export interface StateAndPlayer {
  state: BgioState;
  playerID: PlayerID;
}
