import { describe, expect, it } from 'vitest';
import { giveNameScope } from '../name-scope';
import { lintConfig } from '../lint';
import { nondeterministicLines } from './nondeterministic';

const Phases = { DEAL: 'deal', PLAY: 'play' };

describe('lint on real-game corners', () => {
  it("leaves a stage's own `name` alone and points a stage's move limits to where players enter it", () => {
    const findings = lintConfig({
      moves: { pass: () => {} },
      turn: { stages: { bidding: { name: 'bidding', moves: { bid: () => {} }, minMoves: 1, maxMoves: 2 } } },
    }).filter((f) => f.code === 'unknown-key');
    expect(findings.map((f) => f.path).sort()).toEqual(['turn.stages.bidding.maxMoves', 'turn.stages.bidding.minMoves']);
    for (const f of findings) {
      expect(f.message).not.toMatch(/moveLimit`\?|did you mean `moveLimit`/);
      expect(f.message).toMatch(/where players enter the stage/);
    }
  });

  it("proposes one of the game's own phases in a fix, and follows setPhase through a constant of the module", () => {
    const pick = (name: string) => name;
    const dynamic = lintConfig({
      phases: {
        deal: { start: true, moves: { go: ({ events, G }: any) => events.setPhase(pick(G.to)) } },
        play: { moves: { pass: () => {} } },
      },
    }).find((f) => f.code === 'dynamic-next');
    expect(dynamic?.message).toContain("setPhase('deal')");
    expect(dynamic?.message).not.toContain('draw');

    const config = {
      phases: {
        [Phases.DEAL]: { start: true, moves: { go: ({ events }: any) => events.setPhase(Phases.PLAY) } },
        [Phases.PLAY]: { moves: { pass: () => {} } },
      },
    };
    giveNameScope(config, (expression) => (expression === 'Phases.PLAY' ? Phases.PLAY : undefined));
    const codes = lintConfig(config).map((f) => f.code);
    expect(codes).not.toContain('dynamic-next');
    expect(codes).not.toContain('unreachable-phase');
  });

  it("calls `_` lodash or underscore, and underscore's own import underscore", () => {
    const lines = nondeterministicLines('deck.js', ['_.shuffle(xs);', '(0, import_underscore.default.shuffle)(xs);'].join('\n'));
    expect(lines.map((l) => l.message.split(':').slice(0, 2).join(':'))).toEqual([
      'deck.js:1 calls _.shuffle (lodash or underscore)',
      'deck.js:2 calls underscore shuffle',
    ]);
  });
});
