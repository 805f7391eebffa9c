// The protocol's request validation: accepted requests, refused ones named by method and field,
// and nothing thrown but ProtocolError, on generated input (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../types';
import { HOST_METHODS, type HostMethod } from './host-methods';
import { ProtocolError, readRequestMessage, validateHostRequest } from './host-request';

const RUNS = 300;
const json = fc.jsonValue({ maxDepth: 2 });
const text = fc.string({ minLength: 1, maxLength: 6 });
const action = fc.oneof(
  fc.record(
    { type: fc.constant('move'), name: text, args: fc.array(json, { maxLength: 3 }), playerID: fc.string() },
    { requiredKeys: ['type', 'name', 'playerID'] },
  ),
  fc.record(
    { type: fc.constant('event'), name: fc.constantFrom(...EVENT_NAMES), args: fc.array(json, { maxLength: 2 }), playerID: fc.string() },
    { requiredKeys: ['type', 'name', 'playerID'] },
  ),
  fc.record({ type: fc.constantFrom('undo', 'redo'), playerID: fc.string() }),
  fc.constant({ type: 'reset' }),
);

const breakpoint = fc.oneof(
  fc.record({ kind: fc.constant('phase'), phase: text }),
  fc.record({ kind: fc.constantFrom('turn', 'event-rejected', 'event-dropped', 'threw') }),
  fc.record({ kind: fc.constant('stage'), stage: text }),
  fc.record({ kind: fc.constant('diagnostic'), code: fc.string() }, { requiredKeys: ['kind'] }),
  fc.record({ kind: fc.constant('predicate'), source: text }),
);
const filter = fc.record(
  {
    player: fc.string(),
    action: fc.string(),
    outcome: fc.constantFrom('accepted', 'rejected', 'threw'),
    diagnostic: fc.string(),
    text: fc.string({ maxLength: 20 }),
  },
  { requiredKeys: [] },
);
const BREAKPOINT_KINDS = ['phase', 'turn', 'stage', 'event-rejected', 'event-dropped', 'diagnostic', 'threw', 'predicate'];
const NAMED: Record<string, string> = { phase: 'phase', stage: 'stage', predicate: 'source' };
const isBreakpoint = (v: unknown): boolean => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const b = v as Record<string, unknown>;
  if (!BREAKPOINT_KINDS.includes(b.kind as string)) return false;
  const key = NAMED[b.kind as string];
  return key ? typeof b[key] === 'string' && b[key] !== '' : b.kind !== 'diagnostic' || b.code === undefined || typeof b.code === 'string';
};

/** Valid parameters for every method: adding a method to the protocol means adding it here. */
const VALID = {
  listGames: fc.constant([]),
  open: fc.tuple(
    fc.record(
      { game: text, exportName: text, bgio: text, numPlayers: fc.integer({ min: 1, max: 100 }), seed: text, setupData: json },
      { requiredKeys: ['game'] },
    ),
  ),
  restart: fc.tuple(
    fc.record({ numPlayers: fc.integer({ min: 1, max: 100 }), seed: text, setupData: json }, { requiredKeys: ['numPlayers', 'seed'] }),
  ),
  view: fc.constant([]),
  dispatch: fc.oneof(fc.tuple(action), fc.tuple(action, fc.oneof(fc.nat(), fc.constant(null)))),
  random: fc.oneof(
    fc.tuple(fc.integer({ min: 0, max: 1_000_000 })),
    fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.oneof(fc.constant(null), fc.array(breakpoint, { maxLength: 3 }))),
  ),
  steps: fc.tuple(fc.nat(), fc.nat()),
  step: fc.tuple(fc.nat()),
  exportReplay: fc.constant([]),
  openReplay: fc.oneof(fc.tuple(fc.string()), fc.tuple(fc.string(), fc.oneof(fc.string(), fc.constant(null)))),
  reload: fc.constant([]),
  dispatchLive: fc.tuple(
    fc.oneof(action, fc.constant(null)),
    fc.oneof(fc.constant(null), fc.record({ G: json, ctx: fc.dictionary(text, json), _stateID: fc.nat() })),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.oneof(fc.string(), fc.constant(null)),
  ),
  listLessons: fc.constant([]),
  lesson: fc.tuple(text),
  searchSteps: fc.oneof(fc.tuple(filter), fc.tuple(filter, fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.constant(null)))),
  coverage: fc.constant([]),
  timeline: fc.constant([]),
  explore: fc.tuple(fc.record({ runs: fc.integer({ min: 1, max: 100_000 }), steps: fc.integer({ min: 1, max: 100_000 }), seed: text })),
  findBreak: fc.tuple(fc.nat(), fc.array(breakpoint, { maxLength: 3 })),
} satisfies Record<HostMethod, fc.Arbitrary<unknown[]>>;

// What each parameter field accepts, written out independently of the schemas.
type Accepts = (v: unknown) => boolean;
const optional =
  (a: Accepts): Accepts =>
  (v) =>
    v === undefined || a(v);
const nonEmpty: Accepts = (v) => typeof v === 'string' && v !== '';
const index: Accepts = (v) => Number.isSafeInteger(v) && (v as number) >= 0;
const positive: Accepts = (v) => Number.isSafeInteger(v) && (v as number) >= 1;
const isString: Accepts = (v) => typeof v === 'string';
const anything: Accepts = () => true;

function fieldsOf(method: HostMethod, params: any[]): Record<string, Accepts> {
  switch (method) {
    case 'open':
      return {
        '[0].game': nonEmpty,
        '[0].exportName': optional(nonEmpty),
        '[0].bgio': optional(nonEmpty),
        '[0].numPlayers': optional(positive),
        '[0].seed': optional(nonEmpty),
        '[0].setupData': anything,
      };
    case 'restart':
      return { '[0].numPlayers': positive, '[0].seed': nonEmpty, '[0].setupData': anything };
    case 'dispatch': {
      const type = params[0].type as string;
      const fields: Record<string, Accepts> = { '[0].type': () => false, '[1]': optional((v) => v === null || index(v)) };
      if (type !== 'reset') fields['[0].playerID'] = isString;
      if (type === 'move') fields['[0].name'] = nonEmpty;
      if (type === 'event') fields['[0].name'] = (v) => (EVENT_NAMES as readonly unknown[]).includes(v);
      if (type === 'move' || type === 'event') fields['[0].args'] = optional(Array.isArray);
      return fields;
    }
    case 'random':
      return {
        '[0]': (v) => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 1_000_000,
        '[1]': optional((v) => v === null || (Array.isArray(v) && v.every(isBreakpoint))),
      };
    case 'searchSteps':
      return {
        '[0].player': optional(isString),
        '[0].outcome': optional((v) => v === 'accepted' || v === 'rejected' || v === 'threw'),
        '[0].text': optional(isString),
        '[1]': optional((v) => v === null || (Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= 100_000)),
      };
    case 'explore': {
      const count: Accepts = (v) => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= 100_000;
      return { '[0].runs': count, '[0].steps': count, '[0].seed': nonEmpty };
    }
    case 'findBreak':
      return { '[0]': index, '[1]': (v) => Array.isArray(v) && v.every(isBreakpoint) };
    case 'steps':
      return { '[0]': index, '[1]': index };
    case 'step':
      return { '[0]': index };
    case 'openReplay':
      return { '[0]': isString, '[1]': optional((v) => v === null || isString(v)) };
    case 'dispatchLive':
      return { '[2]': Array.isArray, '[3]': optional((v) => v === null || isString(v)) };
    case 'lesson':
      return { '[0]': nonEmpty };
    default:
      return {};
  }
}

const WRONG = [undefined, 0, 1, -1, 2.5, 1e9, '', 'x', true, null, [], ['x'], {}, { a: 1 }];

function set(params: any[], path: string, value: unknown): void {
  const keys = [...path.matchAll(/\[(\d+)\]|\.(\w+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[2]));
  let holder: any = params;
  for (const key of keys.slice(0, -1)) holder = holder[key];
  const last = keys[keys.length - 1];
  if (value === undefined && !Array.isArray(holder)) delete holder[last];
  else holder[last] = value;
}

function refusal(method: unknown, params: unknown): string | null {
  try {
    validateHostRequest(method, params);
    return null;
  } catch (error) {
    if (!(error instanceof ProtocolError))
      throw new Error(`validateHostRequest threw something other than a ProtocolError: ${String(error)}`);
    return error.message;
  }
}

const anyMethod = fc.constantFrom(...HOST_METHODS);
const validRequest = anyMethod.chain((method) =>
  fc.record({ method: fc.constant(method), params: VALID[method] as fc.Arbitrary<unknown[]> }),
);

describe('protocol requests', () => {
  it('every valid generated request is accepted, unchanged but for defaults', () => {
    fc.assert(
      fc.property(validRequest, ({ method, params }) => {
        const request = validateHostRequest(method, structuredClone(params));
        expect(request.method).toBe(method);
        expect(request.params).toMatchObject(params as object);
      }),
      { numRuns: RUNS },
    );
  });

  it('a request with one field deleted or of the wrong type is refused, naming the method and that field', () => {
    fc.assert(
      fc.property(validRequest, fc.nat(), fc.constantFrom(...WRONG), ({ method, params }, pick, wrong) => {
        const fields = Object.entries(fieldsOf(method, params));
        fc.pre(fields.length > 0);
        const [path, accepts] = fields[pick % fields.length];
        const mutated = structuredClone(params) as any[];
        set(mutated, path, structuredClone(wrong));
        const message = refusal(method, mutated);
        if (accepts(wrong)) expect(message).toBeNull();
        else {
          expect(message).toMatch(new RegExp(`^${method}: `));
          const named = [':', '.', '['].some((sep) => message!.includes(`params${path}${sep}`));
          expect(named, `${method} ${path} := ${JSON.stringify(wrong)} gave ${message}`).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('an extra parameter is refused', () => {
    // Methods with an optional last parameter are filled up to their full arity first.
    const arity: Partial<Record<HostMethod, number>> = { dispatch: 2, openReplay: 2, random: 2, searchSteps: 2 };
    fc.assert(
      fc.property(validRequest, json, ({ method, params }, extra) => {
        const full = [...params, ...Array((arity[method] ?? params.length) - params.length).fill(null), extra];
        expect(refusal(method, full)).toMatch(
          new RegExp(`^${method}: params: (takes no parameters|expected at most ${full.length - 1} parameters?)$`),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('unknown methods are refused by name, whatever they are', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), json), json, (method, params) => {
        fc.pre(!(HOST_METHODS as unknown[]).includes(method));
        expect(refusal(method, params)).toMatch(/^unknown request /);
      }),
      { numRuns: RUNS },
    );
    for (const inherited of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(refusal(inherited, [])).toBe(`unknown request ${inherited}`);
  });

  it('arbitrary parameters for any method give a ProtocolError naming the method, or a valid request', () => {
    fc.assert(
      fc.property(anyMethod, fc.oneof(json, fc.array(json, { maxLength: 3 })), (method, params) => {
        const message = refusal(method, params);
        if (message !== null) expect(message).toMatch(new RegExp(`^${method}: params`));
      }),
      { numRuns: RUNS },
    );
  });

  it('reads wire messages into requests or error replies, never throwing', () => {
    expect(readRequestMessage('{"id":3,"method":"step","params":[2]}')).toEqual({
      ok: true,
      id: 3,
      request: { method: 'step', params: [2] },
    });
    expect(readRequestMessage('null')).toEqual({
      ok: false,
      reply: {
        id: null,
        ok: false,
        error: { name: 'ProtocolError', message: 'expected a request object { id, method, params }, got null' },
      },
    });
    expect(readRequestMessage('{"id":"a","method":"view"}')).toMatchObject({
      ok: false,
      reply: { id: null, error: { message: 'id: expected an integer, got string "a"' } },
    });
    expect(readRequestMessage('{"id":4,"method":"dispatch","params":[null]}')).toEqual({
      ok: false,
      reply: { id: 4, ok: false, error: { name: 'ProtocolError', message: 'dispatch: params[0]: expected an action object, got null' } },
    });
    expect(readRequestMessage('{"id":5,"method":"view"}')).toEqual({ ok: true, id: 5, request: { method: 'view', params: [] } });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          validRequest.map((r) => JSON.stringify({ id: 1, ...r })),
        ),
        (message) => {
          const read = readRequestMessage(message);
          if (!read.ok) expect(read.reply).toMatchObject({ ok: false, error: { name: 'ProtocolError' } });
        },
      ),
      { numRuns: RUNS },
    );
  });
});
