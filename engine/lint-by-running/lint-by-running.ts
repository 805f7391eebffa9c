import { RandomPlayer } from '../random/random-player';
import type { BgioRuntime } from '../runtime/bgio-runtime';
import { turnEndedTwice } from '../session/diagnostics';
import { ENDLESS_TURN_ENDINGS } from '../session/flow-guards';
import { Session, SessionError, SetupDataRejected } from '../session/session';
import type { FlowCtx, GameConfig } from '../types';
import { finding, type LintFinding } from '../lint/codes';

export interface ObservedLintOptions {
  numPlayers: number;
  /** Seeded random steps after setup (0: setup only). */
  steps?: number;
  seed?: string;
  /** What `setup` gets (`--setup-data`); none by default. */
  setupData?: unknown;
  /** Where in the game's own files a throw comes from (the loader's source map), named in the findings. */
  locateThrow?: (error: unknown) => string | undefined;
}

/**
 * Lint by running the game on its release: setup, then a short seeded random play (moves, and
 * only the endTurn, endStage and pass events). Finds
 * `end-if-on-entry`: a phase that ended through its `endIf` in the same step it began, i.e. before
 * any move was made in it (at setup, or after another phase ended); `unknown-player`: a current or
 * active player who is no seat of the match; `endless-event-loop`: hooks whose events end turns or
 * phases until boardgame.io's guard undoes them; `turn-ended-twice`: a phase's end that ended its
 * last turn again, running `turn.onEnd` twice for it; and `game-not-created`: the
 * release refuses the config, or creating the game throws (what every other command stops on).
 */
export function lintByRunning(config: GameConfig, runtime: BgioRuntime, options: ObservedLintOptions): LintFinding[] {
  let session: Session;
  try {
    session = new Session({
      runtime,
      config,
      numPlayers: options.numPlayers,
      seed: options.seed ?? 'lint',
      setupData: options.setupData,
      locateThrow: options.locateThrow,
    });
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    const given = options.setupData !== undefined && options.setupData !== null;
    // A game that asks for setup data it was not given says so itself.
    if (!given && error instanceof SetupDataRejected) return [];
    const data = given ? 'the setup data given' : 'no setup data: give it with --setup-data if the game needs some';
    return [
      finding(
        'game-not-created',
        undefined,
        `${error.message} (${options.numPlayers} players, ${data}): every command that runs the game stops there too.`,
      ),
    ];
  }
  // What follows reads the phases API's transitions; the flow API's games are only created.
  if (runtime.era === 'flow') return [];
  // Only what a player's client offers besides moves: a phase forced by a random setPhase would
  // find endIf conditions the game itself never meets there.
  const player = new RandomPlayer({ seed: options.seed ?? 'lint', events: ['endTurn', 'endStage', 'pass'] });
  const found = new Map<string, LintFinding>();
  const inspect = (index: number, before: FlowCtx | null) => {
    const record = session.steps[index];
    const stranger = record.diagnostics.find((d) => d.code === 'unknown-player');
    if (stranger && !found.has('unknown-player')) {
      const when = index === 0 ? 'When the game began' : `At step ${index} of a seeded random play`;
      found.set('unknown-player', finding('unknown-player', undefined, `${when}, ${stranger.message}.`));
    }
    // The step's diagnostic says whether it happened; the detector, run again only then, names the hook.
    const twice =
      !found.has('turn-ended-twice') && record.diagnostics.some((d) => d.code === 'turn-ended-twice') ? turnEndedTwice(record.trace) : null;
    if (twice) {
      const when = index === 0 ? 'When the game began' : `At step ${index} of a seeded random play`;
      found.set('turn-ended-twice', finding('turn-ended-twice', twice.hook, `${when}, ${twice.message}.`));
    }
    if (!found.has('endless-event-loop')) {
      const looping = record.trace.entries.find((e) =>
        e.events.some((ev) => ev.outcome === 'rejected' && ENDLESS_TURN_ENDINGS.test(ev.reason ?? '')),
      );
      if (looping) {
        const names = [...new Set(record.trace.entries.filter((e) => e.events.length && e.fn !== looping.fn).map((e) => `\`${e.fn}\``))];
        const others = names.length ? ` (with ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''})` : '';
        const event = looping.events.find((ev) => ENDLESS_TURN_ENDINGS.test(ev.reason ?? ''))!;
        const when = index === 0 ? 'when the game began' : `at step ${index} of a seeded random play`;
        found.set(
          'endless-event-loop',
          finding(
            'endless-event-loop',
            looping.fn,
            `\`${looping.fn}\` calls ${event.name}() every time it runs${others}, so ${when} turns or phases ended one after another without end: boardgame.io gave up ("Maximum number of turn endings exceeded") and undid every event of that action. Call it only when the turn or phase is really over.`,
          ),
        );
      }
    }
    const live = record.trace.transitions.filter((t) => !t.rolledBack);
    const guard = live.some((t) => t.loopGuard);
    for (const t of live) {
      if (t.type !== 'phase-end' || t.phase === null || !/endIf returned/.test(t.cause)) continue;
      if (before && before.phase === t.phase) continue;
      const path = `phases.${t.phase}.endIf`;
      if (found.has(path)) continue;
      // Hooks may do the phase's work within the same step (deal every card in turn.onBegin): then
      // endIf was false at first. Only an endIf true at every check of this step was true on entry.
      const checks = record.trace.entries.slice(0, t.at).filter((e) => e.fn === path && !e.threw);
      if (checks.some((e) => !e.returned)) continue;
      const when = index === 0 ? 'when the game began' : `when it began at step ${index} of a seeded random play`;
      found.set(
        path,
        finding(
          'end-if-on-entry',
          path,
          `\`${path}\` was already true ${when} (${options.numPlayers} players), so phase \`${t.phase}\` ended before any move${guard ? ", and boardgame.io's loop guard then left the game in no phase" : ''}; make it false until the phase has done its work.`,
        ),
      );
    }
  };
  inspect(0, null);
  for (let i = 0; i < (options.steps ?? 0); i++) {
    const before = session.steps[session.lastIndex].ctx;
    let action;
    try {
      action = player.choose(session);
    } catch {
      break;
    }
    if (!action) break;
    try {
      session.dispatch(action);
    } catch {
      break;
    }
    inspect(session.lastIndex, before);
  }
  return [...found.values()];
}
