/**
 * The renderer's one store: the session as the host last described it, the selection, playback,
 * and the tools, lessons and live-games slices. The controller (state/controller.ts) owns it and
 * is the only writer of the session part; components read narrow slices with `useApp(selector)`
 * and re-render only when their slice changes.
 */
import { createContext, useContext, useRef, useSyncExternalStore } from 'react';
import type {
  AttachInfo,
  Breakpoint,
  CoverageView,
  ExploreView,
  FlowAction,
  GameEntry,
  LessonEntry,
  LessonView,
  LiveMatchSummary,
  SessionView,
  StepDetail,
  StepFilter,
  StepSummary,
  TimelineMarks,
  Verdict,
} from '../../../engine/host/protocol';
import { readProgress, type LessonProgress } from './lesson-progress';
import { StepSummaries } from './step-summaries';

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
  summaries: StepSummaries;
  /** The step everything shows. */
  selected: number;
  /** The detail the panels show: the selected step's once it is in, until then the one before. */
  detail: StepDetail | null;
  /** The selected step, once its detail has been on its way a while (the panels say so); else null. */
  lateDetail: number | null;
  playing: boolean;
  /** Steps per second chosen for playback. */
  speed: number;
  /** While playing: the rate measured so far (steps advanced and frames painted per second), once known. */
  playRate: PlayRate | null;
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
  tools: ToolsState;
  learn: LearnState;
  live: LiveState;
}

export interface PlayRate {
  /** Steps the selection advanced per second. */
  steps: number;
  /** Frames painted per second (each shows the latest step; steps in between are not drawn). */
  frames: number;
}

/** The debugging tools (log filter, breakpoints, coverage, findings). */
export interface ToolsState {
  filter: StepFilter;
  /** Steps passing the filter (null while no filter is active). */
  matches: { total: number; steps: StepSummary[] } | null;
  breakpoints: Breakpoint[];
  /** The coverage painted on the chart, or null when the overlay is off. */
  coverage: CoverageView | null;
  explore: ExploreView | null;
  exploring: boolean;
  /** The findings tab's runs, steps and seed, kept while another tab is shown. */
  exploreOptions: { runs: number; steps: number; seed: string };
  /** The dock's tab under the chart, and whether its body is shown (else only the tab strip). */
  tab: DockTab;
  dockOpen: boolean;
}

export type DockTab = 'controls' | 'findings' | 'coverage' | 'breakpoints';

export interface ExerciseState {
  /** The session step the learner starts from. */
  start: number;
  tries: number;
  verdict: Verdict | null;
  solved: boolean;
  /** Shown after the first wrong try. */
  showHint: boolean;
}

/** The lessons. */
export interface LearnState {
  mode: 'closed' | 'list' | 'lesson';
  lessons: LessonEntry[];
  lesson: LessonView | null;
  index: number;
  exercise: ExerciseState | null;
  progress: Record<string, LessonProgress>;
  loading: boolean;
}

/** Games running outside Flowscope that report to it. */
export interface LiveState {
  matches: LiveMatchSummary[];
  following: string | null;
  attach: AttachInfo | null;
  /** The host offers no following (an older host, or its attach endpoint is off). */
  unavailable: boolean;
  /** Why, when the host said. */
  reason?: string;
  /** How to connect a game is shown (asked for by the desktop app's File › Follow a Game You Run…, or the bar's button). */
  connectShown: boolean;
}

export const initialState = (): AppState => ({
  connection: 'connecting',
  games: [],
  view: null,
  length: 0,
  summaries: StepSummaries.EMPTY,
  selected: 0,
  detail: null,
  lateDetail: null,
  playing: false,
  speed: 4,
  playRate: null,
  progress: null,
  busySince: null,
  actingPlayer: '0',
  pendingBranch: null,
  notice: null,
  timeline: null,
  busy: false,
  panels: { log: true, inspector: true, controls: true },
  theme: 'dark',
  tools: {
    filter: {},
    matches: null,
    breakpoints: [],
    coverage: null,
    explore: null,
    exploring: false,
    exploreOptions: { runs: 50, steps: 100, seed: 'explore' },
    tab: 'controls',
    dockOpen: true,
  },
  learn: { mode: 'closed', lessons: [], lesson: null, index: 0, exercise: null, progress: readProgress(), loading: false },
  live: { matches: [], following: null, attach: null, unavailable: false, connectShown: false },
});

type Slice = 'tools' | 'learn' | 'live';

type Listener = () => void;

/** A minimal external store: components subscribe to slices with `useApp(selector)`. */
export class Store {
  private state: AppState = initialState();
  private listeners = new Set<Listener>();

  get(): AppState {
    return this.state;
  }

  set(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void {
    const next = typeof patch === 'function' ? patch(this.state) : patch;
    this.state = { ...this.state, ...next };
    this.listeners.forEach((l) => l());
  }

  /** Patches one slice (tools, learn, live). */
  patch<K extends Slice>(slice: K, patch: Partial<AppState[K]>): void {
    this.set((s) => ({ [slice]: { ...s[slice], ...patch } }) as Partial<AppState>);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const StoreContext = createContext<Store | null>(null);

export function useStore(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside StoreContext');
  return store;
}

/** The slice `selector` picks; the component re-renders only when it changes (compared with `Object.is`). */
export function useApp<T>(selector: (s: AppState) => T): T {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.get()));
}

/**
 * Like `useApp` for a slice built anew by `selector` (an object, a list): while `equal` finds it
 * unchanged, the component keeps the one it has and does not re-render.
 */
export function useAppEqual<T>(selector: (s: AppState) => T, equal: (a: T, b: T) => boolean): T {
  const store = useStore();
  const kept = useRef<{ value: T } | null>(null);
  const snapshot = () => {
    const value = selector(store.get());
    if (kept.current && equal(kept.current.value, value)) return kept.current.value;
    kept.current = { value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, snapshot);
}

export const useTools = <T>(selector: (s: ToolsState) => T): T => useApp((s) => selector(s.tools));
export const useLearn = <T>(selector: (s: LearnState) => T): T => useApp((s) => selector(s.learn));
