import { describe, expect, it } from 'vitest';
import { chartOf } from '../../chart/build';
import { RandomPlayer } from '../../random/random-player';
import { bgio050 } from '../../runtime/bgio-050/bgio050-runtime';
import { Session } from '../../session/session';
import type { GameConfig } from '../../types';
import { buildReport } from '../report';
import { exploreRuns, type ExploreOptions } from '../runs';
import { showsFinding } from '../shrink';
import cardBug from '../testing/card-bug';
import deadEndPhase from '../testing/dead-end-phase';
import gridClaim from '../testing/grid-claim';
import rareThrow from '../testing/rare-throw';
import { candidateActions } from './candidates';
import { ArgGeneratorError } from './generator';
import type { CandidateOptions } from './sources';

function explore(config: GameConfig, play: CandidateOptions = {}, options: Partial<ExploreOptions> = {}) {
  const game = { runtime: bgio050, config, numPlayers: 2, play };
  const model = chartOf(config, 2, bgio050);
  const all: ExploreOptions = { runs: 12, steps: 60, seed: 'args', ...options };
  const outcomes = exploreRuns(
    game,
    model,
    all,
    Array.from({ length: all.runs }, (_, i) => i),
  );
  return { game, report: buildReport({ game: String(config.name), bgio: bgio050.version, numPlayers: 2, config }, model, all, outcomes) };
}

const session = (config: GameConfig) => new Session({ runtime: bgio050, config, numPlayers: 2, seed: 's' });

describe('candidate actions: arguments a real client would send', () => {
  it('claim(x, y) on a 3×3 board without ai.enumerate: the nine cells, inferred from how the move indexes the board', () => {
    const moves = candidateActions(session(gridClaim), '0').filter((c) => c.action.type === 'move');
    expect(moves.map((c) => (c.action.type === 'move' ? c.action.args : null))).toEqual(
      [0, 1, 2].flatMap((x) => [0, 1, 2].map((y) => [x, y])),
    );
    expect(new Set(moves.map((c) => c.source))).toEqual(new Set(['inferred']));
  });

  it('a card id compared with the hand’s cards: the ids in the player’s own hand', () => {
    const moves = candidateActions(session(cardBug), '0').filter((c) => c.action.type === 'move');
    expect(moves.map((c) => (c.action.type === 'move' ? c.action.args : null))).toEqual([['p0c0'], ['p0c1'], ['p0c2'], ['p0c3']]);
  });

  it('ai.enumerate that offers nothing although moves are legal: the random player falls back to the other sources', () => {
    const game: GameConfig = { ...gridClaim, ai: { enumerate: () => [] } };
    const s = session(game);
    const chosen = new RandomPlayer({ seed: 'x', events: 'none' }).chooseCandidate(s);
    expect(chosen?.action).toMatchObject({ type: 'move', name: 'claim' });
    expect(chosen?.source).toBe('inferred');
    expect(s.dispatch(chosen!.action).ok).toBe(true);
  });

  it('recorded play and --args generators are sources of their own; a generator wins for its move', () => {
    const s = session(gridClaim);
    const recorded = candidateActions(s, '0', { recorded: { claim: [[2, 2]] } }).filter((c) => c.source === 'recorded');
    expect(recorded.map((c) => c.action)).toEqual([{ type: 'move', name: 'claim', args: [2, 2], playerID: '0' }]);
    const generated = candidateActions(s, '0', { generators: { claim: () => [[1, 1]] } }).filter((c) => c.action.type === 'move');
    expect(generated).toEqual([{ action: { type: 'move', name: 'claim', args: [1, 1], playerID: '0' }, source: 'generator' }]);
  });

  it('a generator that throws or returns something else than a list of argument lists: one clear error naming the move', () => {
    const s = session(gridClaim);
    const call = (generate: () => unknown) => () => candidateActions(s, '0', { generators: { claim: generate } });
    expect(
      call(() => {
        throw new Error('boom');
      }),
    ).toThrow(new ArgGeneratorError('claim', 'threw: Error: boom'));
    expect(call(() => 3)).toThrow('the --args generator for move `claim` returned number 3, not a list of argument lists');
    expect(call(() => [[1], 2])).toThrow('returned a list whose item 1 is number 2, not an argument list (an array)');
  });

  it('events: by default only those a UI plausibly offers (endTurn where no move ends the turn); --events overrides', () => {
    const free: GameConfig = { name: 'free', setup: () => ({ n: 0 }), moves: { add: ({ G }: any) => void G.n++ } };
    const events = (config: GameConfig, opts?: CandidateOptions) =>
      candidateActions(session(config), '0', opts)
        .filter((c) => c.action.type === 'event')
        .map((c) => (c.action.type === 'event' ? c.action.name : ''));
    expect(events(free)).toEqual(['endTurn']);
    expect(events(gridClaim)).toEqual([]);
    expect(events(gridClaim, { events: ['endTurn'] })).toEqual(['endTurn']);
    expect(events(free, { events: 'none' })).toEqual([]);
    expect(events(free, { events: 'all' })).toContain('pass');
  });
});

describe('explore with argument sources', () => {
  it('a clean game with coordinate arguments and no ai.enumerate: the move is played, and nothing is reported', () => {
    const { report } = explore(gridClaim);
    expect(report.findings).toEqual([]);
    expect(report.counts['move:moves.claim']).toBeGreaterThan(20);
    expect(report.endings.gameover).toBe(report.runs);
  });

  it('a card game whose bug needs a valid card id: the throw is found with its argument source, and the minimal replay shows it', () => {
    const { game, report } = explore(cardBug);
    expect(report.findings.map((f) => [f.kind, f.location, f.argSource])).toEqual([['threw', 'moves.play', 'inferred']]);
    const replay = report.findings[0].replay!;
    expect(replay.actions.at(-1)).toMatchObject({ name: 'play', args: ['p1c3'] });
    expect(showsFinding(game, replay.seed, replay.actions, report.findings[0])).toBe(true);
  });

  it('made-up arguments that the move cannot use are a coverage note, not a finding', () => {
    const tokens: GameConfig = {
      name: 'tokens',
      setup: () => ({ tokens: {} as Record<string, { uses: number }> }),
      moves: { spend: ({ G }: any, token: string) => void G.tokens[token].uses++ },
      endIf: ({ ctx }: any) => (ctx.turn > 6 ? { draw: true } : undefined),
    };
    const { report } = explore(tokens, {}, { runs: 4 });
    expect(report.findings).toEqual([]);
    expect(report.notes.map((n) => [n.move, n.accepted])).toEqual([['spend', false]]);
    expect(report.notes[0].message).toMatch(/^explore could not find valid arguments for `spend` \(tried spend\(/);
  });

  it('a throw with arguments from a trusted source (ai.enumerate) stays a finding', () => {
    const { report } = explore({ ...cardBug, ai: { enumerate: () => [{ move: 'play', args: ['nope'] }] } }, {}, { runs: 2 });
    expect(report.findings.map((f) => [f.kind, f.location, f.argSource])).toEqual([['threw', 'moves.play', 'enumerate']]);
  });

  it('a phase only a client event leaves: a dead end naming the phase and the events, with a minimal replay; not with --events all', () => {
    const { game, report } = explore(deadEndPhase);
    const deadEnd = report.findings.find((f) => f.kind === 'dead-end');
    expect(deadEnd?.location).toBe("phase bidding, the current player's turn");
    expect(deadEnd?.leavingEvents).toContain('endPhase');
    expect(deadEnd?.replay?.actions).toHaveLength(2);
    expect(showsFinding(game, deadEnd!.replay!.seed, deadEnd!.replay!.actions, deadEnd!)).toBe(true);
    expect(explore(deadEndPhase, { events: 'all' }).report.findings.filter((f) => f.kind === 'dead-end')).toEqual([]);
  });

  it('declared types given as a function are read only when a move first needs arguments no other source gave', () => {
    let reads = 0;
    const declared = () => {
      reads++;
      return {};
    };
    // rare-throw's ai.enumerate always answers: its moves never need another source.
    const player = new RandomPlayer({ seed: 'lazy', arguments: { declared } });
    const enumerated = session(rareThrow as unknown as GameConfig);
    for (let i = 0; i < 20; i++) enumerated.dispatch(player.chooseCandidate(enumerated)!.action);
    expect(reads).toBe(0);
    // claim(x, y) has no ai.enumerate: the first choice asks for the types.
    candidateActions(session(gridClaim as unknown as GameConfig), '0', { declared });
    expect(reads).toBeGreaterThan(0);
  });
});
