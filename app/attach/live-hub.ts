import {
  fromBgioAction,
  likelyPlayer,
  MatchLogReader,
  playerIsAmbiguous,
  readFlowCtx,
  type BgioState,
  type FlowAction,
  type LiveMatchSummary,
  type PlayerID,
} from '../../engine';
import type { AttachMessage, ClientAction, ReportedState } from './attach-protocol';

/** One step of a followed match: the action to re-run, what the game reported after it, and what to tell the user. */
export interface LiveEntry {
  action: FlowAction;
  reported: ReportedState | null;
  notes: string[];
}

export interface LiveMatch {
  id: string;
  source: 'client' | 'server';
  label?: string;
  game: string | null;
  matchID: string;
  playerID: PlayerID | null;
  numPlayers: number;
  seed: string;
  setupData: unknown;
  initial: ReportedState;
  entries: LiveEntry[];
  /** Notes waiting for the next entry (a gap before it). */
  pending: string[];
  reader: MatchLogReader;
  last: ReportedState;
  connected: boolean;
  updatedAt: number;
}

export interface LiveHubLimits {
  /** Matches kept at once (the oldest finished or disconnected one is dropped first). */
  matches: number;
  /** Steps kept per match. */
  entries: number;
}

/** Misuse of the attach protocol by one sender; its connection is told and the hub goes on. */
export class AttachError extends Error {
  override name = 'AttachError';
}

/**
 * The matches that followed games report, each under `instance/matchID` (a sender's random
 * instance id, so one sender can never write into another's matches). Turns what they send
 * (a local client's actions, a server's or multiplayer client's log) into Flowscope actions.
 */
export class LiveHub {
  private readonly matches = new Map<string, LiveMatch>();
  /** Told when a match's list entry changed (`list`) or when it has new steps (`entries`). */
  onChange: (id: string, what: 'list' | 'entries') => void = () => undefined;

  constructor(private readonly limits: LiveHubLimits = { matches: 100, entries: 100_000 }) {}

  get(id: string): LiveMatch | undefined {
    return this.matches.get(id);
  }

  list(): LiveMatchSummary[] {
    return [...this.matches.values()]
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map((m) => ({
        id: m.id,
        source: m.source,
        label: m.label,
        game: m.game,
        matchID: m.matchID,
        playerID: m.playerID,
        numPlayers: m.numPlayers,
        steps: m.entries.length,
        connected: m.connected,
        gameover: m.last.ctx.gameover !== undefined,
        updatedAt: m.updatedAt,
      }));
  }

  /** A sender's connection closed: its matches stay (they can still be followed), marked disconnected. */
  disconnected(instance: string): void {
    for (const m of this.matches.values())
      if (m.id.startsWith(`${instance}/`) && m.connected) {
        m.connected = false;
        this.onChange(m.id, 'list');
      }
  }

  receive(
    sender: { instance: string; role: 'client' | 'server'; label?: string },
    message: Exclude<AttachMessage, { type: 'hello' }>,
  ): void {
    const id = `${sender.instance}/${message.match}`;
    if (message.type === 'match') return this.begin(id, sender, message);
    const match = this.matches.get(id);
    if (!match) throw new AttachError(`no match ${message.match} was announced on this connection (send "match" first)`);
    match.connected = true;
    match.updatedAt = Date.now();
    const before = match.entries.length;
    if (message.type === 'action') {
      if (message.seq < match.entries.length) return; // sent again after a reconnection
      if (message.seq > match.entries.length)
        match.pending.push(`${message.seq - match.entries.length} earlier action(s) of the game never reached Flowscope`);
      this.push(match, clientAction(message.action, match.last), message.state);
    } else {
      this.readLog(match, message.entries, message.state);
    }
    if (match.entries.length > this.limits.entries)
      throw new AttachError(`match ${message.match} passed ${this.limits.entries} steps; Flowscope stopped following it`);
    if (match.entries.length !== before) this.onChange(id, 'entries');
    this.onChange(id, 'list');
  }

  private begin(
    id: string,
    sender: { instance: string; role: 'client' | 'server'; label?: string },
    message: Extract<AttachMessage, { type: 'match' }>,
  ): void {
    const existing = this.matches.get(id);
    // A reconnection announces the same match again: keep what was followed.
    if (existing && existing.seed === message.seed && existing.initial._stateID === message.initial._stateID) {
      existing.connected = true;
      this.onChange(id, 'list');
      return;
    }
    if (!existing && this.matches.size >= this.limits.matches) this.evictOne(sender.instance);
    this.matches.set(id, {
      id,
      source: sender.role,
      label: sender.label,
      game: message.game,
      matchID: message.match,
      playerID: message.playerID,
      numPlayers: message.numPlayers,
      seed: message.seed,
      setupData: message.setupData ?? null,
      initial: message.initial,
      entries: [],
      pending: [],
      reader: new MatchLogReader(message.initial._stateID),
      last: message.initial,
      connected: true,
      updatedAt: Date.now(),
    });
    this.onChange(id, 'list');
  }

  private evictOne(instance: string): void {
    const victims = [...this.matches.values()]
      .filter((m) => !m.connected || m.last.ctx.gameover !== undefined)
      .sort((a, b) => a.updatedAt - b.updatedAt);
    const own = [...this.matches.values()].filter((m) => m.id.startsWith(`${instance}/`)).sort((a, b) => a.updatedAt - b.updatedAt);
    const victim = victims[0] ?? own[0];
    if (!victim) throw new AttachError(`Flowscope follows ${this.limits.matches} matches already`);
    this.matches.delete(victim.id);
  }

  private push(match: LiveMatch, action: FlowAction | null, reported: ReportedState | null, note?: string): void {
    if (note) match.pending.push(note);
    if (!action) return;
    match.entries.push({ action, reported, notes: match.pending.splice(0) });
    if (reported) match.last = reported;
  }

  private readLog(match: LiveMatch, entries: Parameters<MatchLogReader['read']>[0], state: ReportedState | null): void {
    const { actions, gaps } = match.reader.read(entries);
    const trailing = state ? match.reader.finish(state._stateID) : [];
    const gameover = state?.ctx.gameover;
    const flow: { stateID: number; action: FlowAction; note?: string }[] = [];
    const notes = new Map<number, string[]>();
    for (const gap of gaps) notes.set(gap.stateID, [...(notes.get(gap.stateID) ?? []), `boardgame.io's log: ${gap.message}`]);
    const ctx = readFlowCtx(match.last as BgioState);
    for (const logged of actions) {
      let action = logged.action;
      let note: string | undefined;
      if (!logged.playerKnown && action.type !== 'reset') {
        action = { ...action, playerID: likelyPlayer(ctx) };
        if (playerIsAmbiguous(ctx, action)) note = `boardgame.io logs no player for events: replayed as player ${action.playerID}'s`;
      }
      flow.push({ stateID: logged.stateID, action, note });
    }
    // boardgame.io logs endGame inside a phase as endPhase, and outside one not at all.
    const last = flow[flow.length - 1];
    if (gameover !== undefined && trailing.length === 1 && flow.every((f) => f.stateID < trailing[0].stateID)) {
      flow.push({
        stateID: trailing[0].stateID,
        action: { type: 'event', name: 'endGame', args: [gameover], playerID: likelyPlayer(ctx) },
        note: 'no log entry: restored as endGame from the reported gameover (boardgame.io logs nothing for endGame outside a phase)',
      });
      trailing.length = 0;
    } else if (
      gameover !== undefined &&
      last?.action.type === 'event' &&
      last.action.name === 'endPhase' &&
      last.action.args.length === 0
    ) {
      last.action = { ...last.action, name: 'endGame', args: [gameover] };
      last.note =
        'logged as endPhase: restored as endGame from the reported gameover (boardgame.io logs endGame inside a phase as endPhase)';
    }
    for (const gap of trailing) notes.set(gap.stateID, [...(notes.get(gap.stateID) ?? []), `boardgame.io's log: ${gap.message}`]);
    for (const [i, f] of flow.entries()) {
      for (const [stateID, list] of notes)
        if (stateID <= f.stateID) {
          match.pending.push(...list);
          notes.delete(stateID);
        }
      this.push(match, f.action, i === flow.length - 1 ? state : null, f.note);
    }
    for (const list of notes.values()) match.pending.push(...list);
    if (state && flow.length === 0) match.last = state;
  }
}

/** A local client's redux action as a Flowscope action (the player defaults as boardgame.io's client does). */
function clientAction(action: ClientAction, before: ReportedState): FlowAction {
  const read = fromBgioAction(action, { player: String(before.ctx.currentPlayer ?? '0') });
  if (!read.ok) throw new AttachError(read.message);
  return read.action;
}
