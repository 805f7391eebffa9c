import { describeAction, bgio050, DEFAULT_RUNTIME, Session, SessionError, type StepRecord } from '../../../engine';
import { differenceShownBy, legacyOptionsOf, migrateConfig } from '../../../engine/legacy';
import { explainDisagreement, stepDisagreement } from '../step-agreement';
import { readReplayFile } from './replay';
import { dispatchAction, sandboxOf, type OpenOptions } from '../../game/open-session';
import { openReplayGame } from '../../game/replay-game';

/**
 * `flowscope compare`: the replay's actions on the game's own release and on its migration to
 * 0.50.2; exit 0 when every step agrees, 1 at the first step that differs, with the semantic
 * difference between the releases that explains it.
 */
export async function compareCommand(
  gameFile: string,
  replayFile: string,
  options: { game?: string; bgio?: string; open?: OpenOptions },
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  const replay = readReplayFile(replayFile);
  const opened = await openReplayGame(gameFile, replay, options);
  const release = opened.runtime.version;
  if (release === DEFAULT_RUNTIME.version) warn(`${opened.game.name} already runs on ${release}: comparing it with itself`);
  const migrated = migrateConfig(opened.game.config, legacyOptionsOf(opened.runtime));
  const decisions = migrated.notes.filter((n) => n.severity === 'decision');
  const own = new Session({
    runtime: opened.runtime,
    config: opened.game.config,
    numPlayers: replay.numPlayers,
    seed: replay.seed,
    setupData: replay.setupData,
    ...sandboxOf(opened),
  });
  let modern: Session;
  try {
    modern = new Session({
      runtime: bgio050,
      config: migrated.config,
      numPlayers: replay.numPlayers,
      seed: replay.seed,
      setupData: replay.setupData,
      ...sandboxOf(opened),
    });
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    // The original was created above: this is a difference between the releases, at step 0.
    print(`${opened.game.name}: created on boardgame.io ${release}, but its migration to ${bgio050.version} cannot be created`);
    print('first difference at step 0: (game created)');
    print(`  ${bgio050.version}: ${error.message}`);
    const cause = differenceShownBy(error.message);
    if (cause) {
      print('the likely explanation:');
      print(`  - ${cause.explain({ from: release, to: bgio050.version, step: 0 })} (changed in ${cause.since})`);
    }
    return 1;
  }
  const stepsOwn: StepRecord[] = [own.steps[0]];
  const stepsModern: StepRecord[] = [modern.steps[0]];
  for (const action of replay.actions) {
    stepsOwn.push(dispatchAction(own, action));
    stepsModern.push(modern.dispatch(action));
  }
  const Gs = (s: Session) => {
    const out: unknown[] = [];
    s.walk((_, state) => out.push(state.G));
    return out;
  };
  const gOwn = Gs(own);
  const gModern = Gs(modern);
  print(
    `${opened.game.name}: ${replay.actions.length} actions on boardgame.io ${release} (${opened.releaseReason}) and on its migration to ${bgio050.version}`,
  );
  for (let i = 0; i < stepsOwn.length; i++) {
    const a = stepsOwn[i];
    const b = stepsModern[i];
    const disagreement = stepDisagreement({ step: a, G: gOwn[i] }, { step: b, G: gModern[i] }, release, bgio050.version);
    if (!disagreement) continue;
    print(`first difference at step ${i}: ${describeAction(a.action)}`);
    for (const d of disagreement.lines) print(`  ${d}`);
    const { likely, where, others } = explainDisagreement(opened.game.config, release, disagreement);
    const context = { from: release, to: bgio050.version, step: i, phase: a.ctx.phase ?? b.ctx.phase, player: a.ctx.currentPlayer };
    if (likely.length) {
      print(`the likely explanation${likely.length === 1 ? '' : 's'}:`);
      for (const d of likely) print(`  - ${d.explain({ ...context, ...where.get(d.id) })} (changed in ${d.since})`);
    }
    if (others.length)
      print(
        `this game also meets ${others.length} other difference${others.length === 1 ? '' : 's'} between the releases: ${others.map((d) => d.id).join(', ')} (docs/migration.md)`,
      );
    if (decisions.length)
      print(
        `the migration left ${decisions.length} decision${decisions.length === 1 ? '' : 's'} to a human: see \`flowscope migrate ${gameFile}\``,
      );
    return 1;
  }
  print(`every step agrees (${stepsOwn.length - 1} steps)`);
  return 0;
}
