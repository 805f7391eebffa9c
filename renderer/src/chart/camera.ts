/**
 * Where the chart's camera goes: the whole chart when its titles stay readable that way,
 * otherwise the step's active phase with every active player's token, moving as little as it
 * can from where it is (no pan while they are in view, no re-zoom while the zoom still shows
 * them). Pure: rectangles in, a viewport out.
 */
import { fitAvoiding, READABLE_ZOOM, type Rect, type Viewport } from './fit';

/** Titles are 13 px (chart.css `.fs-font-title`): at this zoom they show at 10.5 px. */
export const LEGIBLE_ZOOM = 10.5 / 13;
/** Zooming out stops here (smallest text 7 px), or where the whole chart shows if that is further out. */
export const MIN_ZOOM = 0.7;
export const MAX_ZOOM = 2.5;
const PAD = 16;

export interface CameraInput {
  panel: { width: number; height: number };
  /** The chart's bounds and its top-level nodes, in chart coordinates. */
  chart: Rect;
  nodes: Rect[];
  /** Panel areas the controls cover. */
  overlays: Rect[];
  /** The active phase (or game over): what the camera keeps in view when it can. */
  phase: Rect | null;
  /** The places of the players who may act: what it must keep in view. */
  players: Rect | null;
  /** Where the camera is; null to choose afresh (the first view, Zoom to Fit). */
  current: Viewport | null;
}

export const union = (rects: Rect[]): Rect | null => {
  if (!rects.length) return null;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return {
    x,
    y,
    width: Math.max(...rects.map((r) => r.x + r.width)) - x,
    height: Math.max(...rects.map((r) => r.y + r.height)) - y,
  };
};

/**
 * The zoom showing the whole chart: its nodes (the margins around them may be cut), clear of the
 * overlays when that costs little.
 */
export function wholeChart(input: Pick<CameraInput, 'panel' | 'chart' | 'nodes' | 'overlays'>): Viewport {
  const content = union(input.nodes) ?? input.chart;
  const clear = fitAvoiding(input.panel, content, input.nodes, input.overlays, 4);
  const tight = fitAvoiding(input.panel, content, [], [], 4);
  return clear.zoom >= LEGIBLE_ZOOM || tight.zoom < LEGIBLE_ZOOM ? clear : tight;
}

/** The least zoom the user may reach: as far out as shows the whole chart, or MIN_ZOOM. */
export const minZoomFor = (whole: Viewport) => Math.max(0.05, Math.min(MIN_ZOOM, whole.zoom * 0.95));

const fitsAt = (r: Rect, size: { width: number; height: number }, zoom: number) =>
  r.width * zoom + 2 * PAD <= size.width && r.height * zoom + 2 * PAD <= size.height;

/** The offset on one axis that moves [start, start+extent] (screen units) into [PAD, size-PAD] by the least. */
function nudge(offset: number, start: number, extent: number, size: number): number {
  const lo = start + offset;
  if (extent + 2 * PAD > size) return offset + (PAD - lo);
  if (lo < PAD) return offset + (PAD - lo);
  if (lo + extent > size - PAD) return offset - (lo + extent - (size - PAD));
  return offset;
}

export function cameraTarget(input: CameraInput): Viewport {
  const whole = wholeChart(input);
  if (whole.zoom >= LEGIBLE_ZOOM) return whole;
  const { panel, current } = input;
  const want = input.phase ?? input.chart;
  const must = input.players ?? want;
  const fitted = Math.min((panel.width - 2 * PAD) / want.width, (panel.height - 2 * PAD) / want.height);
  const preferred = Math.max(LEGIBLE_ZOOM, Math.min(READABLE_ZOOM, fitted));
  // The zoom stays while it is readable and still shows the phase (or, when no readable zoom can, the players).
  const shown = fitsAt(want, panel, preferred) ? want : must;
  const keep = current && current.zoom >= LEGIBLE_ZOOM - 1e-6 && current.zoom <= READABLE_ZOOM + 1e-6 && fitsAt(shown, panel, current.zoom);
  const zoom = keep ? current.zoom : preferred;
  // Start from where the camera is (or the phase's top-left), then move the phase (its start, when
  // it is too big), and then the players, into view by the least: the players win where both cannot show.
  let x = keep ? current.x : PAD - want.x * zoom;
  let y = keep ? current.y : PAD - want.y * zoom;
  x = nudge(x, want.x * zoom, want.width * zoom, panel.width);
  y = nudge(y, want.y * zoom, want.height * zoom, panel.height);
  x = nudge(x, must.x * zoom, must.width * zoom, panel.width);
  y = nudge(y, must.y * zoom, must.height * zoom, panel.height);
  return { x, y, zoom };
}

/** Whether two viewports show the same (within a pixel): the camera then stays still. */
export const sameView = (a: Viewport, b: Viewport) =>
  Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1 && Math.abs(a.zoom - b.zoom) < 1e-3;
