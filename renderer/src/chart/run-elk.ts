/**
 * Lays an ELK graph out in a web worker; if the worker cannot start or fails, falls back to ELK
 * on the main thread (and stays there: the worker is not retried).
 */
import type { ELK, ElkNode } from 'elkjs/lib/elk-api';

type Pending = { resolve(result: ElkNode): void; reject(error: Error): void };

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
let mainElk: Promise<ELK> | null = null;
const WORKER_TIMEOUT_MS = 15_000;

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./elk-layout.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ id: number; result?: ElkNode; error?: string }>) => {
      const p = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (!p) return;
      if (event.data.result) p.resolve(event.data.result);
      else p.reject(Object.assign(new Error(event.data.error ?? 'ELK failed'), { fromElk: true }));
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      failAll(new Error(`the layout worker failed: ${event.message || 'could not start'}`));
      worker?.terminate();
      worker = null;
    };
  } catch {
    worker = null;
  }
  return worker;
}

function viaWorker(w: Worker, graph: ElkNode): Promise<ElkNode> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('the layout worker did not answer'));
    }, WORKER_TIMEOUT_MS);
    pending.set(id, {
      resolve: (r) => (clearTimeout(timer), resolve(r)),
      reject: (e) => (clearTimeout(timer), reject(e)),
    });
    w.postMessage({ id, graph });
  });
}

async function onMainThread(graph: ElkNode): Promise<ElkNode> {
  mainElk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELKConstructor }) => new ELKConstructor());
  return (await mainElk).layout(graph);
}

export async function runElk(graph: ElkNode): Promise<ElkNode> {
  const w = startWorker();
  if (w) {
    try {
      return await viaWorker(w, graph);
    } catch (error) {
      if ((error as { fromElk?: boolean }).fromElk) throw error;
      console.warn(`${(error as Error).message}; laying the chart out on the main thread`);
      if (worker) worker.terminate();
      worker = null;
    }
  }
  return onMainThread(graph);
}
