// A test game for the chart at real size: four phases in a cycle (recruit → expedition → market →
// council → recruit), and an expedition phase whose turn has six stages (two of them lead on to
// another with `next`). Moves put players in and out of those stages the ways real games do: the
// current player alone, everyone else at once, one named player; `surrender` ends the game from
// inside a stage.
import type { Game } from 'boardgame.io';
import { ActivePlayers, TurnOrder } from 'boardgame.io/core';

interface ExpeditionState {
  gold: Record<string, number>;
  round: number;
}

const gain = (G: ExpeditionState, player: string, amount: number) => {
  G.gold[player] = (G.gold[player] ?? 0) + amount;
};

export const Expedition: Game<ExpeditionState> = {
  name: 'expedition',
  minPlayers: 2,
  maxPlayers: 6,
  setup: ({ ctx }) => ({ gold: Object.fromEntries(ctx.playOrder.map((p) => [p, 0])), round: 0 }),
  endIf: ({ G }) => (G.round > 3 ? { draw: true } : undefined),
  phases: {
    recruit: {
      start: true,
      next: 'expedition',
      moves: {
        hire: ({ G, playerID }) => gain(G, playerID, -1),
        depart: ({ events }) => events.endPhase(),
      },
    },
    expedition: {
      next: 'market',
      moves: {
        scoutAhead: ({ events }) => events.setActivePlayers({ currentPlayer: 'scout' }),
        springAmbush: ({ events }) => events.setActivePlayers({ others: 'ambush', minMoves: 1, maxMoves: 1 }),
        challenge: ({ events }, rival: string) => events.setActivePlayers({ value: { [rival]: 'duel' } }),
        makeCamp: ({ events }) => events.setActivePlayers({ all: 'rest' }),
        headHome: ({ events }) => events.endPhase(),
      },
      turn: {
        stages: {
          scout: {
            moves: { peek: () => {}, pressOn: ({ events }) => events.endStage() },
            next: 'trade',
          },
          ambush: {
            moves: { fight: ({ G, playerID }) => gain(G, playerID, 2), flee: () => {} },
            next: 'loot',
          },
          trade: { moves: { barter: ({ G, playerID }) => gain(G, playerID, 1), leave: ({ events }) => events.endStage() } },
          rest: { moves: { heal: () => {}, wake: ({ events }) => events.endStage() } },
          duel: {
            moves: { strike: () => {}, parry: () => {}, surrender: ({ events }) => events.endGame({ winner: 'the rival' }) },
          },
          loot: { moves: { grab: ({ G, playerID }) => gain(G, playerID, 3), share: ({ events }) => events.endStage() } },
        },
      },
    },
    market: {
      next: 'council',
      moves: { buy: ({ G, playerID }) => gain(G, playerID, -2), sell: ({ G, playerID }) => gain(G, playerID, 2) },
      turn: { order: TurnOrder.ONCE },
    },
    council: {
      next: 'recruit',
      moves: {
        vote: () => {},
        adjourn: ({ G, events }) => {
          G.round++;
          events.endPhase();
        },
      },
      turn: { activePlayers: ActivePlayers.ALL },
    },
  },
};
