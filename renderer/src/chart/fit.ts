/**
 * Fitting the chart into the panel without hiding nodes under the overlays (the zoom controls at
 * the bottom left, the minimap at the bottom right): tries the whole panel, then the panel minus
 * the strips the overlays take, and keeps the biggest zoom at which no node is covered. Pure.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function fitInto(area: Rect, content: Rect, padding: number, maxZoom: number): Viewport {
  const zoom = Math.min((area.width - 2 * padding) / content.width, (area.height - 2 * padding) / content.height, maxZoom);
  return {
    zoom,
    x: area.x + (area.width - content.width * zoom) / 2 - content.x * zoom,
    y: area.y + (area.height - content.height * zoom) / 2 - content.y * zoom,
  };
}

const onScreen = (r: Rect, v: Viewport): Rect => ({
  x: r.x * v.zoom + v.x,
  y: r.y * v.zoom + v.y,
  width: r.width * v.zoom,
  height: r.height * v.zoom,
});

/**
 * The viewport showing `content` (the chart's bounds) in a `panel`-sized view, with `nodes` (chart
 * coordinates) clear of the `overlays` (panel coordinates) when some inset allows it.
 */
export function fitAvoiding(
  panel: { width: number; height: number },
  content: Rect,
  nodes: Rect[],
  overlays: Rect[],
  padding = 12,
  maxZoom = 1.2,
): Viewport {
  const full: Rect = { x: 0, y: 0, width: panel.width, height: panel.height };
  const left = Math.max(0, ...overlays.filter((o) => o.x < panel.width / 2).map((o) => o.x + o.width));
  const right = Math.max(0, ...overlays.filter((o) => o.x >= panel.width / 2).map((o) => panel.width - o.x));
  const bottom = Math.max(0, ...overlays.map((o) => panel.height - o.y));
  const areas: Rect[] = [
    full,
    { x: 0, y: 0, width: panel.width, height: panel.height - bottom },
    { x: left, y: 0, width: panel.width - left - right, height: panel.height },
    { x: left, y: 0, width: panel.width - left, height: panel.height },
    { x: 0, y: 0, width: panel.width - right, height: panel.height },
  ].filter((a) => a.width > 2 * padding && a.height > 2 * padding);
  let best: Viewport | null = null;
  for (const area of areas) {
    const v = fitInto(area, content, padding, maxZoom);
    if (v.zoom <= 0) continue;
    const covered = nodes.some((n) => overlays.some((o) => overlaps(onScreen(n, v), o)));
    if (!covered && (!best || v.zoom > best.zoom + 1e-6)) best = v;
  }
  return (
    best ??
    fitInto(
      { x: left, y: 0, width: Math.max(1, panel.width - left - right), height: Math.max(1, panel.height - bottom) },
      content,
      padding,
      maxZoom,
    )
  );
}

/** The smallest chart text is 10 px (chart.css `.fs-font-small`): at this zoom it shows at 11 px. */
export const READABLE_ZOOM = 1.1;
