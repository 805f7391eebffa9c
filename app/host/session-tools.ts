import { replayOfGame } from '../game/replay-of-game';
import { declaredArgumentTypesWhenNeeded } from '../game/declared-types';
import {
  buildReport,
  chartOf,
  countStep,
  describeBreakpoint,
  exploreRuns,
  formatReplay,
  matchesStep,
  recordHits,
  summariseCoverage,
  type BgioState,
  type Breakpoint,
  type BreakHit,
  type ChartModel,
  type CoverageCounts,
  type CoverageView,
  type ExploreView,
  type Session,
  type StepFilter,
  type StepRecord,
} from '../../engine';
import type { OpenedGame } from '../game/open-session';
import { activity } from '../load/activity';
import { compilePredicate, type Predicate } from './predicate';

/** The session tools need the session, the chart it is drawn on, and the game it runs. */
export interface ToolContext {
  session: Session;
  model: ChartModel;
  opened: OpenedGame;
}

/** Indexes of the steps that pass `filter`, and how many pass. */
export function searchSteps(session: Session, filter: StepFilter, limit: number): { total: number; indexes: number[] } {
  const indexes: number[] = [];
  let total = 0;
  for (const record of session.steps) {
    if (!matchesStep(record, filter)) continue;
    total++;
    if (indexes.length < limit) indexes.push(record.index);
  }
  return { total, indexes };
}

/** Chart coverage of the session's steps. */
export function sessionCoverage({ session, model, opened }: ToolContext): CoverageView {
  const counts: CoverageCounts = {};
  session.steps.forEach((record, i) => countStep(counts, model, record, i > 0 ? session.steps[i - 1] : null));
  return {
    source: 'session',
    counts,
    neverReached: summariseCoverage(model, opened.game.config, counts).neverReached,
    steps: session.length,
  };
}

/** Seeded playouts of the session's game, in this thread (the host's worker is already watched). */
export function exploreGame({ session, opened }: ToolContext, options: { runs: number; steps: number; seed: string }): ExploreView {
  const game = {
    runtime: session.runtime,
    config: session.config,
    numPlayers: session.numPlayers,
    setupData: session.setupData,
    onGameCode: activity.gameCode,
    // The moves' declared TypeScript argument types, as `flowscope explore` reads them.
    play: { declared: declaredArgumentTypesWhenNeeded(opened) },
  };
  // A fresh model: explore must not mark edges observed on the live chart.
  const model = chartOf(session.config, session.numPlayers, session.runtime);
  let last = 0;
  const outcomes = exploreRuns(
    game,
    model,
    {
      ...options,
      onProgress: (run, doing) => {
        const now = Date.now();
        if (now - last < 200) return;
        last = now;
        activity.doing(`explore: ${doing} run ${run} of ${options.runs}`);
      },
    },
    Array.from({ length: options.runs }, (_, i) => i),
  );
  const report = buildReport(
    { game: opened.game.name, bgio: session.runtime.version, numPlayers: session.numPlayers, config: session.config },
    model,
    options,
    outcomes,
  );
  return {
    runs: report.runs,
    totalSteps: report.totalSteps,
    findings: report.findings.map((f) => ({
      key: f.key,
      kind: f.kind,
      location: f.location,
      message: f.message,
      count: f.count,
      runs: f.runs,
      firstRun: f.firstRun,
      firstStep: f.firstStep,
      replay: f.replay
        ? formatReplay(
            replayOfGame(opened, null, {
              numPlayers: session.numPlayers,
              seed: f.replay.seed,
              gameRandomness: session.gameRandomness,
              setupData: session.setupData,
              actions: f.replay.actions,
              expect: f.replay.expect,
            }),
          )
        : null,
      replayLength: f.replay?.actions.length ?? 0,
      originalLength: f.replay?.originalLength ?? 0,
      minimal: f.replay?.minimal ?? false,
      argSources: f.argSources,
      ...(f.guessedInReplay ? { guessedInReplay: f.guessedInReplay } : {}),
      ...(f.leavingEvents ? { leavingEvents: f.leavingEvents } : {}),
    })),
    notes: report.notes.map((n) => ({ move: n.move, message: n.message, accepted: n.accepted })),
    coverage: { source: 'explore', counts: report.counts, neverReached: report.coverage.neverReached, steps: report.totalSteps },
  };
}

/** Checks breakpoints step by step; predicates are compiled once. */
export class BreakpointChecker {
  private readonly predicates: { bp: Breakpoint; test: Predicate }[];

  constructor(private readonly breakpoints: readonly Breakpoint[]) {
    this.predicates = breakpoints
      .filter((bp) => bp.kind === 'predicate')
      .map((bp) => ({ bp, test: compilePredicate((bp as { source: string }).source) }));
  }

  get needsState(): boolean {
    return this.predicates.length > 0;
  }

  /** Why `record` pauses, or null. `state` is the state after it (needed only for predicates). */
  hit(record: StepRecord, previous: StepRecord | null, state: BgioState | null): string | null {
    for (const bp of this.breakpoints) if (bp.kind !== 'predicate' && recordHits(bp, record, previous)) return describeBreakpoint(bp);
    if (state) for (const { bp, test } of this.predicates) if (test(state.G, state.ctx)) return describeBreakpoint(bp);
    return null;
  }
}

/** The first step after `from` that hits a breakpoint. */
export function findBreak(session: Session, from: number, breakpoints: readonly Breakpoint[]): BreakHit | null {
  const checker = new BreakpointChecker(breakpoints);
  // Nothing after `from`: the breakpoints are only compiled (how the UI checks a condition before adding it).
  if (from >= session.length - 1) return null;
  if (!checker.needsState) {
    for (let i = from + 1; i < session.length; i++) {
      const reason = checker.hit(session.steps[i], session.steps[i - 1], null);
      if (reason) return { step: i, reason };
    }
    return null;
  }
  let found: BreakHit | null = null;
  const stop = new Error('found');
  try {
    session.walk((i, state) => {
      if (i <= from) return;
      const reason = checker.hit(session.steps[i], session.steps[i - 1], state);
      if (reason) {
        found = { step: i, reason };
        throw stop;
      }
    });
  } catch (error) {
    if (error !== stop) throw error;
  }
  return found;
}
