/**
 * The chart's dotted backdrop, drawn as a CSS background that follows the pan and zoom.
 *
 * React Flow's own `<Background>` is an SVG sized in percent. Chromium lays it out again whenever
 * the chart's layout runs (a token-move arrow coming or going is enough) and then repaints it whole,
 * and with it every tile of the chart's layer: about 10 ms of software raster per step. A box's
 * background is repainted only when the box or its style changes, here on a pan or a zoom.
 */
import type { CSSProperties } from 'react';
import { useStore, type ReactFlowState, type Transform } from 'reactflow';

/** Distance between dots at zoom 1, in pixels. */
export const DOT_GAP = 18;
/** No dots where they would be closer than this on screen (below a zoom of a third). */
const MIN_GAP = 6;

/**
 * The background for React Flow's `[x, y, zoom]`: a dot one flow pixel across at every multiple of
 * the gap in flow coordinates, as React Flow's dotted background draws them. The dot is an SVG
 * image the size of one cell (`--dot-image` in styles.css), drawn at the cell's centre, so the
 * cells start half a gap before the dots.
 */
export function dotGridStyle([x, y, zoom]: Transform): CSSProperties {
  const gap = DOT_GAP * zoom;
  // Zoomed far out, React Flow's dots are too faint to see: draw none.
  if (gap < MIN_GAP) return { backgroundImage: 'none' };
  return {
    backgroundSize: `${gap}px ${gap}px`,
    backgroundPosition: `${(x % gap) - gap / 2}px ${(y % gap) - gap / 2}px`,
  };
}

const transformOf = (s: ReactFlowState) => s.transform;

export function DotGrid() {
  const transform = useStore(transformOf);
  return <div className="fs-dot-grid" style={dotGridStyle(transform)} aria-hidden="true" />;
}
