import { describe, expect, it } from 'vitest';
import { event, runScenario } from '../../testing/phases-check';
import { core, internal } from './bgio';
import { bgio039 } from './bgio039-runtime';

/** `setStage(Stage.NULL)` before 0.42.1 (0.43 and 0.49: ../phases-era/events.test.ts). */
const runtime = bgio039;

describe('0.39.16 flow features that differ from 0.43.3 and 0.49.13', () => {
  it('setStage(Stage.NULL) does nothing (it makes the player active without a stage from 0.42.1)', () => {
    const { session, mismatches } = runScenario(runtime, internal, {
      numPlayers: 3,
      config: () => ({ moves: { m: () => undefined } }),
      actions: [event('setStage', [core.Stage.NULL])],
    });
    expect(mismatches).toEqual([]);
    expect(session.step(1).ok).toBe(true);
    expect(session.step(1).ctx.activePlayers).toBeNull();
  });
});
