import { describe, expect, it } from 'vitest';
import { chartOf } from '../chart/build';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import type { GameConfig } from '../types';
import { buildReport } from './report';
import { exploreRuns, type ExploreOptions } from './runs';
import { showsFinding } from './shrink';
import endlessEndIf from './testing/endless-endif';
import rareThrow from './testing/rare-throw';
import cardBug from './testing/card-bug';
import stalePick from './testing/stale-pick';
import stuckAfterSequence from './testing/stuck-after-sequence';
import unreachableStage from './testing/unreachable-stage';
import cardPhases from '../../fixtures/card-phases/game';

function explore(config: GameConfig, options: Partial<ExploreOptions> = {}, numPlayers = 2) {
  const game = { runtime: bgio050, config, numPlayers };
  const model = chartOf(config, numPlayers, bgio050);
  const all: ExploreOptions = { runs: 20, steps: 40, seed: 'test', ...options };
  const outcomes = exploreRuns(
    game,
    model,
    all,
    Array.from({ length: all.runs }, (_, i) => i),
  );
  return { game, report: buildReport({ game: config.name, bgio: bgio050.version, numPlayers, config }, model, all, outcomes) };
}

/** Removing any one action from a minimal replay loses the finding. */
function expectOneMinimal(game: Parameters<typeof showsFinding>[0], group: ReturnType<typeof explore>['report']['findings'][number]) {
  const replay = group.replay!;
  expect(showsFinding(game, replay.seed, replay.actions, group)).toBe(true);
  for (let i = 0; i < replay.actions.length; i++) {
    expect(
      showsFinding(
        game,
        replay.seed,
        replay.actions.filter((_, j) => j !== i),
        group,
      ),
    ).toBe(false);
  }
}

describe('explore finds each kind of hidden flow bug and shrinks it', () => {
  it('a stage given to a player outside the match: stuck (no seat can act), with the unknown-player diagnostic, and never played as that player', () => {
    const ghost: GameConfig = {
      name: 'ghost',
      setup: () => ({ priest: -1, votes: 0, played: 0 }),
      moves: { play: ({ G, events }: any) => void ((G.played += 1), events.endTurn()) },
      turn: {
        onBegin: ({ G, ctx, events }: any) => {
          if (ctx.turn > 2) events.setActivePlayers({ value: { [String(G.priest)]: 'vote' } });
        },
        stages: { vote: { moves: { vote: ({ G }: any) => void (G.votes += 1) } } },
      },
    };
    const { report } = explore(ghost, { runs: 3, steps: 20 });
    expect(report.findings.find((f) => f.kind === 'stuck')?.location).toBe('phase (none), stages [vote]');
    const unknown = report.findings.find((f) => f.kind === 'diagnostic' && /unknown-player/.test(f.location));
    expect(unknown?.message).toBe(
      'activePlayers names player "-1", who is no player of this 2-player match (players 0 to 1): no client can act for it',
    );
    expect(unknown?.replay?.actions).toHaveLength(2);
  });

  it('a stuck state reachable only after one sequence: found, and shrunk to exactly that sequence', () => {
    const { game, report } = explore(stuckAfterSequence, { runs: 30, steps: 30 });
    const stuck = report.findings.find((f) => f.kind === 'stuck');
    expect(stuck?.location).toBe("phase trap, the current player's turn");
    expect(report.endings.stuck).toBe(stuck!.runs);
    const replay = stuck!.replay!;
    expect(replay.minimal).toBe(true);
    // play, play, arm (at 2), play, play: the shortest way in.
    expect(replay.actions.map((a) => (a.type === 'move' ? a.name : a.type))).toEqual(['play', 'play', 'arm', 'play', 'play']);
    expect(replay.originalLength).toBeGreaterThan(replay.actions.length);
    expectOneMinimal(game, stuck!);
    // The expectations end in the trap phase, so `flowscope check` pins the behaviour.
    expect(replay.expect.at(-1)).toMatchObject({ step: 5, phase: 'trap', ok: true });
    expect(report.findings.filter((f) => f.kind !== 'stuck')).toEqual([]);
  });

  it('an unreachable stage: listed as never reached while its sibling is counted', () => {
    const { report } = explore(unreachableStage, { runs: 10, steps: 30 }, 3);
    const ids = report.coverage.neverReached.map((i) => i.id);
    expect(ids).toContain('stage:__nophase__/orphan');
    expect(ids).toContain('move:turn.stages.orphan.moves.wander');
    expect(ids).not.toContain('stage:__nophase__/respond');
    expect(report.counts['stage:__nophase__/respond']).toBeGreaterThan(0);
    expect(report.counts['move:moves.challenge']).toBeGreaterThan(0);
  });

  it('a throw that needs an earlier move with made-up arguments says so, and names every source of its replay', () => {
    const { report } = explore(stalePick as unknown as GameConfig, { runs: 6, steps: 30 });
    const play = report.findings.find((f) => f.location === 'moves.play')!;
    // The throwing step's own action takes no arguments; the replay's choose(...) had none a client sends.
    expect(play.argSource).toBe('no-arguments');
    const chooseAt = play.replay!.actions.findIndex((a) => a.type === 'move' && a.name === 'choose');
    expect(chooseAt).toBeGreaterThanOrEqual(0);
    const madeUp = play.replay!.sources![chooseAt];
    expect(['state', 'missing']).toContain(madeUp);
    // The step that shows it was judged on its own; the earlier guessed ones are counted.
    const earlier = play.replay!.sources!.slice(0, -1);
    expect(play.guessedInReplay).toBe(earlier.filter((s) => s === 'state' || s === 'missing').length);
    expect(play.guessedInReplay).toBeGreaterThanOrEqual(1);
    // Every source of the replay, most trusted first: the throwing step's own, then the made-up one last.
    expect(play.argSources[0]).toBe('no-arguments');
    expect(play.argSources.at(-1)).toBe(madeUp);
    expect(new Set(play.argSources)).toEqual(new Set([play.argSource, ...play.replay!.sources!]));
    // A finding whose replay plays only arguments a client sends carries no such warning; nor one
    // whose earlier actions' arguments were inferred from how the move uses them and accepted.
    const { report: rare } = explore(rareThrow as unknown as GameConfig);
    expect(rare.findings[0].guessedInReplay).toBeUndefined();
    expect(rare.findings[0].argSources).toEqual(['enumerate']);
    const { report: cards } = explore(cardBug as unknown as GameConfig);
    const star = cards.findings.find((f) => f.location === 'moves.play')!;
    expect(star.replay!.actions.length).toBeGreaterThan(1);
    expect(star.argSources).toEqual(['inferred']);
    expect(star.guessedInReplay).toBeUndefined();
  });

  it('a move that throws on a rare path: found, with a two-action replay', () => {
    const { game, report } = explore(rareThrow, { runs: 20, steps: 40 });
    const threw = report.findings.find((f) => f.kind === 'threw');
    expect(threw?.location).toBe('moves.pick');
    expect(threw!.message).toContain('no card after a seven');
    const replay = threw!.replay!;
    // The finding shows at the step after the last action kept: pick(7), then the throwing pick(3).
    expect(replay.actions.map((a) => (a.type === 'move' ? a.args[0] : null))).toEqual([7, 3]);
    expect(replay.originalLength).toBeGreaterThan(2);
    expectOneMinimal(game, threw!);
  });

  it("an endless endIf chain: boardgame.io's loop guard is reported where it fired", () => {
    const { game, report } = explore(endlessEndIf, { runs: 5, steps: 20 });
    const guard = report.findings.find((f) => f.kind === 'loop-guard');
    expect(guard?.location).toBe('phases.a.endIf');
    // Three increments are needed; any endTurn kept is one the next increment's player needs.
    expect(guard!.replay!.actions.filter((a) => a.type === 'move')).toHaveLength(3);
    expect(guard!.replay!.actions.length).toBeLessThanOrEqual(guard!.replay!.originalLength);
    expectOneMinimal(game, guard!);
    // The chain's phases are counted, and the edge from b back to a was taken.
    expect(report.counts['next:b->a']).toBeGreaterThan(0);
  });

  it('a flawless game has no findings, and the report does not depend on how runs are split', () => {
    const split = (parts: number[][]) => {
      const model = chartOf(endlessEndIf, 2, bgio050);
      const options = { runs: 6, steps: 10, seed: 's' };
      const outcomes = parts.flatMap((runs) =>
        exploreRuns({ runtime: bgio050, config: endlessEndIf, numPlayers: 2 }, model, options, runs),
      );
      return buildReport({ game: 'x', bgio: bgio050.version, numPlayers: 2, config: endlessEndIf }, model, options, outcomes);
    };
    expect(
      split([
        [0, 2, 4],
        [1, 3, 5],
      ]),
    ).toEqual(split([[0, 1, 2, 3, 4, 5]]));
    const clean = explore({ setup: () => ({}), moves: { noop: () => {} } }, { runs: 3, steps: 15 });
    expect(clean.report.findings).toEqual([]);
    expect(clean.report.endings.stuck).toBe(0);
    expect(clean.report.totalSteps).toBeGreaterThan(0);
  });

  it("coverage follows the flow: a next function's chosen edge, the endIf that ended the phase, game over", () => {
    const { report } = explore(cardPhases, { runs: 4, steps: 200, checkDeterminism: false });
    for (const id of [
      'next:draw->play',
      'endIf:draw->play',
      'next-fn:play->draw',
      'next-fn:play->scoring',
      'endIf:play->scoring',
      'gameover',
      'phase:scoring',
      'move:phases.scoring.moves.Score',
    ]) {
      expect(report.counts[id], id).toBeGreaterThan(0);
    }
    expect(report.coverage.neverReached.map((i) => i.id)).toEqual(expect.arrayContaining(['end:scoring->__nophase__']));
  });
});
