import { LRUCache } from 'lru-cache';
import { declaredArgumentTypesWhenNeeded } from '../game/declared-types';
import { releasesOffered } from '../load/installed-copy';
import { replayOfGame } from '../game/replay-of-game';
import { openRecorded } from '../game/open-recorded';
import type { SessionRecorder } from './session-recorder';
import { locationOf } from '../game/game-location';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  describeAction,
  ChartActor,
  chartOf,
  cloneGraph,
  diffValues,
  enumeratedActions,
  explainStep,
  findGames,
  firstDivergence,
  comparableSteps,
  formatReplay,
  parseReplay,
  phaseNames,
  RUNTIMES,
  projectCtx,
  RandomPlayer,
  Session,
  stageNames,
  type FlowAction,
  type BgioState,
  type GameEntry,
  type HostApi,
  type HostEvent,
  type LessonEntry,
  type LessonView,
  type OpenRequest,
  type PlayerID,
  type ReloadResult,
  type ReportedStateView,
  type ReplayFile,
  stateDifference,
  type SessionView,
  type StepDetail,
  type TimelineMarks,
  type StepRecord,
  type StepSummary,
  type Breakpoint,
  type BreakHit,
  type CoverageView,
  type ExploreView,
  type StepFilter,
} from '../../engine';
import { activity } from '../load/activity';
import { lintOpenedGame } from '../game/lint-game';
import { BreakpointChecker, exploreGame, findBreak, searchSteps, sessionCoverage } from './session-tools';
import { chooseRandom, defaultPlayerCount, newSession, openGame, type OpenedGame } from '../game/open-session';
import { lessonView, listLessons } from '../lessons/lesson-library';

/** Suggested moves listed per player (ai.enumerate can offer hundreds). */
const MAX_SUGGESTED = 60;

export interface SessionHostOptions {
  fixturesDir: string;
  emit(event: HostEvent): void;
  /** Register each chart actor with XState's devtools (for an inspect server in this thread). */
  devTools?: boolean;
  /** Told what the session's replay records: each game opened, each action dispatched. */
  recorder?: SessionRecorder;
}

interface Current {
  opened: OpenedGame;
  session: Session;
  actor: ChartActor;
  lint: SessionView['lint'];
  random: RandomPlayer;
}

const PROGRESS_EVERY = 50;
const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
/** A replay reports progress about 20 times, at most every 250 steps. */
const REPLAY_PROGRESS_EVERY = 250;

/** Raised for a request the host cannot honour; the message is for the user. */
export class HostError extends Error {
  override name = 'HostError';
}

/** How many steps' details the host keeps (stepping back and forth within them re-derives nothing). */
const KEPT_DETAILS = 512;

/** The parts of a step's detail derived from its state and the one before. */
type StateDetail = Pick<StepDetail, 'G' | 'fullCtx' | 'diff' | 'available' | 'suggested'>;

/**
 * Runs sessions for a UI: the implementation of `HostApi` behind the browser-mode server and the
 * desktop app. It executes game code, so it belongs in a watched worker thread.
 */
export class SessionHost implements HostApi {
  private current: Current | null = null;
  /**
   * The details of the steps viewed last. Read only: the worker serialises every answer, and nothing
   * here changes them. Bounded: each holds its step's G and ctx, and playing back or browsing a long
   * session would otherwise keep every state it showed.
   */
  private readonly details = new LRUCache<StepRecord, StateDetail>({ max: KEPT_DETAILS });

  constructor(private readonly options: SessionHostOptions) {}

  async listGames(): Promise<GameEntry[]> {
    const dir = this.options.fixturesDir;
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => existsSync(path.join(dir, name, 'game.ts')))
      .sort()
      .map((name) => ({ id: name, label: name, kind: 'fixture' as const, description: fixtureLine(path.join(dir, name, 'README.md')) }));
  }

  async open(request: OpenRequest): Promise<SessionView> {
    const file = this.resolveGame(request.game);
    const opened = await openGame(file, request.exportName, request.bgio, undefined, {
      gameRandomness: request.gameRandomness,
      gamePath: request.gamePath,
      factoryArgs: request.factoryArgs,
      stubModules: request.stubModules,
    });
    const numPlayers = request.numPlayers ?? defaultPlayerCount(opened.game);
    return this.start(opened, numPlayers, request.seed ?? randomSeed(), request.setupData ?? null);
  }

  async restart({ numPlayers, seed, setupData }: { numPlayers: number; seed: string; setupData?: unknown }): Promise<SessionView> {
    const opened = this.need().opened;
    return this.start(opened, numPlayers, seed, setupData ?? null);
  }

  async view(): Promise<SessionView | null> {
    return this.current ? this.makeView(this.current) : null;
  }

  async dispatch(action: FlowAction, at?: number | null): Promise<StepSummary> {
    const c = this.need();
    if (typeof at === 'number' && at < c.session.lastIndex) c.session.truncate(at);
    activity.doing(`step ${c.session.length}: ${describeAction(action)}`);
    const record = c.session.dispatch(action);
    this.follow(c, record);
    return this.summary(c, record.index);
  }

  async dispatchLive(
    action: FlowAction | null,
    reported: ReportedStateView | null,
    notes: string[],
    viewer?: PlayerID | null,
  ): Promise<StepSummary> {
    const c = this.need();
    let record: StepRecord;
    if (action) {
      activity.doing(`followed step ${c.session.length}: ${describeAction(action)}`);
      record = c.session.dispatch(action);
      this.follow(c, record);
    } else record = c.session.step(c.session.lastIndex);
    for (const message of notes) c.session.addDiagnostic(record.index, { code: 'live-log-gap', severity: 'warning', message });
    if (reported) {
      const config = c.opened.game.config;
      // A multiplayer client only holds its player's view of G.
      const view =
        viewer !== undefined && typeof config.playerView === 'function'
          ? (s: { G: unknown; ctx: Record<string, unknown> }) => ({
              G: config.playerView({ G: s.G, ctx: s.ctx, playerID: viewer }),
              ctx: s.ctx,
            })
          : undefined;
      const d = stateDifference(record.index, c.session.stateAt(record.index), reported as never, view);
      if (d) {
        c.session.addDiagnostic(record.index, {
          code: 'live-mismatch',
          severity: 'error',
          message: `the followed game's state differs from Flowscope's after this step: ${d.path} is ${JSON.stringify(d.ours)} here and ${JSON.stringify(d.theirs)} in the game (randomness outside boardgame.io's random plugin, another version of the game file, or a step the game did not report)`,
        });
      }
    }
    return this.summary(c, record.index);
  }

  /** Set by `cancelLongWork`: the random run under way stops at its next chunk. */
  private cancelled = false;

  /** Stops the random run under way (its client left) after the current chunk. */
  cancelLongWork(): void {
    this.cancelled = true;
  }

  async random(count: number, breakpoints?: Breakpoint[] | null): Promise<StepSummary[]> {
    const c = this.need();
    this.cancelled = false;
    const first = c.session.length;
    const checker = breakpoints?.length ? new BreakpointChecker(breakpoints) : null;
    for (let done = 0; done < count; done++) {
      const action = chooseRandom(c.random, c.session);
      if (!action) break;
      activity.doing(`random step ${c.session.length}: ${describeAction(action)}`);
      const record = c.session.dispatch(action);
      this.follow(c, record);
      if (checker?.hit(record, c.session.step(record.index - 1), checker.needsState ? c.session.currentState : null)) break;
      if ((done + 1) % PROGRESS_EVERY === 0) {
        this.options.emit({ type: 'progress', done: done + 1, total: count });
        // Let the worker answer other requests (other clients' reads) between chunks of a long run.
        await yieldToOtherRequests();
        if (this.cancelled) break;
      }
    }
    this.options.emit({ type: 'progress', done: count, total: count });
    return this.steps(first, c.session.lastIndex);
  }

  async steps(from: number, to: number): Promise<StepSummary[]> {
    const c = this.need();
    const out: StepSummary[] = [];
    for (let i = Math.max(0, from); i <= Math.min(to, c.session.lastIndex); i++) out.push(this.summary(c, i));
    return out;
  }

  async timeline(): Promise<TimelineMarks> {
    const { session } = this.need();
    const marks: TimelineMarks = { length: session.length, phases: [], turns: [], rejected: [], problems: [] };
    session.steps.forEach((record, i) => {
      const before = i > 0 ? session.steps[i - 1].ctx : null;
      if (before && (before.phase !== record.ctx.phase || (before.gameover === undefined) !== (record.ctx.gameover === undefined)))
        marks.phases.push(i);
      if (before && before.turn !== record.ctx.turn) marks.turns.push(i);
      if (!record.ok) marks.rejected.push(i);
      if (record.diagnostics.some((d) => d.severity !== 'info')) marks.problems.push(i);
    });
    return marks;
  }

  async step(index: number): Promise<StepDetail> {
    const c = this.need();
    const record = c.session.step(index);
    const ctx = record.ctx;
    const { G, fullCtx, diff, available, suggested } = this.stateDetail(c, record);
    return {
      ...this.summary(c, index),
      trace: record.trace,
      diagnostics: record.diagnostics,
      G,
      fullCtx,
      diff,
      available,
      suggested,
      stages: stageNames(c.session.config, ctx.phase),
    };
  }

  /**
   * What a step's detail derives from the states (re-derived by the reducer): kept per step
   * record, so stepping back and forth re-derives nothing. A record is never replaced in place;
   * truncating, reloading or reopening makes new ones. A kept G and ctx are the step's state
   * exactly (the session's own, or a private copy for the last step), so the next step's diff
   * starts from them: a new step's detail re-derives no state.
   */
  private stateDetail(c: Current, record: StepRecord): StateDetail {
    const known = this.details.get(record);
    if (known) return known;
    const { session } = c;
    const index = record.index;
    const kept = index > 0 ? this.details.get(session.step(index - 1)) : undefined;
    // Else read-only views of the states (no copies); the one before first, so stepping forward replays one action.
    const before = index === 0 ? null : kept ? { G: kept.G, ctx: kept.fullCtx } : session.viewAt(index - 1);
    const view = session.viewAt(index);
    // Game code (ai.enumerate) gets a copy of what it reads, and the detail of the last step
    // another (the next dispatch changes the live state): the session's own states, and what the
    // detail keeps, stay as they were.
    const state = index === session.lastIndex ? copyOfState(view) : view;
    const available: Record<string, string[]> = {};
    for (const player of c.actor.model.players) available[player] = session.game.availableMoves(state, player);
    // A game without ai.enumerate suggests nothing, and needs no copy of the state for it.
    const suggested = session.game.enumerates ? suggestedMoves(session, copyOfState(view), c.actor.model.players, available) : null;
    const detail: StateDetail = {
      G: state.G,
      fullCtx: state.ctx,
      diff: { G: before ? diffValues(before.G, state.G) : [], ctx: before ? diffValues(before.ctx, state.ctx) : [] },
      available,
      suggested,
    };
    this.details.set(record, detail);
    return detail;
  }

  async exportReplay(): Promise<string> {
    const c = this.need();
    return formatReplay(this.recordOf(c, c.session.actions()));
  }

  async openReplay(text: string, replayPath?: string | null): Promise<SessionView> {
    const replay = parseReplay(text);
    let gameFile = this.current?.opened.module.file;
    if (replay.game.file) {
      const candidate = path.isAbsolute(replay.game.file)
        ? replay.game.file
        : path.resolve(replayPath ? path.dirname(replayPath) : process.cwd(), replay.game.file);
      if (existsSync(candidate)) gameFile = candidate;
    }
    if (!gameFile)
      throw new HostError(
        `the replay's game file ${replay.game.file ?? '(none named)'} was not found; open the game first, then the replay`,
      );
    const total = replay.actions.length;
    const what = `opening replay${replayPath ? ` ${path.basename(replayPath)}` : ''}`;
    const every = Math.max(1, Math.min(REPLAY_PROGRESS_EVERY, Math.ceil(total / 20)));
    const opening: { view?: SessionView } = {};
    await openRecorded(
      gameFile,
      replay,
      {},
      {
        started: (opened, session) => (opening.view = this.start(opened, replay.numPlayers, replay.seed, replay.setupData, session)),
        stepped: (_opened, _session, record, i) => {
          this.follow(this.need(), record);
          if ((i + 1) % every === 0) this.options.emit({ type: 'progress', done: i + 1, total, what });
        },
      },
    );
    this.options.emit({ type: 'progress', done: total, total, what });
    return { ...opening.view!, length: this.need().session.length };
  }

  async reload(): Promise<ReloadResult> {
    const c = this.need();
    let opened: OpenedGame;
    try {
      opened = await openGame(c.opened.module.file, c.opened.game.exportName, c.opened.runtime.version, undefined, {
        ...c.opened.options,
        gameRandomness: c.opened.module.gameRandomness,
      });
    } catch (error) {
      // A broken edit: keep running the last good version.
      return { ok: false, error: (error as Error).message };
    }
    const old = c.session;
    const actions = old.actions();
    const view = this.start(opened, old.numPlayers, old.seed, old.setupData);
    const next = this.need();
    for (const action of actions) {
      activity.doing(`replaying step ${next.session.length} on the new code: ${describeAction(action)}`);
      this.follow(next, next.session.dispatch(action));
    }
    const divergence = firstDivergence(comparableSteps(old), comparableSteps(next.session));
    return { ok: true, view: { ...view, length: next.session.length }, replayed: actions.length, divergence };
  }

  async listLessons(): Promise<LessonEntry[]> {
    return listLessons(this.options.fixturesDir);
  }

  async lesson(id: string): Promise<LessonView> {
    return lessonView(this.options.fixturesDir, id);
  }

  async searchSteps(filter: StepFilter, limit?: number | null): Promise<{ total: number; steps: StepSummary[] }> {
    const c = this.need();
    const { total, indexes } = searchSteps(c.session, filter, limit ?? 1000);
    return { total, steps: indexes.map((i) => this.summary(c, i)) };
  }

  async coverage(): Promise<CoverageView> {
    const c = this.need();
    return sessionCoverage({ session: c.session, model: c.actor.model, opened: c.opened });
  }

  async explore(options: { runs: number; steps: number; seed: string }): Promise<ExploreView> {
    const c = this.need();
    return exploreGame({ session: c.session, model: c.actor.model, opened: c.opened }, options);
  }

  async findBreak(from: number, breakpoints: Breakpoint[]): Promise<BreakHit | null> {
    return findBreak(this.need().session, from, breakpoints);
  }

  /** Makes `session` (else a new one) the current session, and records its opening. */
  private start(opened: OpenedGame, numPlayers: number, seed: string, setupData: unknown, session?: Session): SessionView {
    session ??= newSession(opened, numPlayers, seed, setupData);
    const actor = new ChartActor(chartOf(opened.game.config, numPlayers, opened.runtime), { devTools: this.options.devTools });
    actor.sync(session.steps[0].ctx);
    const lint = lintOpenedGame(opened);
    this.current?.actor.stop();
    const random = new RandomPlayer({ seed, restartOnGameOver: false, arguments: { declared: declaredArgumentTypesWhenNeeded(opened) } });
    this.current = { opened, session, actor, lint, random };
    const { actions: _none, ...header } = this.recordOf(this.current, []);
    this.options.recorder?.opened(header, opened.module.inputs);
    return this.makeView(this.current);
  }

  /** The session's replay (with `actions`), its game named by its absolute path. */
  private recordOf({ opened, session }: Current, actions: FlowAction[]): ReplayFile {
    return replayOfGame(opened, null, {
      numPlayers: session.numPlayers,
      seed: session.seed,
      gameRandomness: session.gameRandomness,
      setupData: session.setupData,
      actions,
    });
  }

  /** Keeps the chart and the record up with a step just dispatched. */
  private follow(c: Current, record: StepRecord): void {
    if (record.action) this.options.recorder?.appended(record.index, record.action);
    const before = record.index > 0 ? c.session.step(record.index - 1).ctx : null;
    const causes = record.trace.transitions.filter((t) => !t.rolledBack).map((t) => t.cause);
    if (c.actor.sync(record.ctx, { before, causes })) this.options.emit({ type: 'session', view: this.makeView(c) });
  }

  private summary(c: Current, index: number): StepSummary {
    const record = c.session.step(index);
    const before = index > 0 ? c.session.step(index - 1).ctx : null;
    const transitions: StepSummary['transitions'] = [];
    for (const t of record.trace.transitions)
      if (!t.rolledBack) transitions.push({ type: t.type, phase: t.phase, player: t.player, cause: t.cause, automatic: t.automatic });
    let errors = 0;
    let warnings = 0;
    for (const d of record.diagnostics) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
    }
    return {
      index,
      action: record.action,
      ok: record.ok,
      error: record.error,
      ctx: record.ctx,
      explanation: explainStep(record, before),
      transitions,
      problems: { errors, warnings },
      chart: projectCtx(record.ctx, c.actor.model.players),
    };
  }

  private makeView(c: Current): SessionView {
    const { opened, session } = c;
    const config = opened.game.config;
    return {
      game: {
        name: opened.game.name,
        file: opened.module.file,
        exportName: opened.game.exportName,
        bgio: opened.runtime.version,
        sha256: opened.module.sha256,
        inputs: opened.module.inputs,
        bgioReason: opened.releaseReason,
        ...locationOf(opened.options),
      },
      releases: releasesOffered(
        RUNTIMES.map((r) => r.version),
        opened.runtime.version,
      ),
      otherGames: findGames(opened.module.exports)
        .map((g) => g.exportName)
        .filter((n) => n !== opened.game.exportName),
      numPlayers: session.numPlayers,
      seed: session.seed,
      gameRandomness: session.gameRandomness,
      setupData: session.setupData,
      length: session.length,
      players: [...c.actor.model.players],
      chart: c.actor.model,
      lint: c.lint,
      enabledEvents: [...session.game.enabledEvents],
      phases: phaseNames(config),
      playerRange: { min: config.minPlayers, max: config.maxPlayers },
    };
  }

  private resolveGame(game: string): string {
    const fixture = path.join(this.options.fixturesDir, game, 'game.ts');
    if (!game.includes('/') && !game.includes('\\') && existsSync(fixture)) return fixture;
    return path.resolve(game);
  }

  private need(): Current {
    if (!this.current) throw new HostError('no game is open');
    return this.current;
  }
}

function fixtureLine(readme: string): string | undefined {
  if (!existsSync(readme)) return undefined;
  return readFileSync(readme, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('#'));
}

function randomSeed(): string {
  return Math.random().toString(36).slice(2, 10);
}

/**
 * The moves `ai.enumerate` gives each player that they may make now (each player's first
 * MAX_SUGGESTED), from `state`, a copy the game code may write to; null when it throws.
 */
function suggestedMoves(
  session: Session,
  state: BgioState,
  players: readonly string[],
  available: Record<string, string[]>,
): StepDetail['suggested'] {
  let suggested: StepDetail['suggested'] = null;
  try {
    for (const player of players) {
      const actions = enumeratedActions(session, state, player);
      // Nothing for this player (it returned nothing for them): the others may still have some.
      if (!actions) continue;
      const moves: { name: string; args: unknown[] }[] = [];
      for (const a of actions) {
        if (moves.length === MAX_SUGGESTED) break;
        if (a.type === 'move' && available[player].includes(a.name)) moves.push({ name: a.name, args: a.args });
      }
      (suggested ??= {})[player] = moves;
    }
  } catch {
    // A throwing ai.enumerate must not hide the step; the controls fall back to typed arguments.
    return null;
  }
  return suggested;
}

/** A copy of `state` whose G and ctx are private (immer's frozen parts stay shared). */
function copyOfState(state: BgioState): BgioState {
  return { ...state, ...cloneGraph({ G: state.G, ctx: state.ctx }, true) };
}
