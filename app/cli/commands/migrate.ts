import { readFileSync } from 'node:fs';
import { detectLegacy, migrateConfig, migrateSource, type MigrationNote } from '../../../engine/legacy';
import { openGame, type OpenOptions } from '../open-session';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One stderr line per note: `decision  flow.phases.shop: …` / `info      moves.drawCard: …`. */
export function formatNotes(notes: MigrationNote[]): string[] {
  return notes.map((n) => `${n.severity.padEnd(10)}${n.path ? `${n.path}: ` : ''}${n.message}`);
}

/**
 * `flowscope migrate <game-file>`: prints the game migrated to boardgame.io 0.50 (source to paste,
 * see docs/migration.md) on stdout, and what changed on stderr. Exit 0, or 1 when a decision is
 * left to a human (each is a `// FLOWSCOPE: decide …` comment in the output).
 */
export async function migrateCommand(file: string, options: { game?: string; bgio?: string; open?: OpenOptions }, print: (line: string) => void, warn: (line: string) => void): Promise<number> {
  const opened = await openGame(file, options.game, options.bgio, undefined, options.open);
  const config = opened.game.config;
  const core = opened.runtime.modules['boardgame.io/core'] as { TurnOrder?: Record<string, unknown> } | undefined;
  const migrationOptions = { release: opened.runtime.version, ...(core?.TurnOrder ? { turnOrders: core.TurnOrder } : {}) };
  const source = readFileSync(opened.module.file, 'utf8');
  const found = detectLegacy(config, migrationOptions);
  const { notes } = migrateConfig(config, migrationOptions);
  const output = migrateSource(source, config, migrationOptions);
  for (const line of output.replace(/\n$/, '').split('\n')) print(line);

  const what = `${opened.game.name} (${opened.module.file}) on boardgame.io ${opened.runtime.version}: ${opened.releaseReason}`;
  if (!found.length && !notes.length) {
    warn(`migrate: ${what}`);
    warn('nothing to migrate: this game already uses the boardgame.io 0.50 API (printed unchanged)');
    return 0;
  }
  warn(`migrate: ${what}`);
  for (const line of formatNotes(notes)) warn(line);
  const decisions = notes.filter((n) => n.severity === 'decision').length;
  const features = new Set(found.map((f) => f.feature)).size;
  const summary = `${plural(found.length, 'legacy finding')} (${plural(features, 'feature')}), ${plural(notes.length - decisions, 'change')}`;
  if (decisions) {
    warn(`${summary}, ${plural(decisions, 'decision')} needed: search the output for "FLOWSCOPE: decide"`);
    return 1;
  }
  warn(`${summary}, no decision needed`);
  return 0;
}
