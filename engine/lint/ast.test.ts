import { describe, expect, it } from 'vitest';
import { parseFunctionText, parseModule, returnedExpressions, stringValue } from './ast';
import { nondeterministicLines } from './rules/nondeterministic';
import { ctxMembers, eventCalls, hasComputedNextProperty, parseFunction } from './source';

const lines = (file: string, text: string) => nondeterministicLines(file, text).map((l) => l.message.split(':').slice(0, 2).join(':'));

describe('source read over the Babel AST', () => {
  it('reads each kind of game file by its extension: TSX, TS with a <T>x cast, JSX, ESM and CommonJS', () => {
    const tsx = [
      'export const Board = <T,>(props: { seed: T }) => <div key={Math.random()}>{String(props.seed)}</div>;',
      'export const at = (): number => Date.now();',
    ].join('\n');
    expect(lines('board.tsx', tsx)).toEqual(['board.tsx:1 calls Math.random', 'board.tsx:2 calls Date.now']);
    // A `<number>x` cast is not JSX: a .ts file is read without the JSX plugin.
    expect(lines('deck.ts', 'const n = <number>(Math.random() * 6);\nexport default n;')).toEqual(['deck.ts:1 calls Math.random']);
    expect(lines('view.jsx', 'export const V = () => <p>{new Date().toString()}</p>;')).toEqual(['view.jsx:1 calls new Date()']);
    expect(lines('ids.cjs', "const { v4 } = require('nanoid');\nmodule.exports = () => crypto.randomUUID();")).toEqual([
      'ids.cjs:1 imports nanoid, whose results come from Math.random or crypto',
      'ids.cjs:2 calls crypto.randomUUID',
    ]);
    expect(lines('lazy.mjs', "export const load = () => import('uuid');")).toEqual([
      'lazy.mjs:1 imports uuid, whose results come from Math.random or crypto',
    ]);
    expect(parseModule('const = ;', 'broken.js')?.errors?.length ?? 1).toBeGreaterThan(0);
  });

  it('is not fooled by regexes, templates and comments that look like code', () => {
    const source =
      "({ G }, ctx) => { const re = /'\\/\\/ ctx.events.endTurn(/; const s = `${ctx.events.setPhase('a')} // ctx.random`; /* ctx.log */ return re.test(s) ? ctx.playerID : foo.ctx.stats; }";
    expect(eventCalls(source, ['setPhase', 'endTurn'], 'ctx')).toEqual([
      { event: 'setPhase', literal: 'a', computed: false, viaCtx: true },
    ]);
    expect([...ctxMembers(source, 'ctx')].sort()).toEqual(['events', 'playerID']);
  });

  it('tells a literal phase target from a computed one, and reads TypeScript functions and methods', () => {
    expect(hasComputedNextProperty("(G) => G.done && { next: 'b' }")).toBe(false);
    expect(hasComputedNextProperty('(G) => G.done && { next: G.target }')).toBe(true);
    expect(hasComputedNextProperty('(G) => { const next = G.t; return { next }; }')).toBe(true);
    expect(parseFunction('(G: IG, ctx: Ctx): IG => ({ ...G }) // a trailing comment')?.params.map((p) => p.text)).toEqual([
      'G: IG',
      'ctx: Ctx',
    ]);
    expect(parseFunction('async *deal<T>(G: T, ctx) { yield G; }')).toMatchObject({
      form: 'method',
      name: 'deal',
      async: true,
      params: [{ name: 'G' }, { name: 'ctx' }],
    });
  });

  it('finds what a function returns: its concise body or its own returns, through conditionals, not nested functions', () => {
    const parsed = parseFunctionText(
      "(G) => { G.list.map((x) => { return 'nested'; }); if (G.a) return G.b ? 'one' : ('two'); return G; }",
    )!;
    expect(returnedExpressions(parsed.node).map((e) => stringValue(e) ?? e.type)).toEqual(['one', 'two', 'Identifier']);
    expect(returnedExpressions(parseFunctionText("(G) => G.a ? '3' : false")!.node).map((e) => stringValue(e) ?? e.type)).toEqual([
      '3',
      'BooleanLiteral',
    ]);
  });
});
