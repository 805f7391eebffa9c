import { describe, expect, it } from 'vitest';
import { phasesToOpen } from './open-phases';
import { cycleModel } from './test-models';

describe('phasesToOpen', () => {
  it('opens the phases whose turn, stages or stage edges a lesson points at, not those of phase edges', () => {
    const model = cycleModel();
    expect(phasesToOpen(model, [{ stage: 'B' }])).toEqual(['main']);
    expect(phasesToOpen(model, [{ edge: 'stage-next:main/A->B' }, { turn: 'market' }])).toEqual(['main', 'market']);
    expect(phasesToOpen(model, [{ edge: 'next:gather->main' }, { phase: 'gather' }, { player: '0' }])).toEqual([]);
  });
});
