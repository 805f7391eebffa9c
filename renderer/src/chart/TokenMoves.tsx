/**
 * The selected step's player moves: per player, a line in its colour along its routed path
 * (move-routes.ts) from its old place to its new one. They are drawn in one SVG that stays in the
 * chart from step to step (as React Flow edges they came and went as a group of their own, and
 * each time the browser repainted the whole chart).
 */
import { memo } from 'react';
import { EdgeLabelRenderer } from 'reactflow';
import { arrowHead, roundedPath } from './ChartEdge';
import type { RoutedMove } from './move-routes';
import { MOVE_Z } from './token-moves';

const MoveLine = memo(function MoveLine({ move }: { move: RoutedMove }) {
  const { from, to, player, points } = move;
  const path = roundedPath(shorten(points));
  return (
    <g
      className={`fs-move-edge fs-token-move player-${player}`}
      data-testid={`token-move-${player}`}
      data-from={from.slot}
      data-to={to.slot}
    >
      <title>{`player ${player}: ${from.slot} → ${to.slot}${move.cause ? ` because ${move.cause}` : ''}`}</title>
      <path className="fs-token-move-halo" d={path} />
      <path className="fs-token-move-path" d={path} />
      <path className="fs-token-move-arrow" d={arrowHead(points)} />
    </g>
  );
});

/** Stops the line where its arrowhead starts. */
function shorten(points: RoutedMove['points']): RoutedMove['points'] {
  const [p, q] = [points[points.length - 2], points[points.length - 1]];
  const l = Math.hypot(q.x - p.x, q.y - p.y) || 1;
  const cut = Math.min(6, l);
  return [...points.slice(0, -1), { x: q.x - ((q.x - p.x) / l) * cut, y: q.y - ((q.y - p.y) / l) * cut }];
}

export function TokenMoves({ moves }: { moves: RoutedMove[] }) {
  return (
    <EdgeLabelRenderer>
      <svg className="fs-token-moves" style={{ zIndex: MOVE_Z }} aria-hidden="true">
        {moves.map((m) => (
          <MoveLine key={m.player} move={m} />
        ))}
      </svg>
    </EdgeLabelRenderer>
  );
}
