import { normaliseConfig } from '../config/normalise';
import { phaseNames, stageNames } from '../config/config-queries';
import type { Session } from '../session/session';
import { EVENT_NAMES, isEventName, type FlowAction, type FlowCtx, type PlayerID } from '../types';

/** Every move name the config declares anywhere (global, per phase, per stage). */
export function declaredMoveNames(config: Session['config']): string[] {
  try {
    const names = normaliseConfig(config)
      .functions.filter((f) => f.kind === 'move')
      .map((f) => f.path.slice(f.path.lastIndexOf('.') + 1));
    return [...new Set(names)];
  } catch {
    return Object.keys(config.moves ?? {});
  }
}

/** The players who could act in a real match: its seats ("0" to numPlayers - 1); IDs outside them have no client. */
function playersOf(session: Session): PlayerID[] {
  return Array.from({ length: session.numPlayers }, (_, i) => String(i));
}

/** Argument lists `ai.enumerate` offers for each move or event name, for any player. */
function enumeratedArgs(session: Session, players: PlayerID[]): Map<string, unknown[][]> {
  const out = new Map<string, unknown[][]>();
  for (const player of players) {
    let items: unknown[] | null = null;
    try {
      items = session.game.enumerate(session.currentState, player);
    } catch {
      items = null;
    }
    for (const item of items ?? []) {
      if (!item || typeof item !== 'object') continue;
      const { move, event, args, payload } = item as {
        move?: unknown;
        event?: unknown;
        args?: unknown;
        payload?: { type?: unknown; args?: unknown };
      };
      const name =
        typeof move === 'string' ? move : typeof event === 'string' ? event : typeof payload?.type === 'string' ? payload.type : null;
      if (!name) continue;
      const raw = payload ? payload.args : args;
      const list = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
      out.set(name, [...(out.get(name) ?? []), list]);
    }
  }
  return out;
}

/** Every action worth trying from the current state: each declared move and each event, by each player. */
export function candidateActions(session: Session): FlowAction[] {
  const players = playersOf(session);
  const enumerated = enumeratedArgs(session, players);
  const stages = [
    ...new Set(
      phaseNames(session.config)
        .flatMap((p) => stageNames(session.config, p))
        .concat(stageNames(session.config, null)),
    ),
  ];
  const argLists = (name: string, extra: unknown[][]) => {
    const lists = [[], ...extra, ...(enumerated.get(name) ?? [])];
    const seen = new Set<string>();
    return lists.filter((l) => {
      const key = JSON.stringify(l);
      return seen.has(key) ? false : (seen.add(key), true);
    });
  };
  const out: FlowAction[] = [];
  for (const playerID of players) {
    for (const name of declaredMoveNames(session.config))
      for (const args of argLists(name, [])) out.push({ type: 'move', name, args, playerID });
    for (const name of EVENT_NAMES) {
      const extra =
        name === 'setStage'
          ? stages.map((s) => [s])
          : name === 'setPhase'
            ? phaseNames(session.config).map((p) => [p])
            : name === 'setActivePlayers'
              ? [[{ currentPlayer: null }]]
              : [];
      if (isEventName(name)) for (const args of argLists(name, extra)) out.push({ type: 'event', name, args, playerID });
    }
  }
  return out;
}

/**
 * The first action boardgame.io accepts from the session's last state, trying every declared
 * move (without arguments and with each argument list `ai.enumerate` offers) and every event, by
 * every player, on the reducer itself. Null when the game is not over and nothing is accepted:
 * the game is stuck. (Undo and redo never count: they do not move the game forward.)
 */
export function firstAcceptedAction(session: Session): FlowAction | null {
  for (const action of candidateActions(session)) if (session.accepts(action)) return action;
  return null;
}

/** Where a stuck game is: its phase and the stages its active players are in, e.g. `phase play, stages [respond]`. */
export function stuckLocation(ctx: FlowCtx): string {
  const where = `phase ${ctx.phase ?? '(none)'}`;
  if (!ctx.activePlayers) return `${where}, the current player's turn`;
  const stages = [...new Set(Object.values(ctx.activePlayers).map((s) => s ?? '(no stage)'))].sort();
  return stages.length ? `${where}, stages [${stages.join(', ')}]` : `${where}, no active players`;
}
