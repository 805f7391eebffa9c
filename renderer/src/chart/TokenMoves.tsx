/**
 * The selected step's token moves: per player, a curved arrow in its colour from its old place to
 * its new one. They are drawn in one SVG that stays in the chart from step to step (as React Flow
 * edges they came and went as a group of their own, and each time the browser repainted the
 * whole chart).
 */
import { memo } from 'react';
import { EdgeLabelRenderer } from 'reactflow';
import { TOKEN } from './geometry';
import { MOVE_Z, type TokenMoveData } from './token-moves';

const ARROW = 8;

const TokenMoveArrow = memo(function TokenMoveArrow({ data }: { data: TokenMoveData }) {
  const { from, to, player } = data;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / length, dy / length];
  // Start and end at the tokens' rims, bowed sideways so arrows between the same lanes do not overlap.
  const r = TOKEN / 2 + 2;
  const a = { x: from.x + ux * r, y: from.y + uy * r };
  const b = { x: to.x - ux * (r + ARROW - 2), y: to.y - uy * (r + ARROW - 2) };
  const bow = Math.min(60, 0.22 * length) * (Number(player) % 2 ? -1 : 1);
  const c = { x: (a.x + b.x) / 2 - uy * bow, y: (a.y + b.y) / 2 + ux * bow };
  const tip = { x: to.x - ux * r, y: to.y - uy * r };
  const [tx, ty] = [tip.x - c.x, tip.y - c.y];
  const tl = Math.hypot(tx, ty) || 1;
  const [vx, vy] = [tx / tl, ty / tl];
  const base = { x: tip.x - vx * ARROW, y: tip.y - vy * ARROW };
  const curve = `M${a.x},${a.y} Q${c.x},${c.y} ${b.x},${b.y}`;
  const head = `M${tip.x},${tip.y} L${base.x - vy * ARROW * 0.55},${base.y + vx * ARROW * 0.55} L${base.x + vy * ARROW * 0.55},${base.y - vx * ARROW * 0.55} Z`;
  return (
    <g className={`fs-token-move player-${player}`} data-testid={`token-move-${player}`} data-from={from.slot} data-to={to.slot}>
      <title>{`player ${player}: ${from.slot} → ${to.slot}${data.cause ? ` because ${data.cause}` : ''}`}</title>
      <path className="fs-token-move-halo" d={curve} />
      <path className="fs-token-move-path" d={curve} />
      <path className="fs-token-move-arrow" d={head} />
    </g>
  );
});

export function TokenMoves({ moves }: { moves: TokenMoveData[] }) {
  return (
    <EdgeLabelRenderer>
      <svg className="fs-token-moves" style={{ zIndex: MOVE_Z }} aria-hidden="true">
        {moves.map((m) => (
          <TokenMoveArrow key={m.player} data={m} />
        ))}
      </svg>
    </EdgeLabelRenderer>
  );
}
