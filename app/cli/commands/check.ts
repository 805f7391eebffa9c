import { describeAction, checkExpectations, findNondeterminism, type Mismatch } from '../../../engine';
import { reloadedConfig, type OpenOptions } from '../../game/open-session';
import { runReplay } from './replay';

const show = (v: unknown) => (v === undefined ? 'undefined' : JSON.stringify(v));

/** `flowscope check`: 0 when every expectation holds, 1 with the first divergent step. */
export async function checkCommand(
  gameFile: string,
  replayFile: string,
  options: { game?: string; bgio?: string; open?: OpenOptions },
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  const run = await runReplay(gameFile, replayFile, options.game, undefined, options.bgio, options.open);
  if (run.hashWarning) warn(run.hashWarning);
  const expectations = run.replay.expect ?? [];
  const mismatches = checkExpectations(run.session.steps, expectations);
  // A replay is only a regression test if running it again, on the game loaded afresh as another
  // process would load it, gives the same steps.
  const nondeterminism = findNondeterminism(run.session, {
    config: reloadedConfig(run.opened),
    loadEntropy: run.opened.module.loadEntropy,
  });
  if (nondeterminism) {
    print(
      `diverged at step ${nondeterminism.step}: running the same actions again gives a different state (${nondeterminism.differences.slice(0, 2).join('; ')})`,
    );
    if (nondeterminism.suspects.length) print(`  cause: ${nondeterminism.suspects.join('; ')}`);
    print(
      run.session.gameRandomness === 'real'
        ? '  the sandbox is off (--no-sandbox-random, or the replay\'s gameRandomness is "real"): a boardgame.io server and its clients would disagree here too; use boardgame.io\'s seeded `random` (and pass times in as move arguments)'
        : '  this is not Math.random, the clock or crypto (the sandbox seeds those): look for state kept outside G, such as a variable in the game module that moves change',
    );
    return 1;
  }
  if (mismatches.length === 0) {
    print(`ok: ${run.session.lastIndex} steps replayed, ${expectations.length} expectations hold`);
    return 0;
  }
  const first = mismatches[0].step;
  const atFirst = mismatches.filter((m) => m.step === first);
  const record = run.session.steps[first];
  print(
    `diverged at step ${first}: ${describeAction(record.action)}${record.error ? ` (rejected: ${record.error.message.split('\n')[0]})` : ''}`,
  );
  for (const m of atFirst) print(formatMismatch(m));
  const later = new Set(mismatches.filter((m) => m.step !== first).map((m) => m.step));
  if (later.size) print(later.size === 1 ? '1 later step also differs' : `${later.size} later steps also differ`);
  return 1;
}

function formatMismatch(m: Mismatch): string {
  return `  ${m.field}:\n    - expected ${show(m.expected)}\n    + actual   ${show(m.actual)}`;
}
