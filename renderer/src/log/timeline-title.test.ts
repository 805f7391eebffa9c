import { describe, expect, it } from 'vitest';
import { timelineTitle } from './Timeline';

describe("the timeline's tooltip", () => {
  it('counts each kind of mark in plain words, one and many', () => {
    expect(timelineTitle({ turns: [1], phases: [], problems: [], rejected: [3, 4] })).toBe(
      '1 turn · 0 phase changes · 0 steps with diagnostics · 2 refused steps',
    );
    expect(timelineTitle({ turns: [1, 2], phases: [1], problems: [5], rejected: [] })).toBe(
      '2 turns · 1 phase change · 1 step with diagnostics · 0 refused steps',
    );
  });
});
