import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lintForRelease, lintGameFiles, type LintFinding } from '../../engine';
import type { OpenedGame } from './open-session';

/**
 * Lint for an opened game: the config's rules, and `nondeterministic-call` over every local file
 * the game imports, by file:line (helpers and module-level code included), in place of the same
 * rule on the config functions' own sources.
 */
export function lintOpenedGame(opened: OpenedGame): LintFinding[] {
  const findings = lintForRelease(opened.game.config, opened.runtime);
  const root = path.dirname(opened.module.file);
  const files: { file: string; text: string }[] = [];
  for (const input of opened.module.inputs) {
    try {
      files.push({ file: path.relative(root, input) || path.basename(input), text: readFileSync(input, 'utf8') });
    } catch {
      return findings;
    }
  }
  if (files.length === 0) return findings;
  return [...findings.filter((f) => f.code !== 'nondeterministic-call'), ...lintGameFiles(files)];
}
