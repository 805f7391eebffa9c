import { describe, expect, it } from 'vitest';
import type { StepSummary } from '../../../engine/host/protocol';
import { StepSummaries } from './step-summaries';

const step = (index: number, tag = ''): StepSummary => ({ index, explanation: `${index}${tag}` }) as unknown as StepSummary;
const range = (from: number, to: number, tag = '') => Array.from({ length: to - from + 1 }, (_, i) => step(from + i, tag));

describe('StepSummaries', () => {
  it('finds each added summary by index and counts them, across pages', () => {
    const s = StepSummaries.EMPTY.with(range(0, 600));
    expect(s.size).toBe(601);
    for (const i of [0, 255, 256, 511, 600]) expect(s.get(i)?.index).toBe(i);
    expect(s.has(601)).toBe(false);
    expect(s.get(-1)).toBeUndefined();
  });

  it('replaces a summary without counting it twice, and leaves the old value unchanged', () => {
    const a = StepSummaries.EMPTY.with(range(0, 10));
    const b = a.with([step(3, 'new')]);
    expect(b.size).toBe(11);
    expect(b.get(3)?.explanation).toBe('3new');
    expect(a.get(3)?.explanation).toBe('3');
  });

  it('shares the pages a change does not touch', () => {
    const a = StepSummaries.EMPTY.with(range(0, 1000));
    const b = a.with([step(1001)]);
    expect(b.get(10)).toBe(a.get(10));
    expect(b).not.toBe(a);
    expect(a.with([])).toBe(a);
  });

  it('drops the steps after a branch point, wherever the pages split', () => {
    const a = StepSummaries.EMPTY.with(range(0, 700));
    for (const last of [0, 255, 256, 300, 699, 700]) {
      const b = a.upTo(last);
      expect(b.size).toBe(last + 1);
      expect(b.get(last)?.index).toBe(last);
      expect(b.has(last + 1)).toBe(false);
      expect(a.has(last + 1) || last === 700).toBe(true);
    }
    expect(a.upTo(900)).toBe(a);
  });

  it('counts only loaded summaries when pages have gaps', () => {
    const a = StepSummaries.EMPTY.with([...range(0, 9), ...range(400, 409)]);
    expect(a.size).toBe(20);
    expect(a.upTo(404).size).toBe(15);
    expect(a.upTo(200).size).toBe(10);
  });
});
