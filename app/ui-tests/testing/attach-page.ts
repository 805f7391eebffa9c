// The page of a game the user runs: boardgame.io's own Client with flowscope/attach's enhancer.
// Bundled by esbuild for the browser test; the pairing token and address come from the page URL.
import { Client } from 'boardgame.io/client';
import { flowscope } from 'flowscope/attach';
import { TicTacToe } from '../../../fixtures/tic-tac-toe/game';

const params = new URLSearchParams(location.search);
const client = Client({
  game: TicTacToe,
  numPlayers: 2,
  debug: false,
  enhancer: flowscope({ token: params.get('token') ?? '', url: params.get('url') ?? undefined, game: TicTacToe }),
});
client.start();
(window as unknown as { client: typeof client }).client = client;
document.body.textContent = 'tic-tac-toe, played outside Flowscope';
