import { createContext } from 'react';

/** Opens a folded phase, or folds again one the user opened (semantic zoom, use-chart-layout.ts). */
export interface Folds {
  toggle(phaseKey: string): void;
  /** Phases the user opened. */
  expanded: ReadonlySet<string>;
}

export const FoldContext = createContext<Folds>({ toggle: () => undefined, expanded: new Set() });
