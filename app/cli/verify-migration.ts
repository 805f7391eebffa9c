import { shownPath as shown } from '../files/shown-path';
import { describeAction, bgio050, findGames, gameAt, RandomPlayer, Session, type FoundGame, type StepRecord } from '../../engine';
import { migrateConfig, type MigrationNote, legacyOptionsOf } from '../../engine/legacy';
import { GameLoadError, loadGameModule } from '../load/load-game-file';
import { defaultPlayerCount, type OpenedGame } from '../game/open-session';
import { explainDisagreement, stepDisagreement } from './step-agreement';
import { viewDisagreement, viewers } from './player-views';

export interface VerifyOptions {
  /** Random steps to play (the original's actions replayed on the migration). */
  steps: number;
  seed: string;
  /** Players in the verification game (default: 2, within the game's minPlayers/maxPlayers). */
  numPlayers?: number;
  /** What `setup` gets on both sides (none by default). */
  setupData?: unknown;
}

/** One reason the migrated source cannot be trusted yet, at `where` (`file:line` or a config path) when known. */
export interface VerifyProblem {
  kind: 'failure' | 'decision';
  where?: string;
  message: string;
}

export interface Verification {
  problems: VerifyProblem[];
  /** Steps played on both and found to agree. */
  agreedSteps: number;
  /** What the migration was compared with. */
  reference: string;
  /** Viewers whose playerView was compared at every step (each seat and a spectator), 0 for a game without one. */
  viewers: number;
}

/** Markers `migrateSource` writes where it could not write working code. */
const UNWRITTEN = /FLOWSCOPE: (?!decide|the config migrated)([^'\n*]*)/g;

/**
 * Checks migrated source the way a user would: bundles `files` (absolute path → migrated text; the
 * other local files as they are) exactly as Flowscope loads games, on boardgame.io 0.50.2, then
 * plays seeded random steps on the original game on its own release and the same actions on the
 * migration, step by step. A 0.50 game whose functions are written `(G, ctx)` is compared with
 * those functions run as they were meant (`migrateConfig`), not with how 0.50 misreads them.
 */
export async function verifyMigration(
  opened: OpenedGame,
  files: ReadonlyMap<string, string>,
  notes: MigrationNote[],
  options: VerifyOptions,
): Promise<Verification> {
  const problems: VerifyProblem[] = [];
  for (const [file, text] of files) {
    text.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(UNWRITTEN))
        problems.push({
          kind: 'failure',
          where: `${shown(file)}:${i + 1}`,
          message: `left unwritten: ${m[1].trim()}`,
        });
    });
  }
  const release = opened.runtime.version;
  const ownIsModern = opened.runtime.era === 'context';
  const reference = ownIsModern ? `its (G, ctx) functions as they were meant, on ${release}` : `the original on ${release}`;
  let compared = 0;
  const result = (agreedSteps = 0): Verification => ({
    problems,
    agreedSteps,
    reference,
    viewers: compared,
  });

  let migrated: FoundGame;
  try {
    // Bundled as the original was (its stubbed packages, its sandbox), and found where it was found.
    const { stubModules, gameRandomness, gamePath, factoryArgs } = opened.options;
    const module = await quietly(() => loadGameModule(opened.module.file, bgio050, { stubModules, gameRandomness, contents: files }));
    migrated =
      gamePath !== undefined || factoryArgs !== undefined
        ? gameAt(module.exports, { gamePath, factoryArgs }, opened.game.exportName)
        : pickGame(findGames(module.exports), opened.game);
  } catch (error) {
    problems.push({
      kind: 'failure',
      message: `the migrated source does not load on ${bgio050.version}: ${error instanceof GameLoadError ? error.message : String((error as Error)?.message ?? error)}`,
    });
    return result();
  }

  const numPlayers = options.numPlayers ?? defaultPlayerCount(opened.game);
  const sessionOptions = { numPlayers, seed: options.seed, setupData: options.setupData };
  const referenceConfig = ownIsModern ? migrateConfig(opened.game.config, legacyOptionsOf(opened.runtime)).config : opened.game.config;
  let own: Session;
  try {
    own = await quietly(
      () =>
        new Session({
          runtime: opened.runtime,
          config: referenceConfig,
          ...sessionOptions,
        }),
    );
  } catch (error) {
    problems.push({
      kind: 'failure',
      message: `cannot check the migration: the original game cannot be created on ${release}: ${(error as Error).message}`,
    });
    return result();
  }
  let modern: Session;
  try {
    modern = await quietly(
      () =>
        new Session({
          runtime: bgio050,
          config: migrated.config,
          ...sessionOptions,
        }),
    );
  } catch (error) {
    problems.push({
      kind: 'failure',
      where: whereIn(files, (error as Error).message),
      message: `the migrated game cannot be created on ${bgio050.version}: ${(error as Error).message}`,
    });
    return result();
  }

  // What each player and a spectator see is part of the game's behaviour too (a client shows nothing else).
  const hasView = typeof referenceConfig.playerView === 'function' || typeof migrated.config.playerView === 'function';
  if (hasView) compared = viewers(numPlayers).length;
  const decisionFeatures = new Set(notes.filter((n) => n.severity === 'decision' && n.feature).map((n) => n.feature!));
  const bot = new RandomPlayer({ seed: options.seed, restartOnGameOver: true });
  let a: StepRecord = own.steps[0];
  let b: StepRecord = modern.steps[0];
  for (let i = 0; ; i++) {
    if (b.error?.type === 'flowscope/threw' && a.error?.type !== 'flowscope/threw') {
      problems.push({
        kind: 'failure',
        where: whereIn(files, b.error.message),
        message: `step ${i} (${describeAction(b.action)}): the migrated game threw on ${bgio050.version}: ${b.error.message}`,
      });
      return result(i);
    }
    const disagreement = stepDisagreement(
      { step: a, G: own.currentState.G },
      { step: b, G: modern.currentState.G },
      release,
      bgio050.version,
    );
    if (disagreement) {
      const { likely } = explainDisagreement(opened.game.config, release, disagreement);
      const decided = likely.filter((d) => d.features.some((f) => decisionFeatures.has(f)));
      const what = `step ${i} (${i ? describeAction(a.action) : 'setup'}) differs from ${reference}: ${disagreement.lines.join('; ')}`;
      if (decided.length)
        problems.push({
          kind: 'decision',
          message: `${what}; explained by ${decided.map((d) => `\`${d.id}\``).join(', ')} (docs/migration.md), which a decision above covers`,
        });
      else
        problems.push({
          kind: 'failure',
          message: `${what}${likely.length ? `; possibly ${likely.map((d) => `\`${d.id}\``).join(', ')} (docs/migration.md)` : ''}`,
        });
      return result(i);
    }
    const views = hasView
      ? await quietly(() =>
          viewDisagreement(
            { config: referenceConfig, era: opened.runtime.era, state: own.currentState },
            { config: migrated.config, era: bgio050.era, state: modern.currentState },
            numPlayers,
          ),
        )
      : null;
    if (views) {
      problems.push({
        kind: 'failure',
        where: whereIn(files, views),
        message: `step ${i} (${i ? describeAction(a.action) : 'setup'}): ${views}`,
      });
      return result(i);
    }
    if (i >= options.steps) return result(i);
    const action = bot.choose(own);
    if (!action) return result(i);
    [a, b] = await quietly(() => [own.dispatch(action), modern.dispatch(action)]);
  }
}

/** The migrated game that stands for `original`: same export, same name, the only one, or the `migratedGame` fallback. */
function pickGame(games: FoundGame[], original: FoundGame): FoundGame {
  const match =
    games.find((g) => g.exportName === 'migratedGame') ??
    games.find((g) => g.exportName === original.exportName) ??
    games.find((g) => g.name === original.name) ??
    (games.length === 1 ? games[0] : undefined);
  if (!match)
    throw new Error(
      `no game exported as ${original.exportName} or named ${original.name} (found ${games.map((g) => g.exportName).join(', ') || 'none'})`,
    );
  return match;
}

/** `file:line` of the first use of the name a `ReferenceError` names, or of the `FLOWSCOPE` stub a message quotes. */
function whereIn(files: ReadonlyMap<string, string>, message: string): string | undefined {
  const name = /\b([A-Za-z_$][\w$]*) is not defined\b/.exec(message)?.[1];
  const stub = /FLOWSCOPE: ([^:'\n]+):/.exec(message)?.[0];
  const needle = name
    ? new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`)
    : stub
      ? new RegExp(stub.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      : null;
  if (!needle) return undefined;
  for (const [file, text] of files) {
    const lines = text.split('\n');
    const i = lines.findIndex((l) => needle.test(l) && !/^\s*(\/\/|\*)/.test(l));
    if (i >= 0) return `${shown(file)}:${i + 1}`;
  }
  return undefined;
}

/** Runs game code without letting its `console` output mix with the migrated source on stdout. */
async function quietly<T>(f: () => T | Promise<T>): Promise<T> {
  const saved = {
    log: console.log,
    info: console.info,
    warn: console.warn,
    error: console.error,
    debug: console.debug,
  };
  const mute = () => {};
  Object.assign(console, {
    log: mute,
    info: mute,
    warn: mute,
    error: mute,
    debug: mute,
  });
  try {
    return await f();
  } finally {
    Object.assign(console, saved);
  }
}
