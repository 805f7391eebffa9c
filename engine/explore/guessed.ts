/**
 * Sources of arguments nothing grounds: picked from the state, or left out. An earlier action of a
 * finding's replay played so may have led to a state no client reaches. (Inferred arguments come
 * from how the move uses them; one the game accepted is taken as one a client could send.)
 */
export const isGuessedSource = (source: string) => source === 'state' || source === 'missing';

/** What a finding whose replay needs guessed arguments before the step that shows it says of them. */
export const guessedWarning = (actions: number) =>
  `its replay plays ${actions} earlier action${actions === 1 ? '' : 's'} with arguments explore picked from the state or left out: it may come from a state no client reaches`;
