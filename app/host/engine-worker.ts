import { parentPort, workerData } from 'node:worker_threads';
import { callHost, errorReply, validateHostRequest, type HostApi, type HostEvent, type HostRequestMessage } from '../../engine';
import { setActivityReporter } from '../load/activity';
import { startInspectServer } from '../xstate-inspect/inspect-server';
import { SessionHost } from './session-host';
import { workerActivityReporter } from './watched-reporter';
import { SessionRecorder, type RecordedChange } from './session-recorder';
import { routeStdoutToStderr } from '../load/stdout-to-stderr';

/**
 * Messages from the engine worker: answers as JSON text (relayed to clients as they are), each with
 * what its request recorded in the session's replay, and events.
 */
export type EngineWorkerMessage =
  | { type: 'response'; id: number; json: string; recorded: RecordedChange | null }
  | { type: 'event'; event: HostEvent }
  | { type: 'doing'; text: string }
  | { type: 'fn'; id: number; name: string }
  | { type: 'inspect'; url: string; port: number; token: string }
  | { type: 'inspect-failed'; message: string }
  | { type: 'ready' };

const post = (message: EngineWorkerMessage) => parentPort!.postMessage(message);
routeStdoutToStderr();
setActivityReporter(workerActivityReporter(workerData.shared as Int32Array));
// The inspector must exist before any chart actor starts, and live in the actors' thread.
const inspect = workerData.inspect as { port?: number; token?: string } | undefined;
if (inspect) {
  try {
    const server = await startInspectServer(inspect);
    post({ type: 'inspect', url: server.url, port: server.port, token: server.token });
  } catch (error) {
    post({ type: 'inspect-failed', message: (error as Error).message });
  }
}
const recorder = new SessionRecorder();
const host = new SessionHost({
  recorder,
  fixturesDir: workerData.fixturesDir as string,
  emit: (event) => post({ type: 'event', event }),
  devTools: !!inspect,
});
post({ type: 'ready' });

// Requests that only read the session are answered at once, even while a long one (a million
// random steps) yields between its chunks; the others wait their turn, so no two change it at once.
const READS = new Set([
  'listGames',
  'view',
  'steps',
  'step',
  'timeline',
  'exportReplay',
  'listLessons',
  'lesson',
  'searchSteps',
  'coverage',
]);
let writing: Promise<unknown> = Promise.resolve();
const inTurn = <T>(method: string, run: () => Promise<T>): Promise<T> => {
  if (READS.has(method)) return run();
  const next = writing.then(run, run);
  writing = next.catch(() => undefined);
  return next;
};

parentPort!.on('message', async (message: (HostRequestMessage & { replyId: number }) | { type: 'cancel' }) => {
  if ('type' in message) return host.cancelLongWork();
  let json: string;
  try {
    // Checked again on this side: nothing reaches game code that the protocol does not allow.
    const request = validateHostRequest(message.method, message.params);
    const result = await inTurn(message.method, () => callHost(host, request));
    json = JSON.stringify({ id: message.replyId, ok: true, result: result ?? null });
  } catch (error) {
    json = JSON.stringify(errorReply(message.replyId, error));
  }
  post({ type: 'doing', text: 'idle' });
  // What the session recorded since the last answer goes with this one, in order (a read answered
  // meanwhile carries the steps a long random run played so far).
  post({ type: 'response', id: message.id, json, recorded: recorder.take() });
});

export type { HostApi };
