import { describe, expect, it } from 'vitest';
import { focusOn } from './fit';

describe('focusOn', () => {
  it('centres a small rect, and keeps a big chart against the panel edges instead of showing empty margin', () => {
    expect(focusOn({ width: 400, height: 300 }, { x: 100, y: 100, width: 100, height: 100 }, 1)).toEqual({ zoom: 1, x: 50, y: 0 });
    const chart = { x: 0, y: 0, width: 2000, height: 1000 };
    expect(focusOn({ width: 400, height: 300 }, { x: 0, y: 0, width: 100, height: 100 }, 1, chart)).toEqual({ zoom: 1, x: 16, y: 16 });
    expect(focusOn({ width: 400, height: 300 }, { x: 1900, y: 900, width: 100, height: 100 }, 1, chart)).toEqual({
      zoom: 1,
      x: -1616,
      y: -716,
    });
  });
});
