import { EVENT_NAMES } from '../../types';
import { finding, list, type LintFinding } from '../codes';
import { ctxMembers, eventCalls, parseFunction, sourceOf, type FunctionShape, type Parameter } from '../source';
import { skipBlanks } from '../skim';
import { distinctFunctions, type Rule } from './context';

type Kind = 'move' | 'hook' | 'trigger' | 'order' | 'setup' | 'playerView';

/** Context members that lived on `ctx` before 0.50 and are now beside it. */
const MOVED_OFF_CTX = ['events', 'random', 'playerID', 'log'];
const CONTEXT_OBJECT = '`{ G, ctx, events, random, playerID, ... }`';

const nameOf = (p: Parameter | undefined) => (p && p.kind === 'identifier' ? p.name : undefined);
const shown = (p: Parameter) => (p.kind === 'identifier' ? (p.name as string) : p.text);

/** What only a pre-0.50 `ctx` has: read on the first parameter, it is that `ctx`, whatever else is read. */
const CTX_ONLY = ['numPlayers', 'currentPlayer', 'playOrder', 'playOrderPos', 'turn', 'phase', 'activePlayers', 'numMoves', 'gameover'];

/**
 * Whether a function of `kind` is written with a pre-0.50 positional signature. Moves, hooks,
 * triggers, turn-order functions and `playerView`: the first parameter is a plain identifier
 * `G`/`g`, or the second one is `ctx`. `setup`: the first parameter is a plain identifier `ctx`.
 * Destructured (`({ G, ctx })`), `(context, id)` and parameterless functions are modern, and so
 * is a first parameter the source reads as the context object (`ctx.ctx.numPlayers`,
 * `G.G.cards`) and never as a `ctx` or a `G` of its own.
 */
export function isLegacySignature(shape: FunctionShape | null, kind: Kind, source?: string): boolean {
  if (!shape) return false;
  const [first, second] = shape.params;
  const firstName = nameOf(first);
  const readAsContext = () => {
    if (source === undefined || firstName === undefined) return false;
    const members = ctxMembers(source, firstName);
    return (members.has('ctx') || members.has('G')) && !CTX_ONLY.some((m) => members.has(m));
  };
  if (kind === 'setup') return firstName === 'ctx' && !readAsContext();
  if (nameOf(second) === 'ctx') return true;
  return (firstName === 'G' || firstName === 'g') && !readAsContext();
}

/**
 * Whether a function's text plainly shows a modern signature, read without parsing it: its first
 * parameter is destructured (`({ G, ctx }, id) =>`, `function ({ G })`, `name({ G }) {`) and its
 * second, if any, is not `ctx`. False when unsure; the parsed signature decides then.
 */
export function plainlyModern(source: string): boolean {
  const text = source.trim();
  const head = /^[\w$\s*]*\(\s*\{/.exec(text);
  if (!head) return false;
  let depth = 0;
  for (let i = head[0].length - 1; i < text.length; i++) {
    const c = text[i];
    // A string, template, comment or regular expression may hold brackets: leave it to the parser.
    if ('\'"`/\\'.includes(c)) return false;
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    if (depth > 0) continue;
    if (c !== '}') return false;
    const next = skipBlanks(text, i + 1);
    if (text[next] === ')') return true;
    if (text[next] !== ',') return false;
    const second = skipBlanks(text, next + 1);
    // Its name as written: an escape in it (`c\u0074x`) leaves it to the parser.
    const name = /^[\w$]*/.exec(text.slice(second))![0];
    return /[\w$.{[)]/.test(text[second] ?? '') && name !== 'ctx' && text[second + name.length] !== '\\';
  }
  return false;
}

function render(shape: FunctionShape, inner: string): string {
  const prefix = shape.async ? 'async ' : '';
  if (shape.form === 'arrow') return `${prefix}(${inner}) =>`;
  if (shape.form === 'function') return `${prefix}function${shape.name ? ` ${shape.name}` : ''}(${inner})`;
  return `${prefix}${shape.name}(${inner})`;
}

const member = (key: string, local: string | undefined) => (local === undefined || local === key ? key : `${key}: ${local}`);

function corrected(shape: FunctionShape, kind: Kind, source: string): string {
  const [first, second, ...others] = shape.params;
  if (kind === 'setup') {
    const ctxName = nameOf(first) as string;
    const used = [...ctxMembers(source, ctxName)].filter((m) => MOVED_OFF_CTX.includes(m) && m !== 'playerID');
    const rest = shape.params.slice(1).map(shown);
    return render(shape, [`{ ${['ctx', ...used].join(', ')} }`, ...rest].join(', '));
  }
  const gName = nameOf(first);
  const ctxName = nameOf(second);
  const members = [member('G', gName), member('ctx', ctxName)];
  if (kind === 'move' || kind === 'hook') members.push('events');
  if (kind === 'playerView' && others[0]) members.push(member('playerID', nameOf(others[0])));
  for (const m of ctxName ? ctxMembers(source, ctxName) : []) {
    if (MOVED_OFF_CTX.includes(m) && !members.includes(m)) members.push(m);
  }
  const rest = kind === 'move' ? others.map(shown) : [];
  return render(shape, [`{ ${members.join(', ')} }`, ...rest].join(', '));
}

function message(path: string, shape: FunctionShape, kind: Kind, source: string): string {
  const written = `(${shape.params.map(shown).join(', ')})`;
  const fix = `write it as \`${corrected(shape, kind, source)}\``;
  if (kind === 'setup') {
    const ctxName = nameOf(shape.params[0]) as string;
    return `\`${path}\` is written with the pre-0.50 \`${written}\` signature: in boardgame.io 0.50 its first argument is the \`{ ctx, random, events, log, ... }\` object, so \`${ctxName}\` here is that object and \`${ctxName}.numPlayers\` is undefined; ${fix}.`;
  }
  const [first, second, ...others] = shape.params;
  const what: string[] = [];
  if (first.kind === 'identifier') what.push(`\`${first.name}\` here is that object${second ? '' : ', not the game state'}`);
  const later = kind === 'playerView' ? [second, ...others].filter(Boolean) : second ? [second] : [];
  if (later.length) {
    const names = list(later.map(shown));
    const undef = `${names} ${later.length === 1 ? 'is' : 'are'} undefined`;
    what.push(kind === 'move' ? `${undef} (or the move's first argument, when it is given one)` : undef);
  }
  let why = '';
  const ctxName = nameOf(second);
  if (ctxName) {
    const calls = [
      ...new Set(
        eventCalls(source, EVENT_NAMES, ctxName)
          .filter((c) => c.viaCtx)
          .map((c) => `${ctxName}.events.${c.event}(…)`),
      ),
    ];
    if (calls.length) {
      const onMove = path === 'turn.onMove' || path.endsWith('.turn.onMove');
      why = `; this is why its ${list(calls)} never ${calls.length === 1 ? 'takes' : 'take'} effect, since \`${ctxName}\` is undefined and the call is skipped or throws (${onMove ? 'the `turn.onMove` failure described' : 'the same failure as the `turn.onMove`'} in the reactive-patterns document)`;
    }
  }
  return `\`${path}\` is written with the pre-0.50 \`${written}\` signature: in boardgame.io 0.50 the first argument is the ${CONTEXT_OBJECT} object, so ${what.join(' and ')}${why}; ${fix}.`;
}

/** `legacy-signature`: moves, hooks, triggers (`endIf`, phase `next`), turn orders, `setup` and `playerView`. Never `ai.enumerate` (still positional in 0.50). */
export const legacySignature: Rule = (ctx) => {
  const out: LintFinding[] = [];
  const candidates: { path: string; kind: Kind; source: string }[] = distinctFunctions(ctx).map((f) => ({
    path: f.path,
    kind: f.kind,
    source: f.source,
  }));
  if (typeof ctx.config.playerView === 'function')
    candidates.push({ path: 'playerView', kind: 'playerView', source: sourceOf(ctx.config.playerView) });
  for (const c of candidates) {
    if (plainlyModern(c.source)) continue;
    const shape = parseFunction(c.source);
    if (!shape || !isLegacySignature(shape, c.kind, c.source)) continue;
    out.push(finding('legacy-signature', c.path, message(c.path, shape, c.kind, c.source)));
  }
  return out;
};
