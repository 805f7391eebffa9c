import type { ExploreReport, FindingGroup } from '../../../engine';
import { FINDING_KINDS } from '../../../engine/explore/findings';
import type { OpenedGame } from '../../game/open-session';
import { annotation, inGitHubActions } from './github-annotations';
import { reportPath, writeJunitReport, type JunitCase } from './junit-report';
import { sourcePlace } from './source-place';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function describe(f: FindingGroup, replayFile: string | undefined): string {
  const replay = !f.replay
    ? 'no replay'
    : replayFile
      ? `minimal replay: ${reportPath(replayFile)}`
      : `minimal replay: ${plural(f.replay.actions.length, 'action')} (write it with --out DIR)`;
  return `${f.location}: ${plural(f.count, 'time')} in ${plural(f.runs, 'run')} (first: run ${f.firstRun}, step ${f.firstStep})\n  ${f.message.split('\n')[0]}\n  ${replay}`;
}

/**
 * What `explore` tells CI once its report is final: a JUnit report (`--junit FILE`: one test suite
 * for the game, one test case per finding kind, failed with its findings and their minimal
 * replays), and in GitHub Actions one annotation per finding on the game's files.
 */
export function reportExploreToCi(
  report: ExploreReport,
  written: ReadonlyMap<string, string>,
  opened: OpenedGame,
  junitFile: string | undefined,
  annotate: (line: string) => void,
): void {
  if (junitFile) {
    const className = `flowscope.explore.${report.game}`;
    const cases: JunitCase[] = FINDING_KINDS.map((kind) => {
      const found = report.findings.filter((f) => f.kind === kind);
      if (!found.length) return { name: kind, className, file: reportPath(opened.module.file) };
      const first = found[0];
      const replay = written.get(first.key);
      return {
        name: kind,
        className,
        file: reportPath(replay ?? opened.module.file),
        failure: {
          message: `${plural(found.length, `${kind} finding`)}: ${first.location}: ${first.message.split('\n')[0]}${replay ? ` (minimal replay: ${reportPath(replay)})` : ''}`,
          details: found.map((f) => describe(f, written.get(f.key))).join('\n'),
        },
      };
    });
    const suite = `${report.game} (${reportPath(opened.module.file)}, ${plural(report.runs, 'run')}, seed ${report.seed})`;
    writeJunitReport(junitFile, [{ name: suite, cases }]);
  }
  if (inGitHubActions())
    for (const f of report.findings) {
      const place = sourcePlace(opened.module.file, opened.module.inputs, f.message, f.location);
      annotate(annotation('error', place, `flowscope explore: ${f.kind}`, describe(f, written.get(f.key))));
    }
}
