import { describe, expect, it } from 'vitest';
import type { BgioState } from '../../engine';
import { GAMES, recordActions, tracedSession } from './games';

const flowState = (state: unknown) => {
  const { G, ctx } = state as BgioState;
  return JSON.stringify({ G, ctx });
};

// The trace-cost row times a traced session against each release's bare reducer on the same
// actions: that is only a fair ratio while both reach the same states.
describe('the bench games', () => {
  for (const game of GAMES) {
    it(`${game.release} (${game.label}): the bare reducer reaches every state the traced session does`, async () => {
      const actions = await recordActions(game, 300, 'agree');
      const { session } = await tracedSession(game, actions, 'agree');
      const traced: string[] = [];
      session.walk((index, state) => {
        if (index > 0) traced.push(flowState(state));
      });
      const bare: string[] = [];
      await game.bare(actions, 'agree', (state) => bare.push(flowState(state)));
      expect(bare).toHaveLength(actions.length);
      expect(bare).toEqual(traced);
      // Not a game that refuses everything: most actions change the state.
      const changed = traced.filter((s, i) => s !== (i === 0 ? null : traced[i - 1])).length;
      expect(changed).toBeGreaterThan(actions.length / 2);
    });
  }
});
