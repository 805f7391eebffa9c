import { createContext, useContext } from 'react';
import { EMPTY_HIGHLIGHT, type ChartHighlight } from './chart-state';

/** The selected step's highlight, read by the node components (so steps never rebuild nodes). */
export const HighlightContext = createContext<ChartHighlight>(EMPTY_HIGHLIGHT);

export const useHighlight = () => useContext(HighlightContext);
