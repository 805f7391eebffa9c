import { describe, expect, it } from 'vitest';
import type { GameConfig } from '../../types';
import { move, runScenario } from '../../testing/phases-check';
import { internal } from './bgio';
import { bgio039 } from './bgio039-runtime';

/** 0.39.16 has no serializability check (0.43.3, #896); 0.43 and 0.49 are tested in ../phases-era/releases.test.ts. */
const runtime = bgio039;

describe('game code gets 0.39.16’s boardgame.io/plugins, and its state checks', () => {
  it('non-serializable state in G is accepted (checked from 0.43.3, #896)', () => {
    const config = (): GameConfig => ({ moves: { stamp: (G: any) => void (G.when = new Date(0)) } });
    const { session, mismatches } = runScenario(runtime, internal, { numPlayers: 2, config, actions: [move('stamp')] });
    expect(mismatches).toEqual([]);
    expect(session.step(1).ok).toBe(true);
    expect((session.currentState.G as { when: unknown }).when).toBeInstanceOf(Date);
  });
});
