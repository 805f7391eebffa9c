import { parentPort, workerData } from 'node:worker_threads';
import { setActivityReporter } from '../host/activity';
import { workerActivityReporter } from '../host/watched-reporter';
import type { WorkerMessage } from '../host/watched-worker';
import { main } from './main';

const post = (message: WorkerMessage) => parentPort!.postMessage(message);
setActivityReporter(workerActivityReporter(workerData.shared as Int32Array));
const code = await main(workerData.argv as string[], {
  print: (line) => post({ type: 'print', line }),
  warn: (line) => post({ type: 'warn', line }),
});
post({ type: 'done', code });
