import { useSyncExternalStore } from 'react';
import type { AttachInfo, HostEvent, LiveMatchSummary, SessionView } from '../../../engine/host/protocol';
import type { Controller } from '../state/controller';
import { store } from '../state/store';

export interface LiveState {
  matches: LiveMatchSummary[];
  following: string | null;
  attach: AttachInfo | null;
  /** The host offers no following (an older host, or its attach endpoint is off). */
  unavailable: boolean;
  /** Why, when the host said. */
  reason?: string;
}


let state: LiveState = { matches: [], following: null, attach: null, unavailable: false };
const listeners = new Set<() => void>();
const set = (patch: Partial<LiveState>) => {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
};

export function useLive(): LiveState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}

/** Keeps the followed-match list current, and appends the followed match's new steps to the log as they arrive. */
export function connectLive(controller: Controller): () => void {
  const host = controller.host;
  const liveMatches = host.liveMatches;
  if (typeof liveMatches !== 'function') {
    set({ unavailable: true });
    return () => undefined;
  }
  void liveMatches().then(
    (answer) => set({ ...answer, unavailable: false }),
    (error: Error) => set({ unavailable: true, reason: error.message }),
  );
  return host.onEvent((event: HostEvent) => {
    if (event.type === 'live') set({ matches: event.matches, following: event.following });
    if (event.type !== 'live-steps') return;
    const { selected, length } = store.get();
    const atEnd = selected >= length - 1;
    store.set((s) => {
      const summaries = new Map(s.summaries);
      for (const step of event.steps) summaries.set(step.index, step);
      return { summaries, length: Math.max(s.length, event.length) };
    });
    // Follow the game while the user looks at its latest step; leave them where they are otherwise.
    if (atEnd) void controller.select(event.length - 1);
  });
}

/** Opens the match's game from its seed, re-runs what was reported so far, and shows its last step. */
export async function follow(controller: Controller, id: string): Promise<void> {
  store.set({ busy: true });
  try {
    const followLive = controller.host.followLive;
    if (!followLive) throw new Error('this Flowscope host cannot follow games');
    const view: SessionView = await followLive(id);
    store.set({ view, length: view.length, summaries: new Map(), detail: null, notice: null });
    await controller.ensureSummaries(0, Math.min(view.length - 1, 400));
    await controller.select(view.length - 1);
  } catch (error) {
    store.set({ notice: { kind: 'error', text: (error as Error).message } });
  } finally {
    store.set({ busy: false });
  }
}
