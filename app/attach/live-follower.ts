import type { AttachInfo, GameEntry, HostEvent, LiveApi, SessionView, StepSummary } from '../../engine';
import type { EngineHost } from '../host/engine-host';
import type { LiveHub, LiveMatch } from './live-hub';

/** Raised when a match cannot be followed; the message is for the user. */
export class FollowError extends Error {
  override name = 'FollowError';
}

/**
 * Follows one reported match in the engine host's session: opens the match's game with its seed,
 * re-runs each reported step on boardgame.io's reducer, checks it against what the game reported,
 * and keeps up as new steps arrive.
 */
export class LiveFollower implements LiveApi {
  private following: { id: string; applied: number } | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly hub: LiveHub,
    private readonly engine: EngineHost,
    private readonly emit: (event: HostEvent) => void,
    private readonly attach: AttachInfo | null,
  ) {
    hub.onChange = (id, what) => {
      if (what === 'list') this.announce();
      if (what === 'entries' && this.following?.id === id) this.catchUp();
    };
  }

  async liveMatches(): Promise<{ matches: ReturnType<LiveHub['list']>; following: string | null; attach: AttachInfo | null }> {
    return { matches: this.hub.list(), following: this.following?.id ?? null, attach: this.attach };
  }

  async followLive(id: string): Promise<SessionView> {
    const match = this.hub.get(id);
    if (!match) throw new FollowError(`no followed match ${id} (it may have ended and been dropped)`);
    const game = await this.gameFor(match);
    this.following = null;
    // One at a time with the steps that arrive meanwhile, so none is applied twice.
    const done = this.queue.then(async () => {
      await this.engine.call<SessionView>('open', { ...game, numPlayers: match.numPlayers, seed: match.seed, setupData: match.setupData });
      await this.engine.call('dispatchLive', null, match.initial, [], this.viewer(match));
      this.following = { id, applied: 0 };
      await this.apply(match, false);
      this.announce();
      return this.engine.call<SessionView>('view');
    });
    this.queue = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  /** The game to open: the one open now when its name matches (or the sender did not say), else a fixture of that name. */
  private async gameFor(match: LiveMatch): Promise<{ game: string; exportName?: string; bgio?: string }> {
    const view = await this.engine.call<SessionView | null>('view');
    if (view && (match.game === null || view.game.name === match.game))
      return { game: view.game.file, exportName: view.game.exportName, bgio: view.game.bgio };
    const games = await this.engine.call<GameEntry[]>('listGames');
    const fixture = games.find((g) => g.id === match.game);
    if (fixture) return { game: fixture.id };
    throw new FollowError(
      `open the game file of ${JSON.stringify(match.game)} first (the game open now is ${view ? JSON.stringify(view.game.name) : 'none'})`,
    );
  }

  /** A multiplayer client holds its own player's view; a local client and a server hold the whole state. */
  private viewer(match: LiveMatch): string | null | undefined {
    return match.source === 'client' && match.playerID !== null ? match.playerID : undefined;
  }

  private catchUp(): void {
    this.queue = this.queue.then(async () => {
      const match = this.following && this.hub.get(this.following.id);
      if (match)
        await this.apply(match, true).catch((error) =>
          this.emit({ type: 'stalled', message: `following ${match.id} stopped: ${(error as Error).message}` }),
        );
    });
  }

  private async apply(match: LiveMatch, announce: boolean): Promise<void> {
    const steps: StepSummary[] = [];
    while (this.following?.id === match.id && this.following.applied < match.entries.length) {
      const entry = match.entries[this.following.applied];
      const step = await this.engine.call<StepSummary>('dispatchLive', entry.action, entry.reported, entry.notes, this.viewer(match));
      if (step.index !== this.following.applied + 1) {
        // The session was changed meanwhile (an action from the UI, another game opened): stop rather than mix.
        this.following = null;
        this.announce();
        this.emit({
          type: 'stalled',
          message: `stopped following ${match.game ?? 'the game'}: the session was changed in Flowscope at step ${step.index - 1}; choose Follow again to start over`,
        });
        break;
      }
      steps.push(step);
      this.following.applied++;
    }
    if (announce && steps.length) this.emit({ type: 'live-steps', steps, length: steps[steps.length - 1].index + 1 });
  }

  private announce(): void {
    this.emit({ type: 'live', matches: this.hub.list(), following: this.following?.id ?? null });
  }
}
