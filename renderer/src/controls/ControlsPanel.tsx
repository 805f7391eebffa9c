import { memo, useCallback, useRef, useState, type ReactNode } from 'react';
import type { SessionView } from '../../../engine/host/protocol';
import { useController } from '../state/context';
import { sameData } from '../state/same-data';
import { useApp, useAppEqual, type AppState } from '../state/store';
import { parseMoveArgs } from './args';
import { EventControls } from './EventControls';
import { CtlIcon } from './CtlIcon';
import { isGameOver, noMovesReason, playerClass, playerLabel, playerStatus, type PlayerStatus } from './players';
import './controls.css';

/**
 * Under the chart: act as any player (moves, events, undo/redo/reset) and play random steps.
 * Each row reads only what it shows from the store, so a new step re-renders only the rows it changes.
 */
export function ControlsPanel() {
  const view = useApp((s) => s.view);
  const hasDetail = useApp((s) => s.detail !== null);
  const acting = useApp((s) => s.actingPlayer);
  // The controls follow the step whose detail is in, like the moves they offer.
  const past = useApp((s) => s.detail !== null && s.detail.index < s.length - 1);
  if (!view) return <section className="panel controls-panel" aria-label="controls" />;
  return (
    <section className="panel controls-panel" aria-label="controls">
      {past && <PastNote />}
      <div className="ctl-grid">
        <Row label="Act as">
          <ActAs view={view} acting={acting} />
        </Row>
        <Row label="Moves" className={playerClass(acting, view.players)}>
          {hasDetail ? <Moves acting={acting} /> : <span className="ctl-muted">loading…</span>}
        </Row>
        {view.enabledEvents.length > 0 && (
          <Row label="Events">
            {hasDetail ? <EventControls view={view} acting={acting} /> : <span className="ctl-muted">loading…</span>}
          </Row>
        )}
        <Row label="Play">
          <HistoryAndRandom acting={acting} />
        </Row>
      </div>
    </section>
  );
}

function Row({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <>
      <div className="ctl-label">{label}</div>
      <div className={className ? `ctl-cell ${className}` : 'ctl-cell'}>{children}</div>
    </>
  );
}

function PastNote() {
  const controller = useController();
  // Shown only while a detail is in (see `past`).
  const shown = useApp((s) => s.detail?.index);
  const last = useApp((s) => s.length - 1);
  return (
    <div className="ctl-past" role="status" data-testid="past-note">
      <CtlIcon name="branch" />
      <span>
        viewing step {shown} of {last}: acting will offer to branch
      </span>
      <button className="ctl-link" onClick={() => void controller.select(last)}>
        go to step {last}
      </button>
    </div>
  );
}

function statusText(s: PlayerStatus): string {
  const parts: string[] = [];
  if (s.current) parts.push('current player');
  if (s.active) parts.push(s.stage ? `active in stage ${s.stage}` : 'active');
  else parts.push('not active');
  return parts.join(', ');
}

const NOT_PLAYING: Omit<PlayerStatus, 'id'> = { current: false, active: false, stage: undefined };

const ActAs = memo(function ActAs({ view, acting }: { view: SessionView; acting: string }) {
  const controller = useController();
  const { statuses, over } = useAppEqual((s) => {
    const ctx = s.detail?.ctx;
    return {
      statuses: view.players.map((id) => (ctx ? playerStatus(ctx, id) : { id, ...NOT_PLAYING })),
      over: ctx ? isGameOver(ctx) : false,
    };
  }, sameData);
  return (
    <div className="ctl-players">
      <select
        aria-label="acting player"
        className={`ctl-act-select ${playerClass(acting, view.players)}`}
        value={acting}
        onChange={(e) => controller.setActingPlayer(e.target.value)}
      >
        {statuses.map((s) => (
          <option key={s.id} value={s.id}>
            {playerLabel(s.id)}
            {s.current ? ' ★' : ''}
            {s.active ? (s.stage ? ` · ${s.stage}` : ' · active') : ''}
          </option>
        ))}
      </select>
      <div className="ctl-chips" role="group" aria-label="players">
        {statuses.map((s) => (
          <button
            key={s.id}
            className={`ctl-chip ${playerClass(s.id, view.players)}${s.active ? ' active' : ''}`}
            aria-pressed={s.id === acting}
            data-testid={`player-${s.id}`}
            data-active={s.active || undefined}
            data-current={s.current || undefined}
            title={`${playerLabel(s.id)}: ${statusText(s)}. Click to act as ${playerLabel(s.id)}.`}
            onClick={() => controller.setActingPlayer(s.id)}
          >
            <span className="ctl-dot" />
            <span className="ctl-chip-name">{playerLabel(s.id)}</span>
            {s.current && (
              <span className="ctl-turn" aria-label="current player">
                ★
              </span>
            )}
            {s.stage && <span className="ctl-stage">{s.stage}</span>}
          </button>
        ))}
      </div>
      {over && <span className="ctl-badge ctl-badge-over">game over</span>}
    </div>
  );
});

const NO_MOVES: readonly string[] = [];

/** What the Moves row shows of the step's detail for the acting player. */
function movesOf(detail: AppState['detail'], acting: string) {
  if (!detail) return { moves: NO_MOVES, suggested: undefined, reason: '', movers: NO_MOVES, players: NO_MOVES };
  const moves = detail.available[acting] ?? NO_MOVES;
  const players = Object.keys(detail.available);
  return {
    moves,
    suggested: detail.suggested?.[acting],
    reason: moves.length === 0 ? noMovesReason(detail.ctx, acting) : '',
    movers: moves.length === 0 ? players.filter((id) => id !== acting && detail.available[id].length > 0) : NO_MOVES,
    players,
  };
}

const Moves = memo(function Moves({ acting }: { acting: string }) {
  const controller = useController();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const { moves, suggested, reason, movers, players } = useAppEqual((s) => movesOf(s.detail, acting), sameData);
  // Typed arguments are kept per player: switching players does not carry one player's card ids to another.
  const onText = useCallback((name: string, text: string) => setTexts((t) => ({ ...t, [`${acting}\u0000${name}`]: text })), [acting]);
  if (moves.length === 0) {
    return (
      <div className="ctl-why" data-testid="no-moves">
        {reason}
        {movers.length > 0 && (
          <span className="ctl-switch">
            {movers.map((id) => (
              <button key={id} className={`ctl-switch-btn ${playerClass(id, players)}`} onClick={() => controller.setActingPlayer(id)}>
                act as {playerLabel(id)}
              </button>
            ))}
          </span>
        )}
      </div>
    );
  }
  const textOf = (name: string) => texts[`${acting}\u0000${name}`] ?? '';
  const errors = moves.map((name) => [name, parseMoveArgs(textOf(name))] as const).filter(([, p]) => !p.ok);
  return (
    <>
      <div className="ctl-moves">
        {moves.map((name) => (
          <MoveControl key={name} name={name} acting={acting} text={textOf(name)} onText={onText} />
        ))}
      </div>
      {suggested && suggested.length > 0 && <SuggestedMoves moves={suggested} acting={acting} />}
      {errors.map(([name, parsed]) => (
        <div key={name} className="ctl-error" id={`move-error-${name}`} role="alert">
          <b>{name}</b>: {!parsed.ok && parsed.error}
        </div>
      ))}
    </>
  );
});

/** The game's own list of valid moves with their arguments (`ai.enumerate`): one click plays one. */
const SuggestedMoves = memo(function SuggestedMoves({ moves, acting }: { moves: { name: string; args: unknown[] }[]; acting: string }) {
  const controller = useController();
  return (
    <div className="ctl-suggested" role="group" aria-label="valid moves from ai.enumerate">
      <span className="ctl-suggested-label" title="from the game's ai.enumerate">
        valid now:
      </span>
      {moves.map((m, i) => {
        const call = `${m.name}(${m.args.map((a) => JSON.stringify(a)).join(', ')})`;
        return (
          <button
            key={i}
            className="ctl-suggested-move"
            data-testid="suggested-move"
            data-move={m.name}
            data-args={JSON.stringify(m.args)}
            title={`${call} as ${playerLabel(acting)}`}
            onClick={() => void controller.act({ type: 'move', name: m.name, args: m.args, playerID: acting })}
          >
            {call}
          </button>
        );
      })}
    </div>
  );
});

const MoveControl = memo(function MoveControl({
  name,
  acting,
  text,
  onText,
}: {
  name: string;
  acting: string;
  text: string;
  onText: (name: string, text: string) => void;
}) {
  const controller = useController();
  const input = useRef<HTMLInputElement>(null);
  const parsed = parseMoveArgs(text);
  const send = () => {
    if (!parsed.ok) {
      input.current?.focus();
      return;
    }
    void controller.act({ type: 'move', name, args: parsed.value, playerID: acting });
  };
  const call = parsed.ok ? `${name}(${parsed.value.map((a) => JSON.stringify(a)).join(', ')})` : name;
  return (
    <div className={`ctl-move${parsed.ok ? '' : ' invalid'}`}>
      <button
        className="ctl-move-btn"
        data-testid={`move-${name}`}
        onClick={send}
        title={parsed.ok ? `${call} as ${playerLabel(acting)}` : 'Fix the arguments first'}
      >
        {name}
      </button>
      <input
        ref={input}
        className="ctl-args"
        aria-label={`arguments for ${name}`}
        aria-invalid={!parsed.ok}
        aria-describedby={parsed.ok ? undefined : `move-error-${name}`}
        placeholder="[]"
        spellCheck={false}
        autoComplete="off"
        value={text}
        style={{ width: `${Math.min(28, Math.max(5, text.length + 2))}ch` }}
        onChange={(e) => onText(name, e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            send();
          }
        }}
        title='JSON: an array of arguments, or one value (e.g. ["c12", "1"])'
      />
    </div>
  );
});

const HistoryAndRandom = memo(function HistoryAndRandom({ acting }: { acting: string }) {
  const controller = useController();
  const busy = useApp((s) => s.busy);
  const progress = useApp((s) => s.progress);
  const [count, setCount] = useState('50');
  const n = Math.floor(Number(count));
  const validCount = Number.isFinite(n) && n >= 1 && n <= 100000;
  const randomDisabled = busy || progress !== null;
  const runN = () => {
    if (validCount && !randomDisabled) void controller.random(n);
  };
  return (
    <div className="ctl-play">
      <div className="ctl-group" role="group" aria-label="history">
        <button
          data-testid="undo"
          onClick={() => void controller.act({ type: 'undo', playerID: acting })}
          title={`undo as ${playerLabel(acting)}`}
        >
          <CtlIcon name="undo" /> Undo
        </button>
        <button
          data-testid="redo"
          onClick={() => void controller.act({ type: 'redo', playerID: acting })}
          title={`redo as ${playerLabel(acting)}`}
        >
          <CtlIcon name="redo" /> Redo
        </button>
        <button
          data-testid="reset"
          onClick={() => void controller.act({ type: 'reset' })}
          title="reset: back to the initial state, as a new step"
        >
          <CtlIcon name="reset" /> Reset
        </button>
      </div>
      <span className="ctl-sep" />
      <div className="ctl-group" role="group" aria-label="random play">
        <button
          data-testid="random-1"
          disabled={randomDisabled}
          onClick={() => void controller.random(1)}
          title="One random step by whoever may act (from the last step)"
        >
          <CtlIcon name="dice" /> 1 random step
        </button>
        <span className="ctl-joined">
          <input
            type="number"
            aria-label="random steps"
            min={1}
            max={100000}
            value={count}
            aria-invalid={!validCount}
            onChange={(e) => setCount(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') runN();
            }}
          />
          <button
            data-testid="random-n"
            disabled={randomDisabled || !validCount}
            onClick={runN}
            title="Play N random steps from the last step"
          >
            play {validCount ? n : 'N'} random steps
          </button>
        </span>
        {progress && (
          <span className="ctl-progress" role="status">
            <progress value={progress.done} max={progress.total} />
            {progress.done}/{progress.total}
          </span>
        )}
      </div>
    </div>
  );
});
