import { describe, expect, it } from 'vitest';
import { explainStep } from '../trace/explain';
import { RUNTIMES } from '../runtime/registry';
import { Session } from './session';
import type { GameConfig } from '../types';

const modern = RUNTIMES.filter((r) => r.version === '0.49.13' || r.version === '0.50.2');
const hook = (era: string, body: (events: any) => void) => (era === 'context' ? ({ events }: any) => body(events) : (_G: unknown, ctx: any) => body(ctx.events));

describe('transitions boardgame.io throws away', () => {
  for (const runtime of modern) {
    it(`marks the endless endTurn of turn.onBegin at setup as undone, and says so (${runtime.version})`, () => {
      const config: GameConfig = { moves: { m: () => undefined }, turn: { onBegin: hook(runtime.era, (events) => events.endTurn()) } };
      const session = new Session({ runtime, config, numPlayers: 2, seed: 's' });
      const step = session.steps[0];
      expect(step.ctx.turn).toBe(1);
      const live = step.trace.transitions.filter((t) => !t.rolledBack);
      expect(live.map((t) => `${t.type} ${t.turn}`)).toEqual(['phase-begin 1', 'turn-begin 1']);
      expect(step.trace.transitions.filter((t) => t.rolledBack).length).toBeGreaterThan(100);
      // What is left agrees with ctx: the last live turn is the turn ctx is in.
      expect(live[live.length - 1].turn).toBe(step.ctx.turn);
      expect(explainStep(step, null)).toMatch(/boardgame\.io then undid the \d+ transitions that events called from hooks asked for \(more than numPlayers × 100 turn endings in one update: an endless loop of events\), so the game starts at turn 1/);
    });
  }

  it('says the loop guard left the game in no phase, instead of an unexplained phase null', () => {
    const runtime = RUNTIMES.find((r) => r.version === '0.50.2')!;
    const config: GameConfig = {
      setup: () => ({ go: false }),
      moves: { go: ({ G }: any) => void (G.go = true) },
      phases: { a: { start: true, endIf: ({ G }: any) => G.go, next: 'b' }, b: { endIf: () => true, next: 'a' } },
    };
    const session = new Session({ runtime, config, numPlayers: 2, seed: 's' });
    const before = session.steps[0].ctx;
    const step = session.dispatch({ type: 'move', name: 'go', args: [], playerID: '0' });
    expect(step.ctx.phase).toBeNull();
    const guard = step.trace.transitions.filter((t) => t.loopGuard);
    expect(guard).toHaveLength(1);
    expect(guard[0]).toMatchObject({ type: 'phase-begin', phase: null, automatic: true });
    expect(guard[0].cause).toMatch(/loop guard: after phase b ended, the next phase was one that had already ended in this step \(a → b → …/);
    expect(explainStep(step, before)).toMatch(/^the game fell into no phase: boardgame\.io's loop guard/);
  });

  it('adds no loop guard where a phase without next simply leads to no phase', () => {
    const runtime = RUNTIMES.find((r) => r.version === '0.50.2')!;
    const session = new Session({ runtime, config: { moves: { m: () => undefined }, phases: { a: { start: true, endIf: () => true } } }, numPlayers: 2, seed: 's' });
    expect(session.steps[0].ctx.phase).toBeNull();
    expect(session.steps[0].trace.transitions.some((t) => t.loopGuard)).toBe(false);
    expect(session.steps[0].trace.transitions.some((t) => t.rolledBack)).toBe(false);
  });
});
