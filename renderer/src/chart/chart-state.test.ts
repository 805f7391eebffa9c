import { describe, expect, it } from 'vitest';
import type { ChartValue } from '../../../engine/host/protocol';
import { computeHighlight, pickPhaseEdge, slotName, type StepLike } from './chart-state';
import { cycleModel, stagesModel } from './test-models';

const step = (chart: ChartValue, transitions: StepLike['transitions'] = [], ctx: StepLike['ctx'] = {}): StepLike => ({
  chart,
  transitions,
  ctx,
});
const turn = (phase: string, slots: Record<string, string>) => ({ [phase]: { turn: slots } }) as ChartValue;

describe('computeHighlight', () => {
  const model = cycleModel();

  it('places every player in its slot and lights the stages holding tokens', () => {
    const h = computeHighlight(model, step(turn('main', { 0: 'stage:A', 1: 'waiting', 2: 'stage:discard' })), null);
    expect(h.phase).toBe('main');
    expect([...h.slots].map(([p, s]) => `${p}=${slotName(s)}`)).toEqual(['0=main/stage:A', '1=main/waiting', '2=main/stage:discard']);
    expect([...h.stages].sort()).toEqual(['main/A', 'main/discard']);
  });

  it('puts everyone in gameover/none when the game is over', () => {
    const h = computeHighlight(model, step('gameover'), step(turn('market', { 0: 'active', 1: 'waiting', 2: 'waiting' })));
    expect(h.phase).toBe('gameover');
    expect([...h.slots.values()].map(slotName)).toEqual(['gameover/none', 'gameover/none', 'gameover/none']);
    expect([...h.taken]).toEqual(['gameover:market->gameover']);
  });

  it('takes the start edge on the first step', () => {
    expect([...computeHighlight(model, step(turn('gather', { 0: 'active' })), null).taken]).toEqual(['start:[*]->gather']);
  });

  it('picks the phase edge whose function the causes name, else the one whose label they name', () => {
    const before = step(turn('gather', { 0: 'active', 1: 'waiting', 2: 'waiting' }));
    const byEndIf = step(turn('main', { 0: 'active', 1: 'waiting', 2: 'waiting' }), [
      { type: 'phase-end', phase: 'gather', cause: 'phases.gather.endIf returned true' },
      { type: 'phase-begin', phase: 'main', cause: "phases.gather.next is 'main'" },
    ]);
    expect([...computeHighlight(model, byEndIf, before).taken]).toEqual(['endIf:gather->main']);
    const byEvent = step(turn('main', { 0: 'active', 1: 'waiting', 2: 'waiting' }), [
      { type: 'phase-end', phase: 'gather', cause: 'player 0 called endPhase()' },
      { type: 'phase-begin', phase: 'main', cause: "phases.gather.next is 'main'" },
    ]);
    expect([...computeHighlight(model, byEvent, before).taken]).toEqual(['next:gather->main']);
  });

  it('follows a step through several phases', () => {
    const h = computeHighlight(model, step(turn('market', { 0: 'active' })), step(turn('gather', { 0: 'active' })));
    expect(h.taken.size).toBe(0);
    const through = computeHighlight(
      model,
      step(turn('market', { 0: 'active' }), [
        { type: 'phase-begin', phase: 'main', cause: "phases.gather.next is 'main'" },
        { type: 'phase-begin', phase: 'market', cause: "phases.main.next is 'market'" },
      ]),
      step(turn('gather', { 0: 'active' })),
    );
    expect([...through.taken]).toEqual(['next:gather->main', 'next:main->market']);
  });

  it('lights the turn badge when the turn passes within a phase', () => {
    const h = computeHighlight(
      model,
      step(turn('gather', { 0: 'waiting', 1: 'active' }), [
        { type: 'turn-begin', phase: 'gather', player: '1', cause: 'the turn passed in turn order' },
      ]),
      step(turn('gather', { 0: 'active', 1: 'waiting' })),
    );
    expect([...h.taken]).toEqual(['turn:gather/gather->gather']);
  });

  it('lights the stage-next edge a player followed', () => {
    const h = computeHighlight(
      model,
      step(turn('main', { 0: 'stage:B', 1: 'stage:discard' })),
      step(turn('main', { 0: 'stage:A', 1: 'waiting' })),
    );
    expect([...h.taken]).toEqual(['stage-next:main/A->B']);
  });

  it('handles players the model does not list yet', () => {
    const h = computeHighlight(stagesModel(2), step(turn('play', { 0: 'active', 1: 'waiting', 9: 'stage:chooseCard' })), null);
    expect(slotName(h.slots.get('9')!)).toBe('play/stage:chooseCard');
  });
});

describe('pickPhaseEdge', () => {
  it('prefers a static edge when no cause names one', () => {
    expect(pickPhaseEdge(cycleModel(), 'gather', 'main', ['something else'])?.id).toBe('next:gather->main');
  });
  it('returns null when no edge joins the phases', () => {
    expect(pickPhaseEdge(cycleModel(), 'market', 'main', [])).toBeNull();
  });
});
