import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';

const corners = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../testing/corners');

/** Migrates a corner game (copied, with its package.json) and plays and charts the output on 0.50.2. */
async function migrateAndPlay(name: string, where: string[] = ['--game-path', 'default.game']) {
  const dir = tempDirWith({});
  cpSync(path.join(corners, name), path.join(dir, name), { recursive: true });
  const out = path.join(dir, 'out');
  const migrated = await run('migrate', path.join(dir, name, 'game.js'), ...where, '--out', out);
  const text = readFileSync(path.join(out, 'game.js'), 'utf8');
  const replay = path.join(dir, 'played.json');
  const played = await run(
    'play',
    path.join(out, 'game.js'),
    ...where,
    '--bgio',
    '0.50.2',
    '--random',
    '40',
    '--seed',
    'm',
    '--out',
    replay,
  );
  const charted = await run('chart', path.join(out, 'game.js'), ...where, '--bgio', '0.50.2', '--format', 'mermaid');
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
    // A playerView that destructures G in its parameter list takes G from the context object.
    expect(text).toMatch(/playerView: \(\{ G: \{ secret, \.\.\.open \}, playerID \}\) =>/);
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

  it("stage events 0.50 refuses in a phase's onBegin move to the phase's turn.activePlayers, the decision named", async () => {
    const { migrated, text, played, charted } = await migrateAndPlay('migrate-stage-events', []);
    expect(migrated.err).not.toMatch(/^failure/m);
    expect(migrated.err).toMatch(/agrees with the original on 0\.43\.3/);
    expect(migrated.err).toMatch(/2 decisions needed: search the output for "FLOWSCOPE: decide"/);
    expect(migrated.code).toBe(1);
    expect(text).not.toMatch(/events\.setActivePlayers/);
    expect(text).toMatch(/turn: \{\n\s+activePlayers: \{ all: 'bid', maxMoves: 1 \},/);
    expect(text).toMatch(/activePlayers: \{ currentPlayer: 'play' \}/);
    expect(text.match(/FLOWSCOPE: decide/g)).toHaveLength(2);
    expect(played.code, played.err).toBe(0);
    expect(played.err).toMatch(/40 steps, 0 rejected/);
    expect(charted.code, charted.err).toBe(0);
  });

  it("setStage in setup becomes the first turn's onBegin, exactly as 0.43 had it", async () => {
    const { migrated, text, played } = await migrateAndPlay('migrate-setup-stage', []);
    expect(migrated.code, migrated.err).toBe(0);
    expect(text).toMatch(
      /onBegin: \(\{ ctx, events \}\) => \{ if \(ctx\.turn === 1\) events\.setActivePlayers\(\{ currentPlayer: 'warmup' \}\); \}/,
    );
    expect(text).not.toMatch(/events\.setStage/);
    expect(played.code, played.err).toBe(0);
  });
});
