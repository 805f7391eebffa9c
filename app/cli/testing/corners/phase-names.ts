// Phase names kept as constants in a module of their own, as real games write them.
export const Phases = {
  DEAL: 'deal',
  PLAY: 'play',
  BONUS: 'bonus',
};
export const GAME_OVER = 'over';
export enum Rounds {
  Last = 'lastRound',
}
