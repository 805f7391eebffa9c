import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { main } from '../main';

const corners = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../testing/corners');

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { print: (l) => out.push(l), warn: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Migrates a corner game (copied, with its package.json) and plays and charts the output on 0.50.2. */
async function migrateAndPlay(name: string) {
  const dir = tempDirWith({});
  cpSync(path.join(corners, name), path.join(dir, name), { recursive: true });
  const out = path.join(dir, 'out');
  const migrated = await run('migrate', path.join(dir, name, 'game.js'), '--game-path', 'default.game', '--out', out);
  const text = readFileSync(path.join(out, 'game.js'), 'utf8');
  const played = await run(
    'play',
    path.join(out, 'game.js'),
    '--game-path',
    'default.game',
    '--bgio',
    '0.50.2',
    '--random',
    '40',
    '--seed',
    'm',
  );
  const charted = await run('chart', path.join(out, 'game.js'), '--game-path', 'default.game', '--bgio', '0.50.2', '--format', 'mermaid');
  return { migrated, text, played, charted };
}

describe('migrate on real-game corners', () => {
  it('a seat read through `const playerID = ctx.playerID` and a move argument called playerID keep their meanings (JSX in .js checked as play loads it)', async () => {
    const { migrated, text, played, charted } = await migrateAndPlay('migrate-seat');
    expect(migrated.err).not.toMatch(/^failure/m);
    expect(migrated.code, migrated.err).toBe(0);
    expect(text).not.toMatch(/const playerID = playerID/);
    expect(text).not.toMatch(/\bplayerID \}, playerID\)/);
    expect(text).toMatch(/by: contextPlayerID, at: playerID/);
    expect(played.code, played.err).toBe(0);
    expect(charted.code, charted.err).toBe(0);
  });

  it('moves hoisted out of a config kept at a property go before the whole statement', async () => {
    const { migrated, text, played, charted } = await migrateAndPlay('migrate-shelf');
    expect(migrated.code, migrated.err).toBe(0);
    expect(text).toMatch(/\nconst restock = [^\n]*\n\nexport default \{/);
    expect(played.code, played.err).toBe(0);
    expect(charted.code, charted.err).toBe(0);
  });
});
