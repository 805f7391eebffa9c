import type { FlowAction, HostEvent, OpenRequest, SessionView, StepSummary } from '../../../engine/host/protocol';
import type { HostConnection } from '../host/host-client';
import { Store, type Notice } from './store';
import { StepSummaries } from './step-summaries';
import { Playback } from './playback';
import type { ChartHandle } from './chart-handle';
import { nextPaint } from './next-paint';
import { DetailAhead } from './detail-ahead';
import { followingActor } from './who-acts';

const pausedAt = (hit: { step: number; reason: string }) => `paused at step ${hit.step}: ${hit.reason}`;

const PAGE = 200;
/** How long a detail may take before the panels say it is on its way (one normally comes a frame after the chart's). */
const LATE_MS = 120;

/** Everything the UI can do, as commands to the host; the store only mirrors what the host says. */
export class Controller {
  private readonly playback = new Playback(this);
  /** Set by the chart panel while a chart is drawn. */
  chart: ChartHandle | null = null;
  private loadingPages = new Set<number>();
  private readonly ahead = new DetailAhead((index) => this.host.step(index));
  /** The way the user last moved through the steps (+1 forward, -1 back): the detail asked for ahead is that way. */
  private direction = 1;

  private timelineTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly host: HostConnection,
    readonly store: Store = new Store(),
  ) {
    // The timeline's marks follow the session's length (a step added, a branch, a new session).
    let length = -1;
    this.store.subscribe(() => {
      const s = this.store.get();
      if (s.length !== length && s.view) {
        length = s.length;
        this.refreshTimeline();
      }
    });
    host.onStatus((status) => {
      const was = this.store.get().connection;
      this.store.set({ connection: status });
      if (status === 'open' && (was === 'closed' || was === 'refused')) void this.resync();
      else if (status !== 'open') this.stop();
    });
    host.onEvent((event) => this.onEvent(event));
  }

  async boot(): Promise<void> {
    await this.guard(async () => {
      const [games, view] = await Promise.all([this.host.listGames(), this.host.view()]);
      this.store.set({ games });
      if (view) this.adopt(view, view.length - 1);
      // With ?learn=… the lesson opens its own game.
      else if (games.length && !new URLSearchParams(location.search).has('learn'))
        await this.open({ game: games.find((g) => g.id === 'bang')?.id ?? games[0].id });
    });
  }

  /**
   * After a reconnect: adopt the server's session, or (a restarted server has none) open the same
   * game, players and seed again and say the earlier steps are gone.
   */
  private async resync(): Promise<void> {
    await this.guard(async () => {
      const before = this.store.get().view;
      const view = await this.host.view();
      if (view) {
        this.adopt(view, Math.min(this.store.get().selected, view.length - 1));
        this.notify('info', 'reconnected to Flowscope');
      } else if (before) {
        this.adopt(
          await this.host.open({
            game: before.game.file,
            exportName: before.game.exportName,
            numPlayers: before.numPlayers,
            seed: before.seed,
          }),
          0,
        );
        this.notify(
          'info',
          `reconnected: the server had restarted, so ${before.game.name} was opened again (the earlier steps are gone; open a saved replay to get them back)`,
          true,
        );
      } else await this.boot();
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
      const { breakpoints } = this.store.get().tools;
      const hit = breakpoints.length ? await this.host.findBreak(0, breakpoints) : null;
      this.adopt(view, hit ? hit.step : view.length - 1);
      this.notify('info', hit ? pausedAt(hit) : `opened replay${name ? ` ${name}` : ''}: ${view.length - 1} steps`);
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
    const { selected, length } = this.store.get();
    if (selected < length - 1) {
      this.store.set({ pendingBranch: action });
      return;
    }
    await this.send(action);
  }

  async confirmBranch(branch: boolean): Promise<void> {
    const action = this.store.get().pendingBranch;
    this.store.set({ pendingBranch: null });
    if (branch && action) await this.send(action, this.store.get().selected);
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
      if (at !== undefined) this.ahead.clear();
      this.store.set((s) => ({ summaries: (at !== undefined ? s.summaries.upTo(at) : s.summaries).with([step]), length: step.index + 1 }));
      await this.select(step.index);
      if (!step.ok) this.notify('error', `step ${step.index} was refused: ${step.error?.message}`);
    });
  }

  async random(count: number): Promise<void> {
    const { selected, length } = this.store.get();
    if (selected < length - 1) await this.select(length - 1);
    await this.guard(async () => {
      this.store.set({ progress: { done: 0, total: count } });
      const { breakpoints } = this.store.get().tools;
      const steps = await this.host.random(count, breakpoints.length ? breakpoints : undefined);
      this.remember(steps);
      const last = steps.length ? steps[steps.length - 1].index : this.store.get().length - 1;
      this.store.set({ length: last + 1, progress: null });
      const hit = steps.length < count && breakpoints.length && steps.length ? await this.host.findBreak(last - 1, breakpoints) : null;
      if (hit && hit.step === last) this.notify('info', pausedAt(hit), false, last);
      else if (steps.length < count) this.notify('info', `stopped after ${steps.length} steps: nobody can act (game over?)`, false, last);
      await this.select(last);
    });
    this.store.set({ progress: null });
  }

  /**
   * Selects step `index` at once (the chart and log follow in the same frame) and then brings its
   * detail; resolves when the detail of the latest selection is in the store. Selections made
   * while a detail is on its way are coalesced: only the latest one is asked for next.
   */
  async select(index: number): Promise<void> {
    const { length } = this.store.get();
    const target = Math.max(0, Math.min(index, length - 1));
    const { notice, selected } = this.store.get();
    if (target !== selected) this.direction = target > selected ? 1 : -1;
    const stale = notice && !notice.sticky && notice.step !== target;
    this.store.set({ selected: target, lateDetail: null, ...(stale ? { notice: null } : {}) });
    this.wanted = { index: target, session: this.session };
    this.selectionPainted = nextPaint();
    this.watchLate(target);
    this.loadingDetail ??= this.loadDetails().finally(() => (this.loadingDetail = null));
    await this.loadingDetail;
  }

  private wanted: { index: number; session: number } | null = null;
  /** Counts sessions adopted, so a detail of the one before is never shown in the next. */
  private session = 0;
  /** Resolves once the frame showing the latest selection (chart, log, toolbar) is painted. */
  private selectionPainted: Promise<void> = Promise.resolve();
  private lateTimer: ReturnType<typeof setTimeout> | null = null;

  /** Marks the selected step's detail late (`lateDetail`) if it is not in after LATE_MS. */
  private watchLate(target: number): void {
    this.stopWatchingLate();
    this.lateTimer = setTimeout(() => {
      this.lateTimer = null;
      const { detail, selected } = this.store.get();
      if (selected === target && detail?.index !== target) this.store.set({ lateDetail: target });
    }, LATE_MS);
  }
  private stopWatchingLate(): void {
    if (this.lateTimer) clearTimeout(this.lateTimer);
    this.lateTimer = null;
  }
  private loadingDetail: Promise<void> | null = null;

  /**
   * Fetches the detail of the latest selection until it is in the store. A detail that arrives
   * after the selection moved on is still shown (the panels mark it as not the selected step's):
   * while playing fast, every fetch is overtaken, and the panels should follow, not freeze.
   */
  private async loadDetails(): Promise<void> {
    for (;;) {
      const wanted = this.wanted;
      if (!wanted) return;
      try {
        const detail = await this.ahead.take(wanted.session, wanted.index);
        // The panels that show it (step detail, inspector, controls) are drawn in a frame after the
        // chart's, so the chart's frame holds only the chart, the log and the toolbar.
        await this.selectionPainted;
        // An overtaken detail is still shown, but the selected step's is still late.
        if (wanted.session === this.session) {
          // The controls act as whoever must act at this step, unless the player chosen may still act.
          const { actingPlayer, view } = this.store.get();
          const acting = view?.players && detail.ctx ? followingActor(detail.ctx, actingPlayer, view.players) : actingPlayer;
          this.store.set(this.wanted === wanted ? { detail, lateDetail: null, actingPlayer: acting } : { detail, actingPlayer: acting });
        }
        if (this.wanted === wanted) {
          this.stopWatchingLate();
          const next = wanted.index + this.direction;
          if (wanted.session === this.session && next >= 0 && next < this.store.get().length) this.ahead.prepare(wanted.session, next);
          return;
        }
      } catch (error) {
        if ((error as Error).name !== 'ConnectionError') this.notify('error', (error as Error).message);
        if (this.wanted === wanted) return;
      }
    }
  }

  stepBy(delta: number): Promise<void> {
    return this.select(this.store.get().selected + delta);
  }

  togglePlay(): void {
    if (this.store.get().playing) return this.stop();
    this.playback.start();
  }

  stop(): void {
    this.playback.stop();
  }

  /** Shows a breakpoint hit: selects its step and says why playback or a run paused there. */
  async pauseAt(hit: { step: number; reason: string }): Promise<void> {
    await this.select(hit.step);
    this.notify('info', pausedAt(hit));
  }

  /** Loads the summaries of steps `from..to` that are not loaded yet (the log calls this as it scrolls). */
  async ensureSummaries(from: number, to: number): Promise<void> {
    const { summaries, length } = this.store.get();
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
    this.store.set({ actingPlayer: player });
  }

  /** Adds summaries the host sent (pages the log loads, steps just played, a followed game's new steps). */
  remember(steps: StepSummary[]): void {
    this.store.set((s) => ({ summaries: s.summaries.with(steps) }));
  }

  private adopt(view: SessionView, select: number): void {
    this.begin(view);
    const current = this.store.get().actingPlayer;
    this.store.set({ actingPlayer: view.players.includes(current) ? current : view.players[0] });
    void this.ensureSummaries(0, Math.min(view.length - 1, 400));
    void this.select(select);
  }

  /** Shows a new (or reloaded) session with nothing of the one before: no steps, detail or notices. */
  begin(view: SessionView): void {
    this.stop();
    this.stopWatchingLate();
    this.session++;
    this.store.set({ view, length: view.length, summaries: StepSummaries.EMPTY, detail: null, lateDetail: null, notice: null });
  }

  private onEvent(event: HostEvent): void {
    switch (event.type) {
      case 'progress':
        if (event.done >= event.total) {
          // The wait the progress showed is over: what is left of the call is timed from now, or the
          // busy line would open at "3 s" as if game code had hung.
          this.store.set((s) => ({ progress: null, busySince: s.busySince === null ? null : Date.now() }));
        } else this.store.set({ progress: { done: event.done, total: event.total, what: event.what } });
        break;
      case 'session':
        this.ahead.clear();
        this.store.set({ view: event.view, length: event.view.length });
        break;
      case 'stalled':
        this.store.set({ busy: false, busySince: null, progress: null });
        this.notify('error', event.message, true);
        break;
      case 'reloaded': {
        const result = event.result;
        if (!result.ok) {
          this.notify('error', `The edit does not load; still running the last good version.\n${result.error}`, true);
          break;
        }
        const d = result.divergence;
        const file = result.view.game.file.split(/[\\/]/).pop();
        this.adopt(result.view, d ? d.step : Math.min(this.store.get().selected, result.view.length - 1));
        if (d)
          this.notify(
            'error',
            `${file} changed: replayed ${result.replayed} steps; the first difference is at step ${d.step}: ${d.differences.slice(0, 3).join('; ')}`,
            true,
          );
        else this.notify('info', `${file} changed: replayed ${result.replayed} steps, every step has the same outcome`, true);
        break;
      }
    }
  }

  /** Asks the host for the timeline's marks, at most every 250 ms while steps keep coming. */
  private refreshTimeline(): void {
    if (this.timelineTimer) return;
    this.timelineTimer = setTimeout(async () => {
      this.timelineTimer = null;
      try {
        const marks = await this.host.timeline();
        this.store.set({ timeline: marks });
        if (marks.length !== this.store.get().length) this.refreshTimeline();
      } catch {
        // No connection or no session: the slider works without marks.
      }
    }, 250);
  }

  /** Zoom to Fit (the menu's command); nothing while no chart is drawn. */
  fitChart(): void {
    this.chart?.fit();
  }

  /** The whole chart as an SVG or PNG data URL (the menu's Export Chart). */
  exportChart(format: 'svg' | 'png'): Promise<string> {
    return this.chart ? this.chart.exportImage(format) : Promise.reject(new Error('no chart is drawn yet'));
  }

  /** Shows a notice about the step selected now (see `Notice`). */
  notify(kind: Notice['kind'], text: string, sticky = false, step = this.store.get().selected): void {
    this.store.set({ notice: { kind, text, step, sticky } });
  }

  private async guard(fn: () => Promise<void>): Promise<void> {
    this.store.set({ busy: true, busySince: Date.now() });
    try {
      await fn();
    } catch (error) {
      // With the connection down the banner says what happened; a notice per failed call adds nothing.
      if ((error as Error).name !== 'ConnectionError') this.notify('error', (error as Error).message);
    } finally {
      this.store.set({ busy: false, busySince: null });
    }
  }
}
