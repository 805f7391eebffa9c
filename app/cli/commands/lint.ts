import type { LintFinding } from '../../../engine/lint/lint';
import { lintOpenedGame } from '../lint-game';
import { openGame } from '../open-session';

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

/** `flowscope lint`: prints every finding and a summary; 1 when there is an error, else 0. */
export async function lintCommand(file: string, options: { game?: string; bgio?: string }, print: (line: string) => void, _warn: (line: string) => void): Promise<number> {
  const opened = await openGame(file, options.game, options.bgio);
  const findings = lintOpenedGame(opened);
  for (const line of formatFindings(findings)) print(line);
  print(summarise(findings));
  return findings.some((f) => f.severity === 'error') ? 1 : 0;
}
