import { describe, expect, it } from 'vitest';
import { observeMatrix } from '../../testing/events-matrix';
import { internal } from './bgio';
import { bgio039 } from './bgio039-runtime';

/** Events from `setup` on 0.39.16 (the rest of its permission matrix: ../phases-era/events.test.ts). */
const runtime = bgio039;

describe('the event permission matrix of 0.39.16, observed: nothing is refused (that came with 0.46/0.47)', () => {
  const table = observeMatrix(runtime, internal);

  it('endGame from setup crashes InitializeGame, in the session as in the bare reducer (fixed in 0.43.0, #888)', () => {
    expect(table.setup.endGame).toEqual({
      outcome: 'X',
      reason: 'creating the game failed: TypeError: state.deltalog is not iterable',
      mismatch: false,
    });
  });
});
