/* eslint-disable @typescript-eslint/no-explicit-any -- a game config and its ctx are the user's data, of any shape boardgame.io accepts. */
import type { z } from 'zod';
import type { flowActionSchema } from './schema/action-schema';

/** A boardgame.io game config as the user wrote it. Deliberately loose: it may come from any release. */
export type GameConfig = Record<string, any>;

export type PlayerID = string;

/** Any boardgame.io state object (`{ G, ctx, plugins, _undo, _redo, _stateID, ... }`). */
export type BgioState = Record<string, any> & { G: unknown; ctx: Record<string, any> };

export const EVENT_NAMES = ['endTurn', 'endPhase', 'setPhase', 'endGame', 'setStage', 'endStage', 'setActivePlayers', 'pass'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Events of the flow API only (0.26, 0.32): a replay recorded on those releases may hold them. */
export const LEGACY_EVENT_NAMES = ['setActionPlayers'] as const;
/** Every event a replay's action may name; each runtime refuses the ones its release does not have. */
export const ACTION_EVENT_NAMES = [...EVENT_NAMES, ...LEGACY_EVENT_NAMES] as const;

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name);
}

/** One user action, in the replay file's shape (defined once, by `flowActionSchema`). */
export type FlowAction = z.output<typeof flowActionSchema>;

/** The flow-relevant part of `ctx`, the same shape for every boardgame.io release. */
export interface FlowCtx {
  phase: string | null;
  turn: number;
  currentPlayer: PlayerID;
  playOrder: PlayerID[];
  playOrderPos: number;
  activePlayers: Record<PlayerID, string | null> | null;
  numMoves: number;
  gameover: unknown;
}

export interface ActionError {
  type: string;
  message: string;
}
