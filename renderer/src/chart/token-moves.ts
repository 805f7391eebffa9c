/**
 * The arrows a step's token moves draw: for every player whose place changed (a stage entered or
 * left through `setActivePlayers`, a turn passed, a phase changed), one arrow in the player's
 * colour from the token's old place to its new one. Pure; rebuilt per step.
 */
import { TOKEN } from './geometry';
import type { PlacedToken } from './tokens';
import type { StepLike } from './chart-state';

export interface TokenMoveData {
  player: string;
  from: { x: number; y: number; slot: string };
  to: { x: number; y: number; slot: string };
  /** Why the player moved, from the step's transitions (empty when the step names no cause). */
  cause: string;
}

/** Above the chart's nodes and edges, under the tokens (TOKEN_Z). */
export const MOVE_Z = 9;

/** The moves from the `before` to the `after` token places. */
export function tokenMoves(before: PlacedToken[], after: PlacedToken[], step: StepLike): TokenMoveData[] {
  const old = new Map(before.map((t) => [t.player, t]));
  const moves: TokenMoveData[] = [];
  for (const t of after) {
    const was = old.get(t.player);
    if (!was || was.slot === t.slot) continue;
    const why =
      step.transitions.filter((x) => x.player === t.player && x.type === 'stage').pop() ?? step.transitions.find((x) => x.type !== 'stage');
    moves.push({
      player: t.player,
      from: { x: was.x + TOKEN / 2, y: was.y + TOKEN / 2, slot: was.slot },
      to: { x: t.x + TOKEN / 2, y: t.y + TOKEN / 2, slot: t.slot },
      cause: why?.cause ?? '',
    });
  }
  return moves;
}
