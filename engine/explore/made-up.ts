/** What a finding whose replay needs made-up arguments (inferred, picked from the state, missing) says of them. */
export const madeUpWarning = (actions: number) =>
  `its replay plays ${actions} action${actions === 1 ? '' : 's'} with arguments explore made up: it may come from a state no client reaches`;
