/// <reference lib="webworker" />
/**
 * Runs ELK off the main thread. Protocol: `{ id, graph }` in, `{ id, result }` or `{ id, error }` out.
 * (elk.bundled.js installs its own `onmessage` when loaded in a worker; assigning ours replaces it.)
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';

const elk = new ELK();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<{ id: number; graph: ElkNode }>) => {
  const { id, graph } = event.data;
  try {
    scope.postMessage({ id, result: await elk.layout(graph) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
