import type { LintFinding } from '../../../engine/lint/lint';
import { lintByRunning } from '../../../engine/lint-by-running/lint-by-running';
import { lintOpenedGame } from '../../game/lint-game';
import { checkPlayerCount, defaultPlayerCount, openGame, type OpenedGame, type OpenOptions } from '../../game/open-session';
import { annotation, inGitHubActions } from '../ci/github-annotations';
import { lintSarif } from '../ci/lint-sarif';
import { sourcePlace, type SourcePlace } from '../ci/source-place';
import { flowscopeVersion } from '../ci/flowscope-version';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line per finding: `error   unknown-next-phase  phases.draw.next: …`. */
export function formatFindings(findings: LintFinding[]): string[] {
  const codeWidth = Math.max(0, ...findings.map((f) => f.code.length));
  return findings.map((f) => `${f.severity.padEnd(8)}${f.code.padEnd(codeWidth + 2)}${f.path ? `${f.path}: ` : ''}${f.message}`);
}

/** `2 errors, 1 warning`, `1 warning, 1 info`, or `no problems found`. */
export function summarise(findings: LintFinding[]): string {
  const count = (s: LintFinding['severity']) => findings.filter((f) => f.severity === s).length;
  const [errors, warnings, infos] = [count('error'), count('warning'), count('info')];
  if (errors + warnings === 0) return infos ? `no problems found, ${infos} info` : 'no problems found';
  const parts = [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : '', infos ? `${infos} info` : ''];
  return parts.filter(Boolean).join(', ');
}

const RANK = { error: 0, warning: 1, info: 2 } as const;
const ANNOTATION = { error: 'error', warning: 'warning', info: 'notice' } as const;

function placeOfFinding(opened: OpenedGame, finding: LintFinding): SourcePlace {
  return sourcePlace(opened.module.file, opened.module.inputs, finding.message, finding.path);
}

const RELEASE_DEPENDENT = new Set([
  'event-refused',
  'event-dropped',
  'game-not-created',
  'unknown-key',
  'legacy-signature',
  'turn-ended-twice',
]);

/** Seeded random steps `lint` plays to see what only running shows (a phase whose endIf is true on entry). */
export const LINT_RUN_STEPS = 60;

/**
 * `flowscope lint`: prints every finding and a summary (or, with `format: 'sarif'`, a SARIF 2.1.0
 * log); in GitHub Actions each finding also as an annotation. 1 when there is an error, else 0.
 */
export async function lintCommand(
  file: string,
  options: { game?: string; bgio?: string; open?: OpenOptions; players?: number; setupData?: unknown; format?: 'text' | 'sarif' },
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  const opened = await openGame(file, options.game, options.bgio, undefined, options.open);
  const numPlayers = options.players ?? defaultPlayerCount(opened.game);
  checkPlayerCount(opened.game, numPlayers);
  const statics = lintOpenedGame(opened);
  const observed = lintByRunning(opened.game.config, opened.runtime, {
    numPlayers,
    steps: LINT_RUN_STEPS,
    setupData: options.setupData,
    locateThrow: opened.module.locateThrow,
  });
  const findings = [...statics, ...observed.filter((o) => !statics.some((f) => f.code === o.code && f.path === o.path))].sort(
    (a, b) => RANK[a.severity] - RANK[b.severity] || (a.path ?? '').localeCompare(b.path ?? ''),
  );
  const placed = () => findings.map((finding) => ({ finding, place: placeOfFinding(opened, finding) }));
  if (options.format === 'sarif') {
    const log = lintSarif(placed(), { version: flowscopeVersion(), bgio: opened.runtime.version, game: opened.game.name });
    print(JSON.stringify(log, null, 2));
  } else {
    for (const line of formatFindings(findings)) print(line);
    print(summarise(findings));
  }
  // Annotations go beside the output, never into a SARIF log written to stdout (the runner reads both streams).
  const annotate = options.format === 'sarif' ? warn : print;
  if (inGitHubActions())
    for (const { finding, place } of placed())
      annotate(
        annotation(
          ANNOTATION[finding.severity],
          place,
          `flowscope lint: ${finding.code}`,
          finding.path ? `${finding.path}: ${finding.message}` : finding.message,
        ),
      );
  // A refused or dropped event, a game that is not created, an unknown key, a function's signature:
  // what boardgame.io makes of each depends on the release, so each may come from the guess.
  if (opened.releaseGuess && findings.some((f) => f.severity !== 'info' && RELEASE_DEPENDENT.has(f.code)))
    warn(`note: ${opened.releaseGuess}`);
  return findings.some((f) => f.severity === 'error') ? 1 : 0;
}
