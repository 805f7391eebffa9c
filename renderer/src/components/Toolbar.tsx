import { useRef } from 'react';
import { applyTheme } from '../desktop/bridge';
import { ConnectionIndicator, OnlineOnly } from './ConnectionStatus';
import { Icon } from './Icon';
import { LearnButton } from '../learn/LearnButton';
import { locationOf, NewSessionForm } from './NewSessionForm';
import { useController } from '../state/context';
import { playRateText } from '../state/play-rate';
import { useApp, useStore } from '../state/store';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function PlayRateNote() {
  const speed = useApp((s) => s.speed);
  const rate = useApp((s) => s.playRate);
  const text = playRateText(speed, rate);
  if (!rate) return null;
  return (
    <span
      className={`play-rate${text ? ' short' : ''}`}
      data-testid="play-rate"
      data-steps={rate.steps.toFixed(1)}
      data-frames={rate.frames.toFixed(1)}
      title={`measured while playing: ${rate.steps.toFixed(1)} steps/s advanced, ${rate.frames.toFixed(1)} frames/s drawn`}
    >
      {text ?? `${Math.round(rate.steps)}/s`}
    </span>
  );
}

function TimeControls() {
  const controller = useController();
  const store = useStore();
  const selected = useApp((s) => s.selected);
  const length = useApp((s) => s.length);
  const playing = useApp((s) => s.playing);
  const speed = useApp((s) => s.speed);
  // Nothing to travel through while a session loads (a long replay) or before one is open.
  const idle = useApp((s) => s.progress === null && s.view !== null);
  return (
    <div className="group" aria-label="time travel">
      <button disabled={!idle} onClick={() => void controller.select(0)} title="First step (Home)" aria-label="first step">
        <Icon name="first" />
      </button>
      <button disabled={!idle} onClick={() => void controller.stepBy(-1)} title="Previous step (←)" aria-label="previous step">
        <Icon name="prev" />
      </button>
      <button
        disabled={!idle && !playing}
        onClick={() => controller.togglePlay()}
        title="Play / pause (Space)"
        aria-label={playing ? 'pause' : 'play'}
      >
        <Icon name={playing ? 'pause' : 'play'} />
      </button>
      <button disabled={!idle} onClick={() => void controller.stepBy(1)} title="Next step (→)" aria-label="next step">
        <Icon name="next" />
      </button>
      <button disabled={!idle} onClick={() => void controller.select(length - 1)} title="Last step (End)" aria-label="last step">
        <Icon name="last" />
      </button>
      <span className="step-counter" data-testid="step-counter">
        step {selected} / {Math.max(0, length - 1)}
      </span>
      <label className="compact">
        speed
        <select value={speed} onChange={(e) => store.set({ speed: Number(e.target.value) })} aria-label="playback speed">
          {[1, 2, 4, 8, 16, 60].map((n) => (
            <option key={n} value={n}>
              {n}/s
            </option>
          ))}
        </select>
      </label>
      <PlayRateNote />
    </div>
  );
}

function SessionControls() {
  const controller = useController();
  const games = useApp((s) => s.games);
  const view = useApp((s) => s.view);
  const fileInput = useRef<HTMLInputElement>(null);
  const current = view ? games.find((g) => view.game.file.endsWith(`/${g.id}/game.ts`))?.id : undefined;
  return (
    <div className="group" aria-label="session">
      <select
        aria-label="game"
        value={current ?? ''}
        onChange={(e) => e.target.value && void controller.open({ game: e.target.value })}
        title={view?.game.file}
      >
        {!current && <option value="">{view ? view.game.name : 'choose a game'}</option>}
        {games.map((g) => (
          <option key={g.id} value={g.id} title={g.description}>
            {g.label}
          </option>
        ))}
      </select>
      <NewSessionForm view={view} />
      {view && (
        <select
          aria-label="boardgame.io release"
          value={view.game.bgio}
          title={`Running on boardgame.io ${view.game.bgio} because ${view.game.bgioReason}`}
          onChange={(e) =>
            void controller.open({
              game: view.game.file,
              exportName: view.game.exportName,
              bgio: e.target.value,
              numPlayers: view.numPlayers,
              seed: view.seed,
              ...locationOf(view),
            })
          }
        >
          {view.releases.map((r) => (
            <option key={r} value={r}>
              boardgame.io {r}
            </option>
          ))}
        </select>
      )}
      <button
        onClick={async () => {
          const text = await controller.exportReplay();
          if (text && view) download(`${view.game.name}-${view.seed}.replay.json`, text);
        }}
      >
        Save replay
      </button>
      <button onClick={() => fileInput.current?.click()}>Open replay</button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,.jsonl,application/json"
        hidden
        data-testid="replay-file"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (file) await controller.openReplay(await file.text(), file.name);
          e.target.value = '';
        }}
      />
    </div>
  );
}

function PanelToggles() {
  const store = useStore();
  const panels = useApp((s) => s.panels);
  const toggle = (key: keyof typeof panels) => store.set({ panels: { ...panels, [key]: !panels[key] } });
  return (
    <div className="group" aria-label="panels">
      {(['log', 'controls', 'inspector'] as const).map((key) => (
        <button key={key} aria-pressed={panels[key]} onClick={() => toggle(key)}>
          {key}
        </button>
      ))}
      <button
        onClick={() => {
          const theme = store.get().theme === 'light' ? 'dark' : 'light';
          store.set({ theme });
          applyTheme(theme);
        }}
        title="Light / dark"
        aria-label="toggle theme"
      >
        <Icon name="theme" />
      </button>
    </div>
  );
}

export function Toolbar() {
  const view = useApp((s) => s.view);
  return (
    <header className="toolbar">
      <div className="brand">
        Flowscope
        {view && (
          <span className="game-id" title={view.game.file}>
            {view.game.name} · {view.numPlayers} players · seed {view.seed}
          </span>
        )}
      </div>
      <ConnectionIndicator />
      <LearnButton />
      <OnlineOnly>
        <SessionControls />
        <TimeControls />
      </OnlineOnly>
      <PanelToggles />
    </header>
  );
}
