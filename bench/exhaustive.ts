/**
 * `npm run bench:exhaustive [-- rounds bangDepth]`: exhaustive search against a plain BFS on the bare
 * reducer (tic-tac-toe and `bang` to a depth limit), CPU time, alternating rounds.
 */
import { printRows } from './measure';
import { exhaustiveRows } from './rows/exhaustive';

const [rounds = '5', depth = '4'] = process.argv.slice(2);
printRows(await exhaustiveRows(Number(rounds), Number(depth)));
