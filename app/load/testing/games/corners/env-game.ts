// A game whose module reads its server's address from the environment at load, as real ones do.
const server = process.env.SCORE_SERVER_URL as string;
export const scoreEndpoint = server.replace(/\/$/, '') + '/scores';

export const EnvGame = { name: 'env-game', setup: () => ({ n: 0 }), moves: { up: ({ G }: any) => void (G.n += 1) } };
