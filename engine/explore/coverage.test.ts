import { describe, expect, it } from 'vitest';
import { chartOf } from '../chart/build';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import { Session } from '../session/session';
import type { FlowAction, GameConfig } from '../types';
import { countStep, summariseCoverage, type CoverageCounts } from './coverage';

/** Deals one card a turn from `turn.onBegin`, passing the turn each time, until the deck is empty. */
const dealing = (startInDeal: boolean): GameConfig => ({
  setup: () => ({ deck: 6 }),
  phases: {
    lobby: { start: !startInDeal, next: 'deal', moves: { go: ({ events }: any) => events.endPhase() } },
    deal: {
      start: startInDeal,
      next: 'play',
      endIf: ({ G }: any) => G.deck === 0,
      turn: { onBegin: ({ G, events }: any) => void (G.deck--, events.endTurn()) },
    },
    play: { moves: { pass: ({ events }: any) => events.endTurn() } },
  },
});

function coverage(config: GameConfig, actions: FlowAction[]): { counts: CoverageCounts; turnEdge: (phase: string) => number } {
  const session = new Session({ runtime: bgio050, config, numPlayers: 3, seed: 'coverage' });
  for (const a of actions) session.dispatch(a);
  const model = chartOf(config, 3, bgio050);
  const counts: CoverageCounts = {};
  session.steps.forEach((record, i) => countStep(counts, model, record, i > 0 ? session.steps[i - 1] : null));
  const passes = (phase: string) =>
    session.steps.flatMap((r) => r.trace.transitions).filter((t) => t.type === 'turn-end' && t.phase === phase);
  const turnEdge = (phase: string) => {
    const edge = model.edges.find((e) => e.kind === 'turn' && e.phase === phase)!;
    // Every turn that ended in the phase but its last passed it on within the phase.
    expect(passes(phase).length).toBeGreaterThan(1);
    return counts[edge.id] ?? 0;
  };
  return { counts, turnEdge };
}

const move = (name: string, playerID: string): FlowAction => ({ type: 'move', name, args: [], playerID });

describe('coverage counts every turn passed within a phase', () => {
  it('in a step that also changes phase (dealt by turn.onBegin, then on to play)', () => {
    const { turnEdge } = coverage(dealing(false), [move('go', '0')]);
    // Six turns in deal: five passes within it, the sixth ends with the phase.
    expect(turnEdge('deal')).toBe(5);
  });

  it('while the game is created', () => {
    const { turnEdge } = coverage(dealing(true), []);
    expect(turnEdge('deal')).toBe(5);
  });

  it('in ordinary steps, once a pass', () => {
    const { turnEdge } = coverage(dealing(true), [move('pass', '0'), move('pass', '1')]);
    expect(turnEdge('play')).toBe(2);
  });
});

describe('coverage counts the stages the game starts players in', () => {
  it('from turn.activePlayers at creation, once a player', () => {
    const config: GameConfig = {
      phases: {
        lobby: {
          start: true,
          next: 'play',
          turn: { activePlayers: { all: 'ready' }, stages: { ready: { moves: { go: ({ events }: any) => events.endPhase() } } } },
        },
        play: {},
      },
    };
    const session = new Session({ runtime: bgio050, config, numPlayers: 3, seed: 'coverage' });
    session.dispatch(move('go', '1'));
    const model = chartOf(config, 3, bgio050);
    const counts: CoverageCounts = {};
    session.steps.forEach((record, i) => countStep(counts, model, record, i > 0 ? session.steps[i - 1] : null));
    expect(counts['stage:lobby/ready']).toBe(3);
  });
});

describe('never reached', () => {
  const summary = (config: GameConfig) => summariseCoverage(chartOf(config, 2, bgio050), config, {});
  const noPhaseEdges = (config: GameConfig) =>
    summary(config).neverReached.filter((i) => i.kind === 'edge' && i.id.includes('__nophase__'));

  it('leaves out the no-phase state’s edges when no phase leads to it, and keeps them when one does', () => {
    const loop: GameConfig = { moves: { go: () => {} }, phases: { a: { start: true, next: 'b' }, b: { next: 'a' } } };
    expect(noPhaseEdges(loop)).toEqual([]);
    const ends: GameConfig = { moves: { go: () => {} }, phases: { a: { start: true, next: 'b' }, b: {} } };
    expect(noPhaseEdges(ends).length).toBeGreaterThan(0);
  });
});
