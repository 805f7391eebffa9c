import { describe, expect, it } from 'vitest';
import type { Transform } from 'reactflow';
import { DOT_GAP, dotGridStyle } from './DotGrid';

/** Screen positions of the dots the style draws along one axis, between `from` and `to`. */
function dotsOnScreen(style: ReturnType<typeof dotGridStyle>, axis: 0 | 1, from: number, to: number): number[] {
  const gap = parseFloat(String(style.backgroundSize).split(' ')[axis]);
  const start = parseFloat(String(style.backgroundPosition).split(' ')[axis]) + gap / 2;
  const out: number[] = [];
  for (let k = Math.ceil((from - start) / gap); start + k * gap <= to; k++) out.push(start + k * gap);
  return out;
}

/** Where React Flow puts a point of the flow on screen. */
const toScreen = ([x, y, zoom]: Transform, fx: number, fy: number) => [x + fx * zoom, y + fy * zoom];

describe('dotGridStyle', () => {
  it('puts a dot at every multiple of the gap in flow coordinates, whatever the pan and zoom', () => {
    const transforms: Transform[] = [
      [0, 0, 1],
      [37.5, -12, 1],
      [-250, 400, 0.4],
      [13, 7, 2.5],
    ];
    for (const t of transforms) {
      const style = dotGridStyle(t);
      const xs = dotsOnScreen(style, 0, -100, 1000);
      const ys = dotsOnScreen(style, 1, -100, 1000);
      for (const k of [-3, 0, 1, 20]) {
        const [sx, sy] = toScreen(t, k * DOT_GAP, k * DOT_GAP);
        if (sx >= -100 && sx <= 1000) expect(xs.some((x) => Math.abs(x - sx) < 1e-6)).toBe(true);
        if (sy >= -100 && sy <= 1000) expect(ys.some((y) => Math.abs(y - sy) < 1e-6)).toBe(true);
      }
      // The cells are one gap of the zoomed flow wide.
      expect(xs[1] - xs[0]).toBeCloseTo(DOT_GAP * t[2]);
    }
  });

  it('draws no dots where they would be too close to see', () => {
    expect(dotGridStyle([0, 0, 0.15]).backgroundImage).toBe('none');
    expect(dotGridStyle([0, 0, 1]).backgroundImage).toBeUndefined();
  });
});
