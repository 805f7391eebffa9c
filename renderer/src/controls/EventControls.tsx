import { memo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SessionView } from '../../../engine/host/protocol';
import { isEventName, type EventName } from '../../../engine/host/protocol';
import { useController } from '../state/context';
import { sameData } from '../state/same-data';
import { useApp, useAppEqual } from '../state/store';
import { ACTIVE_PLAYERS_PRESETS, EMPTY_FORM, eventArgs, presetText, type ActivePlayersPreset, type EventForm, type Parsed } from './args';
import { isGameOver, playerLabel, playerStatus } from './players';

const PRESETS = Object.keys(ACTIVE_PLAYERS_PRESETS) as ActivePlayersPreset[];

/** Empty optional fields are not mistakes yet: they only block sending. */
function blank(name: EventName, form: EventForm): boolean {
  if (name === 'setActivePlayers') return form.activePlayers.trim() === '';
  if (name === 'setStage') return form.stage.trim() === '';
  if (name === 'setPhase') return form.phase.trim() === '';
  return false;
}

const describe = (name: string, args: unknown[]) => `${name}(${args.map((a) => JSON.stringify(a)).join(', ')})`;

const NO_STAGES: readonly string[] = [];

/** One small form per enabled event; each is sent as the acting player. */
export const EventControls = memo(function EventControls({ view, acting }: { view: SessionView; acting: string }) {
  const controller = useController();
  // The forms need only the step's phase and stages: most steps change neither.
  const detail = useAppEqual((s) => ({ phase: s.detail?.ctx.phase, stages: s.detail?.stages ?? NO_STAGES }), sameData);
  const [form, setForm] = useState<EventForm>(EMPTY_FORM);
  const [presetStage, setPresetStage] = useState('');
  const [tried, setTried] = useState<EventName | null>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  const update = (patch: Partial<EventForm>) => setForm((f) => ({ ...f, ...patch }));
  const events = view.enabledEvents.filter(isEventName);
  const context = { players: view.players, stages: detail.stages };
  // Selects fall back to a sensible choice when the remembered one no longer exists.
  const phase = view.phases.length
    ? view.phases.includes(form.phase)
      ? form.phase
      : (view.phases.find((p) => p !== detail.phase) ?? view.phases[0])
    : form.phase;
  const stage = detail.stages.length ? (detail.stages.includes(form.stage) ? form.stage : detail.stages[0]) : form.stage;
  const effective: EventForm = { ...form, phase, stage };
  const parsed = Object.fromEntries(events.map((name) => [name, eventArgs(name, effective, context)])) as Record<
    EventName,
    Parsed<unknown[]>
  >;

  const send = (name: EventName) => {
    const result = parsed[name];
    if (!result.ok) {
      setTried(name);
      if (name === 'setActivePlayers') editor.current?.focus();
      return;
    }
    setTried(null);
    void controller.act({ type: 'event', name, args: result.value, playerID: acting });
  };
  // Older releases lack some events: their forms are not shown, and never invalid.
  const invalid = (name: EventName) => !!parsed[name] && !parsed[name].ok && (!blank(name, effective) || tried === name);
  const onEnter = (name: EventName) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      send(name);
    }
  };

  const fields: Partial<Record<EventName, ReactNode>> = {
    endTurn: (
      <select
        aria-label="endTurn next player"
        value={form.next}
        onChange={(e) => update({ next: e.target.value })}
        title="endTurn({ next }): the player to go next"
      >
        <option value="">next: auto</option>
        {view.players.map((id) => (
          <option key={id} value={id}>
            next: {playerLabel(id)}
          </option>
        ))}
      </select>
    ),
    pass: (
      <label className="ctl-check" title="pass({ remove: true }) also removes the player from playOrder">
        <input type="checkbox" aria-label="pass remove" checked={form.remove} onChange={(e) => update({ remove: e.target.checked })} />
        remove
      </label>
    ),
    setPhase: view.phases.length ? (
      <select aria-label="setPhase phase" value={phase} onChange={(e) => update({ phase: e.target.value })}>
        {view.phases.map((p) => (
          <option key={p} value={p}>
            {p}
            {p === detail.phase ? ' (current)' : ''}
          </option>
        ))}
      </select>
    ) : (
      <input
        aria-label="setPhase phase"
        className="ctl-small-input"
        placeholder="phase"
        value={form.phase}
        onChange={(e) => update({ phase: e.target.value })}
        onKeyDown={onEnter('setPhase')}
      />
    ),
    endGame: (
      <input
        aria-label="endGame argument"
        aria-invalid={invalid('endGame')}
        className="ctl-small-input ctl-json"
        placeholder="gameover (JSON)"
        spellCheck={false}
        value={form.gameover}
        style={{ width: `${Math.min(28, Math.max(17, form.gameover.length + 2))}ch` }}
        onChange={(e) => update({ gameover: e.target.value })}
        onKeyDown={onEnter('endGame')}
      />
    ),
    setStage: (
      <>
        {detail.stages.length ? (
          <select aria-label="setStage stage" value={stage} onChange={(e) => update({ stage: e.target.value })}>
            {detail.stages.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        ) : (
          <input
            aria-label="setStage stage"
            aria-invalid={invalid('setStage')}
            className="ctl-small-input"
            placeholder="stage"
            value={form.stage}
            onChange={(e) => update({ stage: e.target.value })}
            onKeyDown={onEnter('setStage')}
          />
        )}
        <input
          inputMode="numeric"
          className="ctl-count"
          aria-invalid={invalid('setStage') && form.minMoves.trim() !== '' && !/^\d+$/.test(form.minMoves.trim())}
          aria-label="setStage minMoves"
          placeholder="min"
          title="minMoves (optional)"
          value={form.minMoves}
          onChange={(e) => update({ minMoves: e.target.value })}
        />
        <input
          inputMode="numeric"
          className="ctl-count"
          aria-invalid={invalid('setStage') && form.maxMoves.trim() !== '' && !/^\d+$/.test(form.maxMoves.trim())}
          aria-label="setStage maxMoves"
          placeholder="max"
          title="maxMoves (optional)"
          value={form.maxMoves}
          onChange={(e) => update({ maxMoves: e.target.value })}
        />
      </>
    ),
  };

  const problems = events.filter(invalid);
  const warnings = events.flatMap((name) => {
    const p = parsed[name];
    return p.ok && p.warnings.length && name !== 'setActivePlayers' ? p.warnings.map((w) => `${name}: ${w}`) : [];
  });
  const sap = events.includes('setActivePlayers') ? parsed.setActivePlayers : null;

  return (
    <div className="ctl-events-wrap">
      <div className="ctl-events">
        {events
          .filter((name) => name !== 'setActivePlayers')
          .map((name) => {
            const p = parsed[name];
            return (
              <div key={name} className={`ctl-event${invalid(name) ? ' invalid' : ''}`}>
                <button
                  data-testid={`event-${name}`}
                  onClick={() => send(name)}
                  title={p.ok ? `${describe(name, p.value)} as ${playerLabel(acting)}` : p.error}
                >
                  {name}
                </button>
                {fields[name]}
              </div>
            );
          })}
      </div>
      {sap && (
        <div className={`ctl-sap${invalid('setActivePlayers') ? ' invalid' : ''}`}>
          <div className="ctl-sap-head">
            <button
              data-testid="event-setActivePlayers"
              onClick={() => send('setActivePlayers')}
              title={sap.ok ? `${describe('setActivePlayers', sap.value)} as ${playerLabel(acting)}` : sap.error}
            >
              setActivePlayers
            </button>
            <span className="ctl-presets" role="group" aria-label="setActivePlayers presets">
              {PRESETS.map((p) => (
                <button
                  key={p}
                  className="ctl-preset"
                  data-testid={`preset-${p}`}
                  onClick={() => update({ activePlayers: presetText(p, presetStage || undefined) })}
                  title={`Fill in ActivePlayers.${p}${presetStage ? ` with stage ${presetStage}` : ''}`}
                >
                  {p}
                </button>
              ))}
            </span>
            {detail.stages.length > 0 && (
              <select
                aria-label="preset stage"
                value={presetStage}
                onChange={(e) => setPresetStage(e.target.value)}
                title="The stage the presets put players in"
              >
                <option value="">stage: none</option>
                {detail.stages.map((s) => (
                  <option key={s} value={s}>
                    stage: {s}
                  </option>
                ))}
              </select>
            )}
          </div>
          <textarea
            ref={editor}
            aria-label="setActivePlayers argument"
            aria-invalid={invalid('setActivePlayers')}
            className="ctl-json"
            rows={1}
            spellCheck={false}
            placeholder='a preset, ["0", "2"], or {"currentPlayer": "stage", "others": null, "minMoves": 1, "revert": true}'
            value={form.activePlayers}
            onChange={(e) => update({ activePlayers: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                send('setActivePlayers');
              }
            }}
            title="JSON; Ctrl+Enter sends"
          />
          {sap.ok &&
            sap.warnings.map((w) => (
              <div key={w} className="ctl-warning">
                {w}
              </div>
            ))}
        </div>
      )}
      {problems.map((name) => {
        const p = parsed[name];
        return (
          <div key={name} className="ctl-error" role="alert">
            <b>{name}</b>: {!p.ok && p.error}
          </div>
        );
      })}
      {warnings.map((w) => (
        <div key={w} className="ctl-warning">
          {w}
        </div>
      ))}
      <InactiveHint acting={acting} />
    </div>
  );
});

function InactiveHint({ acting }: { acting: string }) {
  const shown = useApp((s) => (s.detail ? !playerStatus(s.detail.ctx, acting).active && !isGameOver(s.detail.ctx) : false));
  if (!shown) return null;
  return <div className="ctl-hint">{playerLabel(acting)} is not active here: boardgame.io refuses its events (inactive_player).</div>;
}
