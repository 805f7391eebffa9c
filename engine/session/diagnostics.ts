import type { StepTrace, Transition } from '../trace/types';
import type { FlowAction, FlowCtx, GameConfig } from '../types';
import { describeCall } from '../trace/describe';
import { firstUnserialisable } from '../util/unserialisable';
import { describeUse, type EntropyUse, type GameRandomness } from './entropy';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable code, documented in docs/diagnostics.md. */
  code: string;
  severity: Severity;
  message: string;
}

const NO_SUSPECTS: ReadonlyMap<string, string> = new Map();

/**
 * What a step's trace says a user should look at. `suspects` maps config paths known to be
 * written wrongly for this release (the pre-0.50 `(G, ctx)` signature) to the lint's explanation.
 */
export function diagnoseTrace(trace: StepTrace, suspects: ReadonlyMap<string, string> = NO_SUSPECTS): Diagnostic[] {
  const out: Diagnostic[] = [];
  let named: Set<string> | undefined;
  for (const entry of trace.entries) {
    const suspect = suspects.size ? suspects.get(entry.fn) : undefined;
    if (suspect && !named?.has(entry.fn)) {
      (named ??= new Set()).add(entry.fn);
      out.push({ code: 'legacy-signature', severity: 'error', message: suspect });
    }
    if (entry.threw) out.push({ code: 'threw', severity: 'error', message: `${entry.fn} threw ${entry.threw}` });
    for (const ev of entry.events) {
      if (ev.outcome === 'applied' && ev.warning === undefined) continue;
      const call = `${entry.fn} called ${describeCall(ev.name, ev.args)}`;
      if (ev.outcome === 'applied')
        out.push({ code: 'event-warning', severity: 'warning', message: `${call}: applied, but ${ev.warning}` });
      if (ev.outcome === 'rejected') out.push({ code: 'event-rejected', severity: 'error', message: `${call}: rejected: ${ev.reason}` });
      else if (ev.outcome === 'dropped')
        out.push({ code: 'event-dropped', severity: 'warning', message: `${call}: dropped: ${ev.reason}` });
    }
  }
  for (const line of trace.logs) {
    if (line.source === 'boardgame.io' && line.text.startsWith('ERROR: invalid value returned')) {
      out.push({ code: 'bgio-error', severity: 'error', message: line.text.replace(/^ERROR:\s*/, '') });
    }
  }
  const twice = trace.transitions.length > 1 ? turnEndedTwice(trace) : null;
  if (twice) out.push({ code: 'turn-ended-twice', severity: 'warning', message: twice.message });
  return out;
}

/**
 * `turn-ended-twice`: boardgame.io (0.39 to 0.50) ended one turn twice in the step, and the game's
 * `turn.onEnd` (`hook`, its path) ran both times. It happens when ending the turn ends the phase (the
 * turn order's `next` returned undefined): ending the phase ends the current turn again, hook and all.
 */
export function turnEndedTwice(trace: StepTrace): { hook: string; message: string } | null {
  let ended: Transition | null = null;
  for (const t of trace.transitions) {
    if (t.type === 'turn-begin') ended = null;
    if (t.type !== 'turn-end' || t.rolledBack) continue;
    const hook = trace.entries[t.at];
    if (
      ended &&
      ended.turn === t.turn &&
      hook?.kind === 'hook' &&
      hook.fn.endsWith('turn.onEnd') &&
      trace.entries[ended.at]?.fn === hook.fn
    ) {
      return {
        hook: hook.fn,
        message:
          `turn ${t.turn} ended twice in this step, so ${hook.fn} ran twice for it: first because ${ended.cause}, then because ${t.cause}. ` +
          `boardgame.io ends the current turn again when it ends the phase, and whatever the hook does to G happens twice for one turn ` +
          `(guard it: remember in G the last turn it handled)`,
      };
    }
    ended = t;
  }
  return null;
}

/**
 * `unknown-player`: the step made `currentPlayer` or an active player an ID that is no seat of the
 * match ("0" to numPlayers - 1): no client plays it, so in a real match nobody can act for it.
 * Said once, at the step where it appears.
 */
export function diagnoseSeats(before: FlowCtx | null, after: FlowCtx, numPlayers: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (after.gameover !== undefined) return out;
  if (!isSeat(String(after.currentPlayer), numPlayers) && (!before || before.currentPlayer !== after.currentPlayer)) {
    out.push({
      code: 'unknown-player',
      severity: 'error',
      message: `currentPlayer is ${JSON.stringify(after.currentPlayer)}, which is no player of this ${numPlayers}-player match (${seatRange(numPlayers)}): the turn order returned a position outside playOrder (${JSON.stringify(after.playOrder)}), or playOrder names such a player`,
    });
  }
  const strangers = Object.keys(after.activePlayers ?? {}).filter(
    (id) => !isSeat(id, numPlayers) && !(before?.activePlayers && id in before.activePlayers),
  );
  if (strangers.length) {
    out.push({
      code: 'unknown-player',
      severity: 'error',
      message: `activePlayers names ${strangers.map((id) => `player ${JSON.stringify(id)}`).join(', ')}, who ${strangers.length === 1 ? 'is' : 'are'} no player of this ${numPlayers}-player match (${seatRange(numPlayers)}): no client can act for ${strangers.length === 1 ? 'it' : 'them'}`,
    });
  }
  return out;
}

/** Built only when there is something to say (diagnoseSeats runs every step). */
const seatRange = (numPlayers: number) => `players 0 to ${numPlayers - 1}`;

/** Whether `id` is a seat of a `numPlayers`-player match: "0" to numPlayers - 1, as boardgame.io's lobby hands them out. */
export function isSeat(id: string, numPlayers: number): boolean {
  return /^(0|[1-9]\d*)$/.test(id) && Number(id) < numPlayers;
}

const CLOCKS = new Set(['Date.now', 'new Date()', 'performance.now']);

/**
 * `nondeterministic-call`: game code read `Math.random`, the clock or `crypto` in this step. In
 * boardgame.io the server and every client run the same move and must compute the same state; these
 * give each a different result (and a different one again on every replay).
 */
export function diagnoseEntropy(uses: readonly EntropyUse[], mode: GameRandomness): Diagnostic[] {
  return uses.map((use) => {
    const fix = CLOCKS.has(use.api)
      ? 'pass the time in as a move argument (or keep it out of G)'
      : "use boardgame.io's `random` from the context it passes to setup, moves and hooks (`random.Number()`, `random.Shuffle(list)`, `random.D6()`; `ctx.random` before 0.50), which it seeds and replays";
    const here =
      mode === 'seeded'
        ? `Flowscope seeded it from the session seed and the step, so this step replays exactly here`
        : 'the sandbox is off, so re-running this step (seek, reload, check) may not give the state that was played';
    return {
      code: 'nondeterministic-call',
      severity: mode === 'seeded' ? 'warning' : 'error',
      message: `${describeUse(use)}: in boardgame.io the server and each client compute different results from it; ${fix}. ${here[0].toUpperCase()}${here.slice(1)}.`,
    };
  });
}

/** Every moves map of a config: the global one, each phase's, and each stage's (global turn and phases' turns). */
function movesMaps(config: GameConfig): object[] {
  const maps: unknown[] = [config.moves];
  const stagesOf = (turn: unknown) => Object.values((turn as { stages?: Record<string, { moves?: unknown }> } | undefined)?.stages ?? {});
  for (const stage of stagesOf(config.turn)) maps.push(stage?.moves);
  // Before 0.40 phases could also live under `flow.phases`.
  const phases = { ...(config.phases ?? {}), ...((config as { flow?: { phases?: object } }).flow?.phases ?? {}) };
  for (const phase of Object.values(phases as Record<string, { moves?: unknown; turn?: unknown }>)) {
    maps.push(phase?.moves);
    for (const stage of stagesOf(phase?.turn)) maps.push(stage?.moves);
  }
  return maps.filter((m): m is object => !!m && typeof m === 'object');
}

/**
 * `undeclared-move`: a move that ran (accepted, or rejected because game code threw) whose name the game declares nowhere. boardgame.io looks a
 * move up with \`in\`, which also finds what every object inherits (\`toString\`, \`constructor\`,
 * \`__proto__\`), and runs that as the move: the step stays as boardgame.io made it, and this says so.
 */
export function diagnoseUndeclaredMove(config: GameConfig, action: FlowAction, ran: boolean): Diagnostic[] {
  if (!ran || action.type !== 'move') return [];
  // Games of 0.26-0.32 come processed by `Game()`, whose `moveNames` is the releases' own list (0.26 keeps no `moves`).
  const named = (config as { moveNames?: unknown }).moveNames;
  if (Array.isArray(named) && named.includes(action.name)) return [];
  if (movesMaps(config).some((moves) => Object.prototype.hasOwnProperty.call(moves, action.name))) return [];
  return [
    {
      code: 'undeclared-move',
      severity: 'warning',
      message: `move ${JSON.stringify(action.name)} is declared nowhere in this game, yet boardgame.io ran it: it looks moves up with \`in\`, which also finds what every JavaScript object inherits, and ran that as the move. A real server does the same for any client that sends this name`,
    },
  ];
}

/**
 * `unserialisable-state`: the step made G something boardgame.io's server could not send or store as
 * JSON (a cycle, a BigInt, a function, a Map…). Said once, at the step that made it: `before` is the
 * G of the step before (null at setup).
 */
export function diagnoseUnserialisableG(before: unknown, after: unknown, atSetup: boolean): Diagnostic[] {
  if (!atSetup && before === after) return [];
  // What G shares with the state before was looked at then (or its problem was said then).
  const problem = firstUnserialisable(after, 'G', atSetup ? undefined : before);
  if (!problem || (!atSetup && firstUnserialisable(before, 'G'))) return [];
  return [
    {
      code: 'unserialisable-state',
      severity: 'error',
      message: `${problem}: boardgame.io's server sends and stores G as JSON, so a real match would fail or change here (Flowscope keeps running it as boardgame.io's Client does)`,
    },
  ];
}
