import { normaliseConfig } from '../../config/normalise';
import { GAMEOVER, NO_PHASE } from '../../chart/model';
import { expectationOf } from '../../replay/replay-file';
import { isSeat } from '../../session/diagnostics';
import { SessionError, type Session, type StepRecord } from '../../session/session';
import type { BgioState, FlowAction, FlowCtx } from '../../types';
import { cloneGraph } from '../../util/clone-graph';
import { coverageId, type CoverageCounts } from '../coverage';
import { findingKey, findingsOfStep, type Finding } from '../findings';
import { classifyStep } from '../step-findings';
import { blockedFinding, creationFailureLocation, newExploreSession, type ExploreGame } from '../playout';
import type { ArgSource, CandidateOptions } from '../arguments/sources';
import type { MinimalReplay } from '../shrink';
import { searchActions, type SearchAction } from './search-actions';
import { hashKey, stateKey } from './state-key';
import { StateTable } from './state-table';

/** `--max-states`' default: about 40 MB of search bookkeeping, plus the states of two depth levels. */
export const DEFAULT_MAX_STATES = 1_000_000;

/** Shards split the first frontier with at least this many states per shard (so each slice gets several). */
export const SHARD_FRONTIER_PER_SHARD = 4;

export interface ExhaustiveOptions {
  seed: string;
  /** Expand states up to this many actions from the start (default: no limit). */
  maxDepth?: number;
  /** Stop once this many distinct states are found. */
  maxStates?: number;
  /**
   * Search only the `index`-th (0-based) of `count` slices of the frontier: every shard searches
   * the levels before the shard depth in full, then keeps the frontier states whose position in the
   * (deterministic) frontier is `index` modulo `count`. The shard depth is `atDepth`, by default the
   * first depth whose frontier holds at least `SHARD_FRONTIER_PER_SHARD` states per shard.
   */
  shard?: { index: number; count: number; atDepth?: number };
  /** Told after each state is expanded (for a watchdog and a progress bar): distinct states, depth, findings so far. */
  onProgress?: (states: number, depth: number, findings: number) => void;
  /** Where moves' arguments come from and which client events are sent, as in random runs (default: inference and UI events). */
  sources?: CandidateOptions;
  /** The actions tried from a state (default `searchActions` with `sources`). */
  actions?: (session: Session, state: BgioState) => SearchAction[];
}

/** A finding of the search: its first (shallowest) occurrence, how many steps showed it, and the shortest path to it. */
export interface ExhaustiveFinding extends Finding {
  count: number;
  /** Where the arguments of its last action came from. */
  source: SearchAction['source'] | 'setup';
  replay: MinimalReplay;
}

export interface ExhaustiveResult {
  distinctStates: number;
  /** Actions from the start to the deepest state found. */
  depth: number;
  /** Every state reachable (within the shard's slice) was expanded. */
  exhausted: boolean;
  stoppedBy: 'exhausted' | 'depth' | 'max-states' | 'setup-failed';
  /** States expanded, reducer calls made, and steps re-run traced to classify them. */
  expanded: number;
  transitions: number;
  traced: number;
  /** Distinct states by how they end: game over, stuck, or left unexpanded at the depth limit. */
  gameover: number;
  stuck: number;
  /** States where no move is accepted and only client events no UI offers lead on. */
  deadEnd: number;
  unexpanded: number;
  findings: ExhaustiveFinding[];
  /** States per phase, per stage, game-over states, and accepted moves (by config path). */
  coverage: CoverageCounts;
  /** Bytes held by the table of seen states. */
  tableBytes: number;
  /** Each distinct state's 64-bit hash (hi, lo pairs), when sharded: merging shards unites them. */
  hashes?: Uint32Array;
  /** When sharded: the depth whose frontier was split (undefined when the search ended before one was large enough). */
  shardDepth?: number;
}

interface Node {
  state: BgioState;
  id: number;
}

/**
 * Breadth-first search over the game's distinct states (see `stateKey`), each expanded with
 * every action `searchActions` offers on the untraced reducer. Only the steps that may show a
 * finding (game code threw or called an event, an accepted step logged something or read entropy,
 * the phase changed, a player outside the seats became active, nobody could act) are run again traced; since states are
 * expanded in order of depth, the first step showing a finding ends its shortest path, which is
 * kept as a replay.
 */
export function exhaustiveSearch(game: ExploreGame, options: ExhaustiveOptions): ExhaustiveResult {
  const maxStates = options.maxStates ?? DEFAULT_MAX_STATES;
  const actionsOf = options.actions ?? ((session: Session, state: BgioState) => searchActions(session, state, options.sources));
  const findings = new Map<string, ExhaustiveFinding>();
  const coverage: CoverageCounts = {};
  const result: ExhaustiveResult = {
    distinctStates: 0,
    depth: 0,
    exhausted: false,
    stoppedBy: 'exhausted',
    expanded: 0,
    transitions: 0,
    traced: 0,
    gameover: 0,
    stuck: 0,
    deadEnd: 0,
    unexpanded: 0,
    findings: [],
    coverage,
    tableBytes: 0,
  };
  let session: Session;
  try {
    session = newExploreSession(game, options.seed);
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    const f: Finding = { kind: 'threw', location: creationFailureLocation(error), step: 0, message: error.message };
    result.findings.push({ ...f, count: 1, source: 'setup', replay: replayOf(game, options.seed, []) });
    return { ...result, stoppedBy: 'setup-failed' };
  }
  const table = new StateTable();
  const moves = movePaths(session);
  const along = (id: number) => pathAlong(session, table.pathTo(id), actionsOf);
  const note = (f: Finding, path: () => { actions: FlowAction[]; sources: ArgSource[] }, source: ExhaustiveFinding['source']) => {
    const key = findingKey(f);
    const seen = findings.get(key);
    if (seen) seen.count++;
    else {
      const { actions, sources } = path();
      findings.set(key, { ...f, count: 1, source, replay: replayOf(game, options.seed, actions, sources) });
    }
  };
  for (const f of findingsOfStep(session.steps[0])) note(f, () => ({ actions: [], sources: [] }), 'setup');

  const initial = cloneGraph(session.viewAt(0), true);
  const first = hashKey(stateKey(initial.G, session.game.readCtx(initial)));
  let frontier: Node[] = [{ state: initial, id: table.add(first[0], first[1], -1, 0) }];
  countState(coverage, session.game.readCtx(initial), result);
  let depth = 0;
  search: while (frontier.length) {
    if (options.maxDepth !== undefined && depth >= options.maxDepth) {
      result.stoppedBy = 'depth';
      result.unexpanded = frontier.filter((n) => session.game.readCtx(n.state).gameover === undefined).length;
      break;
    }
    const shard = options.shard;
    if (shard && result.shardDepth === undefined) {
      const here = shard.atDepth === undefined ? frontier.length >= shard.count * SHARD_FRONTIER_PER_SHARD : depth === shard.atDepth;
      if (here) {
        result.shardDepth = depth;
        frontier = frontier.filter((_, i) => i % shard.count === shard.index);
      }
    }
    const next: Node[] = [];
    for (let n = 0; n < frontier.length; n++) {
      const { state, id } = frontier[n];
      const before = session.game.readCtx(state);
      if (before.gameover !== undefined) continue;
      const actions = actionsOf(session, state);
      let accepted = false;
      for (let i = 0; i < actions.length; i++) {
        const { action, source } = actions[i];
        const step = session.expand(cloneGraph(state, true), action, depth + 1);
        result.transitions++;
        let ok = step.error === null;
        const ctx = ok ? session.game.readCtx(step.state) : before;
        if (
          step.error?.type === 'flowscope/threw' ||
          (!ok && step.calledEvents) ||
          (ok && (step.signalled || ctx.phase !== before.phase || offSeat(ctx, session.numPlayers)))
        ) {
          result.traced++;
          const { record } = session.stepFrom(cloneGraph(state, true), action, depth + 1);
          // The trace knows what the untraced run cannot: an event refused by a logged line only.
          ok = record.ok;
          // A throw explained by an argument explore made up is a guess of its own, not a finding (as in random runs).
          const { findings: found } = classifyStep(session, record, action, source, options.sources?.declared, state);
          for (const f of found)
            note(
              f,
              () => {
                const path = along(id);
                return { actions: [...path.actions, action], sources: [...path.sources, source] };
              },
              source,
            );
        }
        if (!ok) continue;
        accepted = true;
        countMove(coverage, moves, before, action);
        const [hi, lo] = hashKey(stateKey(step.state.G, ctx));
        if (table.has(hi, lo)) continue;
        if (table.size >= maxStates) {
          result.stoppedBy = 'max-states';
          result.unexpanded = frontier.length - n + next.length;
          break search;
        }
        next.push({ state: step.state, id: table.add(hi, lo, id, i) });
        countState(coverage, ctx, result);
        result.depth = depth + 1;
      }
      result.expanded++;
      if (!accepted) {
        // Nothing the search tries was accepted: the traced check tries every move and event.
        result.traced++;
        const replay = newExploreSession(game, options.seed);
        const path = along(id);
        const { actions, source } = path;
        for (const action of actions) replay.dispatch(action);
        const blocked = blockedFinding(replay, options.sources);
        if (blocked) {
          if (blocked.kind === 'stuck') result.stuck++;
          else result.deadEnd++;
          note(blocked, () => path, source);
        }
      }
      options.onProgress?.(table.size, depth, findings.size);
    }
    frontier = next;
    depth++;
  }
  result.distinctStates = table.size;
  result.exhausted = result.stoppedBy === 'exhausted';
  result.tableBytes = table.bytes;
  result.findings = [...findings.values()];
  if (options.shard) result.hashes = table.hashes();
  return result;
}

/** The actions along a path of action indexes, replayed untraced from the first state, where each one's arguments came from, and the last one's. */
function pathAlong(
  session: Session,
  indexes: readonly number[],
  actionsOf: (session: Session, state: BgioState) => SearchAction[],
): { actions: FlowAction[]; sources: ArgSource[]; source: ExhaustiveFinding['source'] } {
  let state = cloneGraph(session.viewAt(0), true);
  const actions: FlowAction[] = [];
  const sources: ArgSource[] = [];
  indexes.forEach((index, depth) => {
    const chosen = actionsOf(session, state)[index];
    actions.push(chosen.action);
    sources.push(chosen.source);
    state = session.expand(state, chosen.action, depth + 1).state;
  });
  return { actions, sources, source: sources.at(-1) ?? 'setup' };
}

/** A replay of `actions` with the expectations of each step, so `flowscope check` turns it into a test. */
function replayOf(game: ExploreGame, seed: string, actions: FlowAction[], sources?: ArgSource[]): MinimalReplay {
  let expect: MinimalReplay['expect'] = [];
  try {
    const session = newExploreSession(game, seed);
    for (const action of actions) session.dispatch(action);
    expect = session.steps.map((s: StepRecord) => expectationOf(s.index, s.ok, s.ctx));
  } catch {
    expect = [];
  }
  return { seed, actions, expect, originalLength: actions.length, tests: 0, minimal: true, ...(sources ? { sources } : {}) };
}

/** An active player (or the current player) outside the match's seats: the `unknown-player` diagnostic. */
function offSeat(ctx: FlowCtx, numPlayers: number): boolean {
  if (ctx.gameover !== undefined) return false;
  if (ctx.activePlayers) return Object.keys(ctx.activePlayers).some((id) => !isSeat(id, numPlayers));
  return !isSeat(String(ctx.currentPlayer), numPlayers);
}

function bump(counts: CoverageCounts, id: string): void {
  counts[id] = (counts[id] ?? 0) + 1;
}

/** A distinct state counts once for its phase, each stage a player is in, or game over. */
function countState(counts: CoverageCounts, ctx: FlowCtx, result: ExhaustiveResult): void {
  if (ctx.gameover !== undefined) {
    result.gameover++;
    bump(counts, GAMEOVER);
    return;
  }
  const phase = ctx.phase ?? NO_PHASE;
  bump(counts, coverageId.phase(phase));
  for (const stage of new Set(Object.values(ctx.activePlayers ?? {})))
    if (typeof stage === 'string') bump(counts, coverageId.stage(phase, stage));
}

/** The config paths of every declared move, to name an accepted move as the chart does. */
function movePaths(session: Session): Set<string> {
  try {
    return new Set(
      normaliseConfig(session.config)
        .functions.filter((f) => f.kind === 'move')
        .map((f) => f.path),
    );
  } catch {
    return new Set();
  }
}

function countMove(counts: CoverageCounts, paths: ReadonlySet<string>, ctx: FlowCtx, action: FlowAction): void {
  if (action.type !== 'move') return;
  const stage = ctx.activePlayers?.[action.playerID ?? ctx.currentPlayer];
  const candidates = [
    ...(stage ? [`phases.${ctx.phase}.turn.stages.${stage}.moves.${action.name}`, `turn.stages.${stage}.moves.${action.name}`] : []),
    `phases.${ctx.phase}.moves.${action.name}`,
    `moves.${action.name}`,
  ];
  const found = candidates.find((p) => paths.has(p));
  if (found) bump(counts, coverageId.move(found));
}
