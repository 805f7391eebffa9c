import { format } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import { setActivityReporter } from '../load/activity';
import { workerActivityReporter } from '../host/watched-reporter';
import type { WorkerMessage } from '../host/watched-worker';
import { main } from './main';
import { routeStdoutToStderr } from '../load/stdout-to-stderr';

const post = (message: WorkerMessage) => parentPort!.postMessage(message);
routeStdoutToStderr();
// Commands print through `print`; anything on the console is the game's (or a library's) and goes
// to stderr, so it never corrupts machine output such as a replay or `replay --json`.
for (const level of ['log', 'info', 'debug', 'warn', 'error', 'trace'] as const) {
  console[level] = (...args: unknown[]) => post({ type: 'warn', line: format(...args) });
}
setActivityReporter(workerActivityReporter(workerData.shared as Int32Array));
const code = await main(workerData.argv as string[], {
  print: (line) => post({ type: 'print', line }),
  warn: (line) => post({ type: 'warn', line }),
});
post({ type: 'done', code });
