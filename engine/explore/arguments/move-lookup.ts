/* eslint-disable @typescript-eslint/no-explicit-any -- a game config and its ctx are the user's data, of any shape boardgame.io accepts. */
import { normaliseConfig, type ConfigFunction } from '../../config/normalise';
import type { ApiEra } from '../../runtime/bgio-runtime';
import type { FlowCtx, GameConfig, PlayerID } from '../../types';

const movesByConfig = new WeakMap<object, ConfigFunction[]>();

/** The move functions of a config, each with its config path (`phases.bidding.moves.bid`). */
export function declaredMoves(config: GameConfig): ConfigFunction[] {
  let moves = movesByConfig.get(config);
  if (!moves) {
    try {
      moves = normaliseConfig(config).functions.filter((f) => f.kind === 'move');
    } catch {
      moves = [];
    }
    movesByConfig.set(config, moves);
  }
  return moves;
}

/**
 * The function boardgame.io runs for move `name` by `playerID` in `ctx`: the player's stage's,
 * else the phase's, else the global one (its lookup order), with the config path naming it.
 */
export function moveFunction(config: GameConfig, ctx: FlowCtx, playerID: PlayerID, name: string): ConfigFunction | null {
  const moves = declaredMoves(config).filter((f) => f.path.endsWith(`.${name}`) && f.path.split('.').length >= 2);
  const stage = ctx.activePlayers?.[playerID];
  const turnPath = ctx.phase && (config.phases as any)?.[ctx.phase]?.turn ? `phases.${ctx.phase}.turn` : 'turn';
  const places = [
    typeof stage === 'string' ? `${turnPath}.stages.${stage}.moves.${name}` : null,
    ctx.phase ? `phases.${ctx.phase}.moves.${name}` : null,
    `moves.${name}`,
  ];
  for (const place of places) {
    const found = place && moves.find((f) => f.path === place);
    if (found) return found;
  }
  return moves[0] ?? null;
}

/** Parameters before the move's own arguments: `({ G, ctx, … })` on 0.50, `(G, ctx)` before. */
export const leadingParameters = (era: ApiEra) => (era === 'context' ? 1 : 2);

/** How many arguments a move function declares after boardgame.io's own (defaults and rest parameters count). */
export function argumentCount(fn: (...args: any[]) => unknown, era: ApiEra): number {
  return Math.max(0, parameterList(fn).length - leadingParameters(era));
}

/** The top-level parameters of a function's source, as written. */
function parameterList(fn: (...args: any[]) => unknown): string[] {
  const source = Function.prototype.toString.call(fn);
  const open = source.indexOf('(');
  const arrow = source.indexOf('=>');
  // `x => …`: one parameter without parentheses.
  if (arrow >= 0 && (open < 0 || open > arrow))
    return [
      source
        .slice(0, arrow)
        .replace(/^async\s+/, '')
        .trim(),
    ].filter(Boolean);
  if (open < 0) return [];
  const params: string[] = [];
  let depth = 0;
  let current = '';
  let quote: string | null = null;
  for (let i = open + 1; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      current += c;
      if (c === '\\') current += source[++i] ?? '';
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    if (c === '(' || c === '{' || c === '[') depth++;
    if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
    }
    if (c === ',' && depth === 0) {
      params.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  params.push(current.trim());
  return params.filter(Boolean);
}
