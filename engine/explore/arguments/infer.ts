/* eslint-disable @typescript-eslint/no-explicit-any -- game state is the user's data, of any shape. */
import type { ApiEra } from '../../runtime/bgio-runtime';
import type { BgioState, PlayerID } from '../../types';
import { runMoveOnCopy, type GameCodeWatch } from './run-move';

const MARK = '\u2063probe:';
const PER_ARGUMENT = 100;

/** What one probe (an argument, or a field of an object argument: `0`, `0.x`) showed. */
interface ProbeUse {
  /** Keys of the collections it was looked up in. */
  keys: unknown[];
  numeric: boolean;
  fields: Set<string>;
}

type ProbeUses = Map<string, ProbeUse>;

const useOf = (uses: ProbeUses, id: string): ProbeUse => {
  let use = uses.get(id);
  if (!use) uses.set(id, (use = { keys: [], numeric: false, fields: new Set() }));
  return use;
};

/** A stand-in argument: used as a key it names itself; as a number it is NaN (so loops end); its fields are probes too. */
function probe(id: string, uses: ProbeUses): unknown {
  const primitive = (hint: string) => {
    if (hint === 'number') {
      useOf(uses, id).numeric = true;
      return NaN;
    }
    return `${MARK}${id}`;
  };
  return new Proxy(
    {},
    {
      get(_, key) {
        if (key === Symbol.toPrimitive) return primitive;
        if (key === 'toString') return () => primitive('string');
        if (key === 'valueOf') return () => primitive('number');
        if (typeof key !== 'string' || key === 'toJSON' || key === 'then') return undefined;
        useOf(uses, id).fields.add(key);
        return probe(`${id}.${key}`, uses);
      },
    },
  );
}

/** The keys of a collection, as a client would send them: numbers for an array's indexes. */
function keysOf(collection: object): unknown[] {
  if (Array.isArray(collection)) return collection.map((_, i) => i);
  return Object.keys(collection);
}

/** A value of the collection to carry on with (an object when there is one, so `board[y][x]` reaches `x`). */
function representative(collection: object): unknown {
  const values = Object.values(collection);
  return values.find((v) => v && typeof v === 'object') ?? values[0];
}

const unique = (values: unknown[]) => {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = typeof v + JSON.stringify(v);
    return seen.has(key) ? false : (seen.add(key), true);
  });
};

/**
 * Candidate values for each of a move's `count` arguments, found by running it on copies of the
 * state with probe values: an argument used as a key of a collection takes that collection's
 * keys; one compared with the fields of a collection's items takes those fields' values; one used
 * as a number takes small integers; an object argument gets each of its fields so. `null` for an
 * argument nothing was learnt about.
 */
export function inferArguments(
  fn: (...args: any[]) => unknown,
  path: string,
  era: ApiEra,
  state: BgioState,
  playerID: PlayerID,
  count: number,
  watch: GameCodeWatch,
): { values: (unknown[] | null)[]; completed: boolean } {
  const uses: ProbeUses = new Map();
  const onKey = (key: string, target: object) => {
    if (!key.startsWith(MARK)) return null;
    useOf(uses, key.slice(MARK.length)).keys.push(...keysOf(target));
    return { value: representative(target) };
  };
  const probes = Array.from({ length: count }, (_, i) => probe(String(i), uses));
  const first = runMoveOnCopy(fn, path, era, state, playerID, probes, watch, onKey);
  const values: (unknown[] | null)[] = [];
  for (let i = 0; i < count; i++) values.push(candidatesOf(String(i), uses));
  let completed = !first.threw && !first.invalid;
  // Arguments used as lists (`ids.length`, `ids.some(…)`): run again with a list of two probes, and learn its items.
  for (let i = 0; i < count; i++) {
    if (!isListLike(uses.get(String(i)))) continue;
    const items = [probe(`${i}[0]`, uses), probe(`${i}[1]`, uses)];
    const args = values.map((v, j) => (j === i ? items : v?.[0]));
    const run = runMoveOnCopy(fn, path, era, state, playerID, args, watch, onKey);
    completed ||= !run.threw && !run.invalid;
    const scanned = unique(run.reads.scanned.filter((v) => typeof v === 'string' || typeof v === 'number'));
    const options = candidatesOf(`${i}[0]`, uses) ?? candidatesOf(`${i}[1]`, uses) ?? (scanned.length ? scanned : null);
    if (options?.length) values[i] = smallLists(options);
  }
  // Arguments not used as keys: run again with the others set, and see which items' fields it compares.
  for (let i = 0; i < count; i++) {
    if (values[i]?.length) continue;
    const args = values.map((v, j) => (j === i ? probe(String(i), uses) : v?.[0]));
    const run = runMoveOnCopy(fn, path, era, state, playerID, args, watch, onKey);
    completed ||= !run.threw && !run.invalid;
    const found = candidatesOf(String(i), uses);
    const scanned = unique(run.reads.scanned.filter((v) => typeof v === 'string' || typeof v === 'number'));
    if (found?.length) values[i] = found;
    else if (scanned.length) values[i] = scanned.slice(0, PER_ARGUMENT);
    else if (uses.get(String(i))?.numeric) values[i] = Array.from({ length: 10 }, (_, n) => n);
  }
  // Compared with a list written in the move itself (`['0', '1', '2'].includes(choice)`): the strings it spells.
  const literals = stringLiterals(fn);
  for (let i = 0; i < count; i++) if (!values[i]?.length && literals.length) values[i] = literals;
  return { values, completed };
}

/** The short string literals in a function's source (not its error messages). */
function stringLiterals(fn: (...args: any[]) => unknown): string[] {
  const source = Function.prototype.toString.call(fn);
  const found = new Set<string>();
  for (const m of source.matchAll(/(['"])((?:\\.|(?!\1)[^\n])*)\1/g)) if (m[2].length <= 20 && !/\s/.test(m[2])) found.add(m[2]);
  return [...found].slice(0, PER_ARGUMENT);
}

const LIST_FIELDS = new Set([
  'length',
  'some',
  'every',
  'map',
  'forEach',
  'filter',
  'find',
  'includes',
  'indexOf',
  'reduce',
  'slice',
  'join',
]);

/** Whether the move used a probe as a list (read its length or called an array method on it). */
const isListLike = (use: ProbeUse | undefined) => !!use && [...use.fields].some((f) => LIST_FIELDS.has(f));

/** Lists of one to three distinct items drawn in order from `items`: `[a]`, `[b]`, …, `[a, b]`, `[b, c]`, …, `[a, b, c]`, …. */
function smallLists(items: unknown[]): unknown[][] {
  const out: unknown[][] = [];
  for (let size = 1; size <= Math.min(3, items.length); size++)
    for (let start = 0; start + size <= items.length && out.length < PER_ARGUMENT; start++) out.push(items.slice(start, start + size));
  return out;
}

/** Candidates for probe `id`: its keys, else an object built from its fields' candidates. */
function candidatesOf(id: string, uses: ProbeUses): unknown[] | null {
  const use = uses.get(id);
  if (!use) return null;
  if (use.keys.length) return unique(use.keys).slice(0, PER_ARGUMENT);
  if (isListLike(use)) return null;
  if (!use.fields.size) return use.numeric ? Array.from({ length: 10 }, (_, n) => n) : null;
  let objects: Record<string, unknown>[] = [{}];
  for (const field of use.fields) {
    const options = candidatesOf(`${id}.${field}`, uses);
    if (!options?.length) continue;
    objects = objects.flatMap((o) => options.map((v) => ({ ...o, [field]: v }))).slice(0, PER_ARGUMENT);
  }
  return objects.length === 1 && !Object.keys(objects[0]).length ? null : objects;
}
