import { z } from '../schema/zod';
import { flowActionSchema } from '../schema/action-schema';
import { expected, kindOf } from '../schema/issues';
import { gameRandomnessSchema } from '../schema/game-randomness-schema';
import { REPLAY_FORMAT, REPLAY_VERSION } from './replay-format';

export const EXPECTATION_KEYS = [
  'ok',
  'phase',
  'turn',
  'currentPlayer',
  'playOrder',
  'playOrderPos',
  'activePlayers',
  'numMoves',
  'gameover',
] as const;

const text = (what = 'a string') => z.string(expected(what));
const integer = z.int(expected('an integer'));
const stepNumber = (what: string) => z.int(expected(what)).min(0, expected(what));

/**
 * What a step is expected to look like; every key present is checked, the rest ignored.
 * `lastStep` bounds `step` (a replay of N actions has steps 0…N).
 */
export function stepExpectationSchema(lastStep = Infinity) {
  return z.strictObject(
    {
      step: stepNumber('a step number (0 = initial state)').max(lastStep, {
        error: (issue) => `${String(issue.input)} is past the last step (${lastStep})`,
      }),
      ok: z.boolean(expected('a boolean')).optional(),
      phase: text('a phase name or null').nullable().optional(),
      turn: integer.optional(),
      currentPlayer: text().optional(),
      playOrder: z.array(text('a player ID string'), expected('an array of player IDs')).optional(),
      playOrderPos: integer.optional(),
      activePlayers: z.record(z.string(), text('a stage name or null').nullable(), expected('an object or null')).nullable().optional(),
      numMoves: integer.optional(),
      gameover: z.unknown().optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `not a checkable field (use ${EXPECTATION_KEYS.join(', ')})`
          : `expected an object, got ${kindOf(issue.input)}`,
    },
  );
}

const sha256 = z.string(expected('64 lowercase hex digits')).regex(/^[0-9a-f]{64}$/, expected('64 lowercase hex digits'));

/** The game a replay was recorded on, and where in its project it was found (as `--game-path`, `--factory-args`, `--stub-module` say). */
export const replayGameSchema = z.object(
  {
    name: text(),
    file: text().optional(),
    sha256: sha256.optional(),
    export: text().optional(),
    bgio: text().optional(),
    gamePath: text('a path such as games.chess').optional(),
    factoryArgs: z.array(z.unknown(), expected('an array of the factory arguments')).optional(),
    stubModules: z.array(text('a module name'), expected('an array of module names')).optional(),
  },
  expected('an object { name, file?, sha256?, export?, bgio?, gamePath?, factoryArgs?, stubModules? }'),
);

/** Version 1 of the replay file (see the README's "Replay files"); `lastStep` as in `stepExpectationSchema`. */
export function replayFileSchema(lastStep = Infinity) {
  return z.object(
    {
      format: z.literal(REPLAY_FORMAT, expected(`"${REPLAY_FORMAT}"`)),
      version: z.literal(REPLAY_VERSION, {
        error: (issue) =>
          typeof issue.input === 'number' && issue.input > REPLAY_VERSION
            ? `${issue.input} is newer than this Flowscope reads (${REPLAY_VERSION}); update Flowscope`
            : `expected ${REPLAY_VERSION}, got ${kindOf(issue.input)}`,
      }),
      game: replayGameSchema,
      numPlayers: z.int(expected('a positive integer')).min(1, expected('a positive integer')),
      seed: text('a non-empty string').min(1, expected('a non-empty string')),
      /**
       * How the game's `Math.random`, clock and `crypto` ran when it was recorded: `seeded` (from the
       * seed and the step, reproducible anywhere) or `real`. Replays from before it existed read as seeded.
       */
      gameRandomness: gameRandomnessSchema.optional(),
      setupData: z
        .unknown()
        .optional()
        .transform((value): unknown => value ?? null),
      actions: z.array(flowActionSchema, expected('an array')),
      expect: z.array(stepExpectationSchema(lastStep), expected('an array')).optional(),
    },
    { error: (issue) => `the file must hold a JSON object, got ${kindOf(issue.input)}` },
  );
}

export type StepExpectation = z.output<ReturnType<typeof stepExpectationSchema>>;
export type ReplayFile = z.output<ReturnType<typeof replayFileSchema>>;
