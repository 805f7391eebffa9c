// Property tests of the replay parser: it refuses with ReplayError (never anything else), names the
// field it refuses, and accepts every replay built from valid parts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../types';
import { formatReplay, parseReplay, ReplayError } from './replay-file';

const RUNS = 300;
const id = fc.string({ minLength: 1, maxLength: 4 });
// JSON has no -0 (it reads back as 0), so values are taken as JSON would carry them.
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);

const action = fc.oneof(
  fc.record({ type: fc.constant('move'), name: id, args: fc.array(json, { maxLength: 3 }), playerID: id }),
  fc.record({ type: fc.constant('event'), name: fc.constantFrom(...EVENT_NAMES), args: fc.array(json, { maxLength: 2 }), playerID: id }),
  fc.record({ type: fc.constantFrom('undo', 'redo'), playerID: id }),
  fc.constant({ type: 'reset' }),
);

const expectation = (lastStep: number) =>
  fc.record(
    {
      step: fc.integer({ min: 0, max: lastStep }),
      ok: fc.boolean(),
      phase: fc.option(id, { nil: null }),
      turn: fc.nat(),
      currentPlayer: id,
      playOrder: fc.array(id, { maxLength: 4 }),
      playOrderPos: fc.nat(),
      activePlayers: fc.option(fc.dictionary(id, fc.option(id, { nil: null }), { maxKeys: 3 }), { nil: null }),
      numMoves: fc.nat(),
      gameover: json,
    },
    { requiredKeys: ['step'] },
  );

/** A replay made only of valid parts (as a plain value, before parsing). */
const validReplay = fc
  .record(
    {
      format: fc.constant('flowscope-replay'),
      version: fc.constant(1),
      game: fc.record(
        { name: fc.string(), file: fc.string(), sha256: hex64, export: fc.string(), bgio: fc.string() },
        { requiredKeys: ['name'] },
      ),
      numPlayers: fc.integer({ min: 1, max: 20 }),
      seed: fc.string({ minLength: 1 }),
      setupData: json,
      actions: fc.array(action, { maxLength: 8 }),
    },
    { requiredKeys: ['format', 'version', 'game', 'numPlayers', 'seed', 'actions'] },
  )
  .chain((r) =>
    fc.record({ replay: fc.constant(r), expect: fc.option(fc.array(expectation(r.actions.length), { maxLength: 4 }), { nil: undefined }) }),
  )
  .map(({ replay, expect }) => (expect ? { ...replay, expect } : replay) as Record<string, any>);

function outcome(input: unknown): { ok: true } | { ok: false; problems: string[] } {
  try {
    parseReplay(input);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ReplayError)) throw new Error(`parseReplay threw something other than a ReplayError: ${String(error)}`);
    return { ok: false, problems: error.problems };
  }
}

// What each field accepts, written out independently of the schema. `undefined` means absent.
const isInt = (v: unknown) => Number.isSafeInteger(v);
const isString = (v: unknown) => typeof v === 'string';
const optional = (check: (v: unknown) => boolean) => (v: unknown) => v === undefined || check(v);
const isPlainObject = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v);
const TOP = (r: Record<string, any>): Record<string, (v: unknown) => boolean> => ({
  format: (v) => v === 'flowscope-replay',
  version: (v) => v === 1,
  game: (v) => isPlainObject(v) && isString((v as any).name),
  numPlayers: (v) => isInt(v) && (v as number) >= 1,
  seed: (v) => isString(v) && v !== '',
  setupData: () => true,
  // Only an empty list can replace a valid one without a bad entry (and then no expectation may be past step 0).
  actions: (v) => Array.isArray(v) && v.length === 0 && (r.expect ?? []).every((e: { step: number }) => e.step === 0),
  expect: optional((v) => Array.isArray(v) && v.length === 0),
});
const GAME: Record<string, (v: unknown) => boolean> = {
  name: isString,
  file: optional(isString),
  sha256: optional((v) => isString(v) && /^[0-9a-f]{64}$/.test(v as string)),
  export: optional(isString),
  bgio: optional(isString),
};
const ACTION: Record<string, Record<string, (v: unknown) => boolean>> = {
  move: { name: (v) => isString(v) && v !== '', args: optional(Array.isArray), playerID: isString },
  event: { name: (v) => (EVENT_NAMES as readonly unknown[]).includes(v), args: optional(Array.isArray), playerID: isString },
  undo: { playerID: isString },
  redo: { playerID: isString },
  reset: {},
};
const EXPECTATION = (lastStep: number): Record<string, (v: unknown) => boolean> => ({
  step: (v) => isInt(v) && (v as number) >= 0 && (v as number) <= lastStep,
  ok: optional((v) => typeof v === 'boolean'),
  phase: optional((v) => v === null || isString(v)),
  turn: optional(isInt),
  currentPlayer: optional(isString),
  playOrder: optional((v) => Array.isArray(v) && v.every(isString)),
  playOrderPos: optional(isInt),
  activePlayers: optional((v) => v === null || (isPlainObject(v) && Object.values(v as object).every((s) => s === null || isString(s)))),
  numMoves: optional(isInt),
  gameover: () => true,
});

const WRONG = [undefined, 0, 1, -1, 2.5, '', 'x', true, null, [], ['x'], [1], {}, { a: 1 }];

/** Every field of a replay with its path, the object holding it, and what it accepts. */
function fieldsOf(r: Record<string, any>) {
  const out: { path: string; holder: Record<string, unknown>; key: string; accepts: (v: unknown) => boolean }[] = [];
  for (const [key, accepts] of Object.entries(TOP(r))) out.push({ path: key, holder: r, key, accepts });
  for (const [key, accepts] of Object.entries(GAME)) out.push({ path: `game.${key}`, holder: r.game, key, accepts });
  r.actions.forEach((a: Record<string, unknown>, i: number) => {
    for (const [key, accepts] of Object.entries(ACTION[a.type as string]))
      out.push({ path: `actions[${i}].${key}`, holder: a, key, accepts });
  });
  (r.expect ?? []).forEach((e: Record<string, unknown>, i: number) => {
    for (const [key, accepts] of Object.entries(EXPECTATION(r.actions.length)))
      out.push({ path: `expect[${i}].${key}`, holder: e, key, accepts });
  });
  return out;
}

describe('the replay parser, on generated input', () => {
  it('accepts every replay made of valid parts, and formatReplay/parseReplay round-trip it', () => {
    fc.assert(
      fc.property(validReplay, (r) => {
        const parsed = parseReplay(structuredClone(r));
        expect(parseReplay(formatReplay(parsed))).toEqual(parsed);
        expect(parsed.actions).toHaveLength(r.actions.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses each field deleted or given a wrong value, naming that field, and accepts the values the field allows', () => {
    fc.assert(
      fc.property(validReplay, fc.nat(), fc.constantFrom(...WRONG), (r, pick, wrong) => {
        const replay = structuredClone(r);
        const fields = fieldsOf(replay);
        const field = fields[pick % fields.length];
        if (wrong === undefined) delete field.holder[field.key];
        else field.holder[field.key] = structuredClone(wrong);
        const result = outcome(replay);
        if (field.accepts(wrong)) expect(result).toEqual({ ok: true });
        else {
          expect(result.ok).toBe(false);
          const problems = (result as { problems: string[] }).problems;
          // The problem is at the field or inside it (an emptied action list is reported at the expectation past its end).
          const at = (p: string) =>
            [': ', '.', '['].some((sep) => p.startsWith(field.path + sep)) || (field.path === 'actions' && p.startsWith('expect['));
          expect(problems.some(at), `${field.path} := ${JSON.stringify(wrong)} gave ${JSON.stringify(problems)}`).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses an action of unknown type at its type field, and an entry that is not an action at its index', () => {
    fc.assert(
      fc.property(
        validReplay.filter((r) => r.actions.length > 0),
        fc.nat(),
        fc.constantFrom(...WRONG),
        (r, pick, wrong) => {
          const replay = structuredClone(r);
          const i = pick % replay.actions.length;
          const problems = (
            outcome({ ...replay, actions: replay.actions.map((a: object, j: number) => (j === i ? { ...a, type: wrong } : a)) }) as {
              problems: string[];
            }
          ).problems;
          expect(
            problems.some((p) => p.startsWith(`actions[${i}].type: expected move, event, undo, redo or reset, got `)),
            JSON.stringify(problems),
          ).toBe(true);
          const notObject = isPlainObject(wrong) ? 7 : wrong;
          expect(
            (
              outcome({ ...replay, actions: replay.actions.map((a: object, j: number) => (j === i ? notObject : a)) }) as {
                problems: string[];
              }
            ).problems.some((p) => p.startsWith(`actions[${i}]: expected an action object`)),
          ).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('throws only ReplayError, with at least one problem, for any JSON value or text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fc.json()), (input) => {
        const result = outcome(input);
        if (!result.ok) expect(result.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('throws only ReplayError for a valid replay file cut short or with characters changed', () => {
    fc.assert(
      fc.property(validReplay, fc.nat(), fc.nat({ max: 5 }), fc.string({ maxLength: 3 }), (r, at, drop, insert) => {
        const text = formatReplay(parseReplay(r));
        const cut = at % (text.length + 1);
        outcome(text.slice(0, cut) + insert + text.slice(cut + drop));
      }),
      { numRuns: RUNS },
    );
  });
});
