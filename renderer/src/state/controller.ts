import type { FlowAction, HostEvent, OpenRequest, SessionView, StepSummary } from '../../../engine/host/protocol';
import type { HostConnection } from '../host/host-client';
import { store } from './store';
import { toolsStore } from '../tools/tools-store';

const pausedAt = (hit: { step: number; reason: string }) => ({ kind: 'info' as const, text: `paused at step ${hit.step}: ${hit.reason}` });

const PAGE = 200;

/** Everything the UI can do, as commands to the host; the store only mirrors what the host says. */
export class Controller {
  private playTimer: ReturnType<typeof setTimeout> | null = null;
  private detailRequest = 0;
  private loadingPages = new Set<number>();

  constructor(readonly host: HostConnection) {
    host.onStatus((status) => store.set({ connection: status }));
    host.onEvent((event) => this.onEvent(event));
  }

  async boot(): Promise<void> {
    await this.guard(async () => {
      const [games, view] = await Promise.all([this.host.listGames(), this.host.view()]);
      store.set({ games });
      if (view) this.adopt(view, view.length - 1);
      // With ?learn=… the lesson opens its own game.
      else if (games.length && !new URLSearchParams(location.search).has('learn')) await this.open({ game: games.find((g) => g.id === 'bang')?.id ?? games[0].id });
    });
  }

  async open(request: OpenRequest): Promise<void> {
    await this.guard(async () => this.adopt(await this.host.open(request), 0));
  }

  async restart(numPlayers: number, seed: string, setupData?: unknown): Promise<void> {
    await this.guard(async () => this.adopt(await this.host.restart({ numPlayers, seed, setupData }), 0));
  }

  async openReplay(text: string, name?: string): Promise<void> {
    await this.guard(async () => {
      const view = await this.host.openReplay(text, name);
      const { breakpoints } = toolsStore.get();
      const hit = breakpoints.length ? await this.host.findBreak(0, breakpoints) : null;
      this.adopt(view, hit ? hit.step : view.length - 1);
      store.set({ notice: hit ? pausedAt(hit) : { kind: 'info', text: `opened replay${name ? ` ${name}` : ''}: ${view.length - 1} steps` } });
    });
  }

  async exportReplay(): Promise<string | null> {
    let text: string | null = null;
    await this.guard(async () => {
      text = await this.host.exportReplay();
    });
    return text;
  }

  /** Makes a move or fires an event as the acting player; in the past, asks to branch first. */
  async act(action: FlowAction): Promise<void> {
    const { selected, length } = store.get();
    if (selected < length - 1) {
      store.set({ pendingBranch: action });
      return;
    }
    await this.send(action);
  }

  async confirmBranch(branch: boolean): Promise<void> {
    const action = store.get().pendingBranch;
    store.set({ pendingBranch: null });
    if (branch && action) await this.send(action, store.get().selected);
  }

  /** Dispatches without asking to branch (`at` discards the steps after it): for guided flows such as lessons. */
  dispatchAt(action: FlowAction, at?: number): Promise<void> {
    return this.send(action, at);
  }

  /** Shows a session the host opened for a guided flow (a lesson), at step `select`. */
  show(view: SessionView, select: number): void {
    this.adopt(view, select);
  }

  private async send(action: FlowAction, at?: number): Promise<void> {
    await this.guard(async () => {
      const step = await this.host.dispatch(action, at);
      store.set((s) => {
        const summaries = new Map(at !== undefined ? [...s.summaries].filter(([i]) => i <= at) : s.summaries);
        summaries.set(step.index, step);
        return { summaries, length: step.index + 1 };
      });
      await this.select(step.index);
      if (!step.ok) store.set({ notice: { kind: 'error', text: `step ${step.index} was refused: ${step.error?.message.split('\n')[0]}` } });
    });
  }

  async random(count: number): Promise<void> {
    const { selected, length } = store.get();
    if (selected < length - 1) await this.select(length - 1);
    await this.guard(async () => {
      store.set({ progress: { done: 0, total: count } });
      const { breakpoints } = toolsStore.get();
      const steps = await this.host.random(count, breakpoints.length ? breakpoints : undefined);
      this.remember(steps);
      const last = steps.length ? steps[steps.length - 1].index : store.get().length - 1;
      store.set({ length: last + 1, progress: null });
      const hit = steps.length < count && breakpoints.length && steps.length ? await this.host.findBreak(last - 1, breakpoints) : null;
      if (hit && hit.step === last) store.set({ notice: pausedAt(hit) });
      else if (steps.length < count) store.set({ notice: { kind: 'info', text: `stopped after ${steps.length} steps: nobody can act (game over?)` } });
      await this.select(last);
    });
    store.set({ progress: null });
  }

  async select(index: number): Promise<void> {
    const { length } = store.get();
    const target = Math.max(0, Math.min(index, length - 1));
    store.set({ selected: target });
    const ticket = ++this.detailRequest;
    try {
      const detail = await this.host.step(target);
      if (ticket === this.detailRequest) store.set({ detail });
    } catch (error) {
      store.set({ notice: { kind: 'error', text: (error as Error).message } });
    }
  }

  stepBy(delta: number): Promise<void> {
    return this.select(store.get().selected + delta);
  }

  togglePlay(): void {
    if (store.get().playing) return this.stop();
    store.set({ playing: true });
    // Playback pauses at the next step that hits a breakpoint (asked once, from where it starts).
    const { breakpoints } = toolsStore.get();
    const nextHit = breakpoints.length ? this.host.findBreak(store.get().selected, breakpoints).catch((error) => (store.set({ notice: { kind: 'error', text: (error as Error).message } }), null)) : Promise.resolve(null);
    const tick = async () => {
      const { selected, length, playing, speed } = store.get();
      if (!playing) return;
      if (selected >= length - 1) return this.stop();
      const hit = await nextHit;
      if (hit && selected + 1 >= hit.step) {
        await this.select(hit.step);
        this.stop();
        store.set({ notice: pausedAt(hit) });
        return;
      }
      await this.select(selected + 1);
      this.playTimer = setTimeout(tick, 1000 / speed);
    };
    void tick();
  }

  stop(): void {
    if (this.playTimer) clearTimeout(this.playTimer);
    this.playTimer = null;
    store.set({ playing: false });
  }

  /** Loads the summaries of steps `from..to` that are not loaded yet (the log calls this as it scrolls). */
  async ensureSummaries(from: number, to: number): Promise<void> {
    const { summaries, length } = store.get();
    const firstPage = Math.floor(Math.max(0, from) / PAGE);
    const lastPage = Math.floor(Math.min(to, length - 1) / PAGE);
    for (let page = firstPage; page <= lastPage; page++) {
      const start = page * PAGE;
      if (summaries.has(start) && summaries.has(Math.min(start + PAGE - 1, length - 1))) continue;
      if (this.loadingPages.has(page)) continue;
      this.loadingPages.add(page);
      try {
        this.remember(await this.host.steps(start, start + PAGE - 1));
      } finally {
        this.loadingPages.delete(page);
      }
    }
  }

  setActingPlayer(player: string): void {
    store.set({ actingPlayer: player });
  }

  private remember(steps: StepSummary[]): void {
    store.set((s) => {
      const summaries = new Map(s.summaries);
      for (const step of steps) summaries.set(step.index, step);
      return { summaries };
    });
  }

  private adopt(view: SessionView, select: number): void {
    this.stop();
    const current = store.get().actingPlayer;
    store.set({ view, length: view.length, summaries: new Map(), detail: null, actingPlayer: view.players.includes(current) ? current : view.players[0] });
    void this.ensureSummaries(0, Math.min(view.length - 1, 400));
    void this.select(select);
  }

  private onEvent(event: HostEvent): void {
    switch (event.type) {
      case 'progress':
        store.set({ progress: event.done >= event.total ? null : { done: event.done, total: event.total } });
        break;
      case 'session':
        store.set({ view: event.view, length: event.view.length });
        break;
      case 'stalled':
        store.set({ notice: { kind: 'error', text: event.message }, busy: false, progress: null });
        break;
      case 'reloaded': {
        const result = event.result;
        if (!result.ok) {
          store.set({ notice: { kind: 'error', text: `The edit does not load; still running the last good version.\n${result.error}` } });
          break;
        }
        const d = result.divergence;
        const file = result.view.game.file.split(/[\\/]/).pop();
        this.adopt(result.view, d ? d.step : Math.min(store.get().selected, result.view.length - 1));
        store.set({
          notice: d
            ? { kind: 'error', text: `${file} changed: replayed ${result.replayed} steps; the first difference is at step ${d.step}: ${d.differences.slice(0, 3).join('; ')}` }
            : { kind: 'info', text: `${file} changed: replayed ${result.replayed} steps, every step has the same outcome` },
        });
        break;
      }
    }
  }

  private async guard(fn: () => Promise<void>): Promise<void> {
    store.set({ busy: true });
    try {
      await fn();
    } catch (error) {
      store.set({ notice: { kind: 'error', text: (error as Error).message } });
    } finally {
      store.set({ busy: false });
    }
  }
}
