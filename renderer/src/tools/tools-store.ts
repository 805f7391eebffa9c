import { useSyncExternalStore } from 'react';
import type { Breakpoint, CoverageView, ExploreView, StepFilter, StepSummary } from '../../../engine/host/protocol';

/** State of the debugging tools (log filter, breakpoints, coverage, findings), apart from the session's store. */
export interface ToolsState {
  filter: StepFilter;
  /** Steps passing the filter (null while no filter is active). */
  matches: { total: number; steps: StepSummary[] } | null;
  breakpoints: Breakpoint[];
  /** The coverage painted on the chart, or null when the overlay is off. */
  coverage: CoverageView | null;
  explore: ExploreView | null;
  exploring: boolean;
  tab: 'findings' | 'coverage' | 'breakpoints' | null;
}

let state: ToolsState = { filter: {}, matches: null, breakpoints: [], coverage: null, explore: null, exploring: false, tab: null };
const listeners = new Set<() => void>();

export const toolsStore = {
  get: (): ToolsState => state,
  set(patch: Partial<ToolsState>): void {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTools<T>(selector: (s: ToolsState) => T): T {
  return useSyncExternalStore(toolsStore.subscribe, () => selector(toolsStore.get()));
}
