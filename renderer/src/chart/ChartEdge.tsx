/**
 * A chart edge: the precomputed orthogonal route with rounded corners and an arrowhead, and a
 * label of one chip per model edge sharing the route (each chip carries `data-testid` and
 * `data-taken`; the start edge has no label, so its path carries them).
 */
import { memo } from 'react';
import { EdgeLabelRenderer, type EdgeProps } from 'reactflow';
import type { ChartEdge as ModelEdge } from '../../../engine/host/protocol';
import type { ChartEdgeData } from './flow-elements';
import type { Point } from './layout-types';

const RADIUS = 6;
const ARROW = 7;

export function roundedPath(points: Point[], radius = RADIUS): string {
  if (points.length < 2) return '';
  let d = `M${points[0].x},${points[0].y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1], points[i], points[i + 1]];
    const r = Math.min(radius, Math.hypot(b.x - a.x, b.y - a.y) / 2, Math.hypot(c.x - b.x, c.y - b.y) / 2);
    const toward = (p: Point, q: Point, len: number) => {
      const l = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      return { x: p.x + ((q.x - p.x) / l) * len, y: p.y + ((q.y - p.y) / l) * len };
    };
    const p1 = toward(b, a, r);
    const p2 = toward(b, c, r);
    d += ` L${p1.x},${p1.y} Q${b.x},${b.y} ${p2.x},${p2.y}`;
  }
  const last = points[points.length - 1];
  return `${d} L${last.x},${last.y}`;
}

/** A filled triangle at the end of the route, pointing along its last segment. */
export function arrowHead(points: Point[]): string {
  if (points.length < 2) return '';
  const tip = points[points.length - 1];
  const from = points[points.length - 2];
  const l = Math.hypot(tip.x - from.x, tip.y - from.y) || 1;
  const [ux, uy] = [(tip.x - from.x) / l, (tip.y - from.y) / l];
  const base = { x: tip.x - ux * ARROW, y: tip.y - uy * ARROW };
  const half = ARROW / 2;
  return `M${tip.x},${tip.y} L${base.x - uy * half},${base.y + ux * half} L${base.x + uy * half},${base.y - ux * half} Z`;
}

/** Stop the path where the arrowhead starts, so the line does not poke through its tip. */
function shorten(points: Point[]): Point[] {
  if (points.length < 2) return points;
  const tip = points[points.length - 1];
  const from = points[points.length - 2];
  const l = Math.hypot(tip.x - from.x, tip.y - from.y) || 1;
  const cut = Math.min(ARROW - 1, l);
  return [...points.slice(0, -1), { x: tip.x - ((tip.x - from.x) / l) * cut, y: tip.y - ((tip.y - from.y) / l) * cut }];
}

const isPossible = (e: ModelEdge) => e.dynamic && !e.observed;

function describe(e: ModelEdge): string {
  const where = e.fn ? ` (${e.fn})` : '';
  return `${e.kind}: ${e.source} → ${e.target}${where}${isPossible(e) ? ' — possible, not yet taken in this run' : e.observed ? ' — taken in this run' : ''}`;
}

export const ChartEdge = memo(function ChartEdge({ data, animated }: EdgeProps<ChartEdgeData>) {
  if (!data) return null;
  const { laid, taken } = data;
  const isTaken = taken.length > 0;
  const possible = laid.edges.every(isPossible);
  const cls = [
    'fs-edge',
    `fs-edge-${laid.level}`,
    possible && 'possible',
    isTaken && 'taken',
    laid.latent && 'latent',
    animated && 'animated',
  ]
    .filter(Boolean)
    .join(' ');
  const unlabelled = laid.chips.length === 0;
  const path = roundedPath(shorten(laid.points));
  const only = laid.edges[0];
  return (
    <>
      <g className={cls} {...(unlabelled ? { 'data-testid': `edge-${only.id}`, 'data-taken': String(isTaken) } : {})}>
        <title>{laid.edges.map(describe).join('\n')}</title>
        {isTaken && <path className="fs-edge-glow" d={path} />}
        <path className="react-flow__edge-path fs-edge-path" d={path} />
        <path className="fs-edge-arrow" d={arrowHead(laid.points)} />
      </g>
      {!unlabelled && laid.label && (
        <EdgeLabelRenderer>
          <div
            className={`fs-edge-label fs-edge-label-${laid.level}${laid.latent ? ' latent' : ''}${isTaken ? ' taken' : ''}`}
            style={{ transform: `translate(-50%, -50%) translate(${laid.label.x}px, ${laid.label.y}px)`, zIndex: isTaken ? 6 : 3 }}
          >
            {laid.chips.map((c) => {
              const chipTaken = taken.includes(c.edge.id);
              return (
                <span
                  key={c.edge.id}
                  className={`fs-edge-chip kind-${c.edge.kind}${isPossible(c.edge) ? ' possible' : ''}${chipTaken ? ' taken' : ''}`}
                  data-testid={`edge-${c.edge.id}`}
                  data-taken={String(chipTaken)}
                  title={describe(c.edge)}
                >
                  {c.text}
                </span>
              );
            })}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});
