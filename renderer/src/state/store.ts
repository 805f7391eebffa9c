import { useSyncExternalStore } from 'react';
import type { FlowAction, GameEntry, SessionView, StepDetail, StepSummary, TimelineMarks } from '../../../engine/host/protocol';

export interface Notice {
  kind: 'error' | 'info';
  text: string;
  /** The step selected when it was raised: selecting another step clears it (unless sticky). */
  step?: number;
  /** Stays until dismissed or a new session starts (a reload's outcome, a stalled game). */
  sticky?: boolean;
}

export interface AppState {
  /** `closed`: the server stopped (reconnecting); `refused`: wrong or missing token. */
  connection: 'connecting' | 'open' | 'closed' | 'refused';
  games: GameEntry[];
  view: SessionView | null;
  /** Number of steps in the session (step 0 included). */
  length: number;
  /** Step summaries loaded so far, by index (the log loads pages as it scrolls). */
  summaries: Map<number, StepSummary>;
  /** The step everything shows. */
  selected: number;
  detail: StepDetail | null;
  playing: boolean;
  /** Steps per second while playing. */
  speed: number;
  progress: { done: number; total: number; what?: string } | null;
  /** When the host call under way started (ms since the epoch), for the "game code is running" indicator. */
  busySince: number | null;
  /** The player the controls act as. */
  actingPlayer: string;
  /** A move or event made while looking at the past, waiting for branch-or-cancel. */
  pendingBranch: FlowAction | null;
  notice: Notice | null;
  /** Notable steps of the whole session, for the timeline (refreshed as the session grows). */
  timeline: TimelineMarks | null;
  busy: boolean;
  panels: { log: boolean; inspector: boolean; controls: boolean };
  theme: 'light' | 'dark';
}

export const initialState: AppState = {
  connection: 'connecting',
  games: [],
  view: null,
  length: 0,
  summaries: new Map(),
  selected: 0,
  detail: null,
  playing: false,
  speed: 4,
  progress: null,
  busySince: null,
  actingPlayer: '0',
  pendingBranch: null,
  notice: null,
  timeline: null,
  busy: false,
  panels: { log: true, inspector: true, controls: true },
  theme: 'dark',
};

type Listener = () => void;

/** A minimal external store: components subscribe to slices with `useApp(selector)`. */
export class Store {
  private state: AppState = initialState;
  private listeners = new Set<Listener>();

  get(): AppState {
    return this.state;
  }

  set(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void {
    const next = typeof patch === 'function' ? patch(this.state) : patch;
    this.state = { ...this.state, ...next };
    this.listeners.forEach((l) => l());
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const store = new Store();

export function useApp<T>(selector: (s: AppState) => T): T {
  return useSyncExternalStore(store.subscribe, () => selector(store.get()));
}
