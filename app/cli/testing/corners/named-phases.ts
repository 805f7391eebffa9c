// A game whose phases are keyed and targeted through imported constants: computed keys, a `next`
// function, an `endIf` returning `{ next }` and a `setPhase` call that all name phases by constant.
import { GAME_OVER, Phases, Rounds } from './phase-names';

export const NamedPhases = {
  name: 'named-phases',
  setup: () => ({ dealt: 0, played: 0, bonus: false }),
  phases: {
    [Phases.DEAL]: {
      start: true,
      moves: { deal: ({ G }: any) => void (G.dealt += 1) },
      endIf: ({ G }: any) => (G.dealt >= 2 ? { next: Phases.PLAY } : false),
    },
    [Phases.PLAY]: {
      moves: {
        play: ({ G }: any) => void (G.played += 1),
        claimBonus: ({ G, events }: any) => {
          G.bonus = true;
          events.setPhase(Phases.BONUS);
        },
      },
      next: ({ G }: any) => (G.played >= 3 ? Rounds.Last : GAME_OVER),
      endIf: ({ G }: any) => G.played >= 2,
    },
    [Phases.BONUS]: { moves: { take: () => {} }, next: Phases.PLAY },
    // The next phase kept in G by the phase's own code, and read back by its endIf.
    [Rounds.Last]: {
      onBegin: ({ G }: any) => void (G.forcedNext = G.bonus ? Phases.BONUS : GAME_OVER),
      moves: { finish: () => {} },
      endIf: ({ G }: any) => (G.forcedNext ? { next: G.forcedNext } : false),
    },
    [GAME_OVER]: { moves: {} },
  },
};
