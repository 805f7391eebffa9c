import { useEffect, useRef, useState } from 'react';
import type { SessionView } from '../../../engine/host/protocol';
import { useController } from '../state/context';
import { useTopClearOfNotices } from './clear-of-notices';
import { cutPath } from './cut-path';
import { fieldsOf, readProjectFields, sameLocation, type ProjectErrors, type ProjectFields, type ProjectLocation } from './project-options';

/** How the session's game was found in its project (empty for a game that is an export of its own). */
export function locationOf(view: SessionView): ProjectLocation {
  const { gamePath, factoryArgs, stubModules } = view.game;
  return {
    ...(gamePath !== undefined ? { gamePath } : {}),
    ...(factoryArgs ? { factoryArgs } : {}),
    ...(stubModules?.length ? { stubModules } : {}),
  };
}

const LABELS: Record<keyof ProjectFields, { label: string; placeholder: string; hint: string }> = {
  gamePath: { label: 'game path', placeholder: 'example.game', hint: 'a game kept at a property of an export (--game-path)' },
  factoryArgs: {
    label: 'factory arguments',
    placeholder: '[4, "short"]',
    hint: 'the export is a function that returns the game: its arguments as a JSON array (--factory-args)',
  },
  stubModules: {
    label: 'stub modules',
    placeholder: 'toastify-js, @acme/ui',
    hint: 'packages the game imports that are not installed, replaced by stubs that do nothing (--stub-module)',
  },
};

/** Fits the options' width in the monospace font. */
const FILE_CHARS = 42;

/** The file the options apply to: cut in the middle so its name shows, whole in the tooltip and on copy. */
function GameFile({ file }: { file: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="project-file">
      <span>game file</span>
      <button
        type="button"
        className="link"
        title="Copy the game file's whole path"
        aria-label={copied ? "copied the game file's path" : "copy the game file's path"}
        onClick={() =>
          void navigator.clipboard?.writeText(file).then(
            () => setCopied(true),
            () => undefined,
          )
        }
      >
        {copied ? 'copied' : 'copy'}
      </button>
      <code title={file} data-testid="project-game-file">
        {cutPath(file, FILE_CHARS)}
      </code>
    </div>
  );
}

/**
 * Players and seed for a new session of the open game, and (under "project") where a real
 * project keeps its game: the command line's --game-path, --factory-args and --stub-module.
 */
export function NewSessionForm({ view }: { view: SessionView | null }) {
  const controller = useController();
  const [players, setPlayers] = useState('');
  const [seed, setSeed] = useState('');
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<ProjectFields>(() => fieldsOf(view ? locationOf(view) : {}));
  const [errors, setErrors] = useState<ProjectErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const top = useTopClearOfNotices(form, open);
  // Another game or project location was opened: show how it was found.
  const shown = view ? JSON.stringify(fieldsOf(locationOf(view))) + view.game.file : '';
  useEffect(() => {
    if (view) setFields(fieldsOf(locationOf(view)));
    setErrors({});
    setOpen(false);
  }, [shown]);

  const submit = () => {
    if (!view) return;
    const read = readProjectFields(fields);
    if (!read.ok) {
      setErrors(read.errors);
      setOpen(true);
      return;
    }
    setErrors({});
    // What only the game can say comes back as a notice under the toolbar: the popover would cover it.
    setOpen(false);
    const numPlayers = players ? Number(players) : view.numPlayers;
    const current = locationOf(view);
    if (sameLocation(read.location, current)) return void controller.restart(numPlayers, seed || view.seed);
    // The export name is the game path a game was found at: a new path (or none) replaces it.
    const exportName = read.location.gamePath !== undefined || current.gamePath !== undefined ? undefined : view.game.exportName;
    void controller.open({
      game: view.game.file,
      ...(exportName ? { exportName } : {}),
      numPlayers,
      seed: seed || view.seed,
      ...read.location,
    });
  };

  const messages = Object.values(errors);
  return (
    <form
      ref={form}
      className="inline new-session"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <input
        aria-label="players"
        type="number"
        min={view?.playerRange.min ?? 1}
        max={view?.playerRange.max ?? 20}
        placeholder={String(view?.numPlayers ?? 2)}
        value={players}
        onChange={(e) => setPlayers(e.target.value)}
      />
      <input aria-label="seed" placeholder={view?.seed ?? 'seed'} value={seed} onChange={(e) => setSeed(e.target.value)} />
      <button
        type="button"
        className={`project-toggle${messages.length ? ' invalid' : ''}`}
        aria-expanded={open}
        aria-controls="project-options"
        title="Where a real project keeps its game: game path, factory arguments, stub modules"
        onClick={() => setOpen((o) => !o)}
      >
        project{view && !sameLocation(locationOf(view), {}) ? ' •' : ''}
      </button>
      <button type="submit" title="New session with these players, seed and project options">
        New session
      </button>
      {open && (
        <div
          className="project-options"
          id="project-options"
          role="group"
          aria-label="project options"
          style={top !== undefined ? { top } : undefined}
        >
          {view && <GameFile file={view.game.file} />}
          {(Object.keys(LABELS) as (keyof ProjectFields)[]).map((key) => (
            <label key={key} title={LABELS[key].hint}>
              <span>{LABELS[key].label}</span>
              <input
                aria-label={LABELS[key].label}
                aria-invalid={errors[key] ? true : undefined}
                placeholder={LABELS[key].placeholder}
                value={fields[key]}
                spellCheck={false}
                onChange={(e) => setFields((f) => ({ ...f, [key]: e.target.value }))}
              />
            </label>
          ))}
          <p className="project-hint">
            As the command line&apos;s --game-path, --factory-args and --stub-module; New session opens the game again with them.
          </p>
          {messages.length > 0 && (
            <ul className="project-errors" role="alert" data-testid="project-errors">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
