// A 0.39 game in the shape real ones have: a move reads the seat through `const playerID = ctx.playerID`,
// another move takes an argument that is itself called `playerID` (the seat it targets), and the
// game is kept at a property of the default export beside its board (JSX in a .js file).
import React from 'react';

const Board = () => <div className="board" />;

function claim(G, ctx) {
  const playerID = ctx.playerID;
  G.claims.push(playerID);
}

export default {
  board: Board,
  game: {
    name: 'migrate-seat',
    setup: (ctx) => ({ claims: [], pokes: [], secret: { seed: 7 } }),
    // G destructured in the parameter list, as real games hide their secrets.
    playerView: ({ secret, ...open }, ctx, playerID) => ({ ...open, viewer: playerID }),
    moves: {
      claim,
      poke: (G, ctx, playerID) => {
        G.pokes.push({ by: ctx.playerID, at: playerID });
      },
    },
    turn: { moveLimit: 1 },
    phases: {
      opening: { start: true, moves: { claim }, endIf: (G) => G.claims.length >= 2, next: 'main' },
      main: { moves: { claim, poke: (G, ctx, playerID) => void G.pokes.push({ by: ctx.playerID, at: playerID }) } },
    },
  },
};
