import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CLIENT_ENTRIES, describeReach, forbiddenReach } from './layer-reach';

/** Appends `code` to one project file as esbuild reads it, leaving the file on disk alone. */
function appendTo(file: RegExp, code: string): Plugin {
  return {
    name: 'append',
    setup(build) {
      build.onLoad({ filter: file }, async (args) => ({ contents: (await readFile(args.path, 'utf8')) + code, loader: 'ts' }));
    },
  };
}

describe('layers by reach', () => {
  it('no client-side bundle contains the session, the runtime or boardgame.io', async () => {
    expect(describeReach(await forbiddenReach())).toBe('');
  }, 60_000);

  it('names the path when a pure engine file the protocol re-exports imports the Session as a value', async () => {
    const probe = appendTo(
      /engine\/lesson\/judge\.ts$/,
      "\nimport { Session } from '../session/session';\nexport const probe = Session;\n",
    );
    const page = CLIENT_ENTRIES.filter((entry) => entry.name === 'the page');
    const text = describeReach(await forbiddenReach(page, [probe]));
    expect(text).toContain(
      'the page contains engine/session/session.ts, through renderer/src/main.tsx → renderer/src/desktop/bridge.ts → engine/host/protocol.ts → engine/lesson/judge.ts → engine/session/session.ts',
    );
  }, 60_000);

  it('does not count an import used only as a type', async () => {
    const probe = appendTo(/engine\/lesson\/judge\.ts$/, "\nimport { Session } from '../session/session';\nexport type Probe = Session;\n");
    const page = CLIENT_ENTRIES.filter((entry) => entry.name === 'the page');
    expect(await forbiddenReach(page, [probe])).toEqual([]);
  }, 60_000);

  it('checks the preload and the attach client too', async () => {
    const probe = appendTo(
      /attach\/flowscope-attach\.mjs$/,
      "\nimport { INVALID_MOVE } from 'boardgame.io/core';\nexport const probe = INVALID_MOVE;\n",
    );
    const attach = CLIENT_ENTRIES.filter((entry) => entry.name === 'the attach client');
    expect(describeReach(await forbiddenReach(attach, [probe]))).toMatch(
      /^the attach client contains node_modules\/boardgame\.io\/.*, through attach\/flowscope-attach\.mjs → /,
    );
    expect(CLIENT_ENTRIES.map((entry) => entry.name)).toEqual(['the page', 'the desktop preload', 'the attach client']);
  }, 60_000);
});
