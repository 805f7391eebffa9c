/**
 * `npm run bench:explore-rows [-- rounds]`: issue 33's explore rows in one run: exhaustive search
 * against a bare-reducer BFS (tic-tac-toe; `bang` to depth 6) and random playouts against the bare
 * reducer (`bang`, the `(G, ctx)` bench game). CPU time, alternating rounds.
 */
import { printRows } from './measure';
import { exhaustiveRows } from './rows/exhaustive';
import { explorePlayoutRows } from './rows/explore-playout';

const rounds = Number(process.argv[2] ?? 5);
printRows([...(await exhaustiveRows(rounds, 6)), ...(await explorePlayoutRows(rounds))]);
