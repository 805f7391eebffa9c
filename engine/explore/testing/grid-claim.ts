// A clean game whose only move takes coordinates, `claim(x, y)`, and which has no `ai.enumerate`:
// it indexes the board without guarding, as many real games do, so made-up coordinates throw.
const lines = [
  [
    [0, 0],
    [1, 0],
    [2, 0],
  ],
  [
    [0, 1],
    [1, 1],
    [2, 1],
  ],
  [
    [0, 2],
    [1, 2],
    [2, 2],
  ],
  [
    [0, 0],
    [0, 1],
    [0, 2],
  ],
  [
    [1, 0],
    [1, 1],
    [1, 2],
  ],
  [
    [2, 0],
    [2, 1],
    [2, 2],
  ],
  [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  [
    [2, 0],
    [1, 1],
    [0, 2],
  ],
];

const winner = (board: (string | null)[][]) =>
  lines.map((l) => l.map(([x, y]) => board[y][x])).find((cells) => cells[0] !== null && cells.every((c) => c === cells[0]))?.[0];

export default {
  name: 'grid-claim',
  setup: () => ({ board: [0, 1, 2].map(() => [null, null, null] as (string | null)[]) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    claim: ({ G, playerID }: any, x: number, y: number) => {
      if (G.board[y][x] !== null) return 'INVALID_MOVE';
      G.board[y][x] = playerID;
    },
  },
  endIf: ({ G }: any) => {
    const won = winner(G.board);
    if (won !== undefined) return { winner: won };
    if (G.board.every((row: (string | null)[]) => row.every((c) => c !== null))) return { draw: true };
  },
};
