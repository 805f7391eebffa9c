import { createContext, useContext, useSyncExternalStore } from 'react';
import { EMPTY_HIGHLIGHT, type ChartHighlight } from './chart-state';

/**
 * The selected step's highlight, held outside React's props so that steps never rebuild nodes:
 * each node component selects the part it shows (`useHighlight(h => h.phase === key)`) and
 * re-renders only when that part changes, not on every step.
 */
export class HighlightStore {
  private value: ChartHighlight = EMPTY_HIGHLIGHT;
  private readonly listeners = new Set<() => void>();

  get = (): ChartHighlight => this.value;

  set(value: ChartHighlight): void {
    if (value === this.value) return;
    this.value = value;
    this.listeners.forEach((l) => l());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const HighlightContext = createContext<HighlightStore>(new HighlightStore());

/** The part of the highlight `select` picks (a primitive, or an object that is the same while unchanged). */
export function useHighlight<T>(select: (h: ChartHighlight) => T): T {
  const store = useContext(HighlightContext);
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
