import path from 'node:path';
import type { OpenOptions } from '../../game/open-session';
import { isUserError } from '../errors';
import { annotation, inGitHubActions } from '../ci/github-annotations';
import { reportPath, writeJunitReport, type JunitCase } from '../ci/junit-report';
import { checkCommand } from './check';

/**
 * `flowscope check <game-file> <replay.json>...`: checks each replay in turn (a replay that cannot
 * be read is reported and the rest still run). With `junit`, a JUnit report: one test suite for the
 * game, one test case per replay, failed with what diverged. In GitHub Actions a failed replay is
 * also an annotation on the replay file. Exit 0 when all hold, 1 when one diverged, 2 when one could not run.
 */
export async function checkReplays(
  gameFile: string,
  replays: readonly string[],
  options: { game?: string; bgio?: string; open?: OpenOptions; junit?: string },
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  const cases: JunitCase[] = [];
  const className = `flowscope.check.${options.game ?? path.basename(gameFile).replace(/\.[^.]+$/, '')}`;
  let exitCode = 0;
  for (const replay of replays) {
    const lines: string[] = [];
    const name = reportPath(replay);
    if (replays.length > 1) print(`${name}:`);
    try {
      const code = await checkCommand(
        gameFile,
        replay,
        options,
        (line) => {
          lines.push(line);
          print(replays.length > 1 ? `  ${line}` : line);
        },
        warn,
      );
      exitCode = Math.max(exitCode, code);
      cases.push(code === 0 ? { name, className, file: name } : { name, className, file: name, failure: failureOf(name, lines) });
      if (code !== 0 && inGitHubActions()) print(annotation('error', { file: replay }, 'flowscope check', lines.join('\n')));
    } catch (error) {
      if (!isUserError(error) || (replays.length === 1 && !options.junit)) throw error;
      warn(`flowscope: ${error.message}`);
      exitCode = 2;
      cases.push({ name, className, file: name, error: { message: error.message } });
      if (inGitHubActions()) print(annotation('error', { file: replay }, 'flowscope check', error.message));
    }
  }
  if (options.junit)
    writeJunitReport(options.junit, [{ name: options.game ? `${options.game} (${reportPath(gameFile)})` : reportPath(gameFile), cases }]);
  return exitCode;
}

function failureOf(replay: string, lines: readonly string[]): { message: string; details: string } {
  return { message: `${lines[0] ?? 'diverged'} (replay: ${replay})`, details: lines.join('\n') };
}
