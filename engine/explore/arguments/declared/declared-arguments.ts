/**
 * What the game declares a client may send to each move, read from its TypeScript source: the
 * finite values of each parameter's type after boardgame.io's own (`points: 80 | 90 | 100`,
 * `trump: Suit` of an enum or a union alias, possibly imported from another local file), and the
 * integer range a `number` parameter is checked against by the move's guards. Pure: the files are
 * read through `LocalFiles`, as `migrateSourceFiles` reads them.
 */
import { isFunction, unwrapExpression, type FunctionNode, type t } from '../../../lint/ast';
import { SourceIndex, type Located, type LocalFiles } from '../../../source/source-index';
import type { ApiEra } from '../../../runtime/bgio-runtime';
import type { GameConfig } from '../../../types';
import { declaredMoves, leadingParameters } from '../move-lookup';
import { checkedRange } from './number-range';
import { TypeScope } from './type-scope';
import { typeValues } from './type-values';

/** One parameter's declared domain: a finite set of values, or bounds that narrow what inference finds. */
export type DeclaredParameter = { values: unknown[] } | { min?: number; max?: number };

/** By a move's config path (`moves.bid`, `phases.bidding.moves.bid`): one entry per argument after boardgame.io's own, null where nothing is declared. */
export type DeclaredArguments = Record<string, (DeclaredParameter | null)[]>;

const MAX_RANGE = 100;

/**
 * The declared argument domains of every move of `config`, whose source is `entry` (the file that
 * writes the config) and the local files it imports. Moves whose declaration cannot be found, or
 * that declare nothing finite, are left out.
 */
export function declaredArguments(
  config: GameConfig,
  era: ApiEra,
  entry: { file: string; source: string },
  local: LocalFiles,
): DeclaredArguments {
  const index = new SourceIndex(entry.source, config, entry.file, { local, indexes: new Map() });
  const scope = new TypeScope({
    // The entry's text as given (it may not be on disk as such).
    read: (file) => (file === entry.file ? entry.source : local.read(file)),
    resolve: (from, specifier) => local.resolve(from, specifier),
  });
  const out: DeclaredArguments = {};
  for (const move of declaredMoves(config)) {
    const found = moveDeclaration(index, move.path, move.fn);
    if (!found) continue;
    const params = found.fn.params.slice(leadingParameters(era));
    const declared = params.map((p) => parameterDomain(p, found.fn, found.file, scope));
    if (declared.some((d) => d !== null)) out[move.path] = declared;
  }
  return out;
}

/** The function written for the move at `path` (its long form's `move` too), found by path or else by the function's name. */
function moveDeclaration(index: SourceIndex, path: string, fn: (...args: never[]) => unknown): { fn: FunctionNode; file: string } | null {
  let located: Located | null = null;
  try {
    located = index.locate(path) ?? index.locateFunction(fn);
  } catch {
    return null;
  }
  if (!located) return null;
  let node: t.Node = located.node;
  if (node.type === 'VariableDeclarator' && node.init) node = node.init;
  node = unwrapExpression(node);
  if (node.type === 'ObjectExpression') {
    const long = index.locate(`${path}.move`);
    if (!long) return null;
    located = long;
    node = unwrapExpression(long.node);
  }
  return isFunction(node) ? { fn: node, file: located.in.file } : null;
}

function parameterDomain(param: t.Node, fn: FunctionNode, file: string, scope: TypeScope): DeclaredParameter | null {
  const target = param.type === 'AssignmentPattern' ? param.left : param;
  if (target.type === 'RestElement') return null;
  const annotation = 'typeAnnotation' in target ? target.typeAnnotation : null;
  if (!annotation || annotation.type !== 'TSTypeAnnotation') return null;
  const values = typeValues(annotation, file, scope);
  if (values?.length) return { values };
  if (annotation.typeAnnotation.type !== 'TSNumberKeyword' || target.type !== 'Identifier') return null;
  const range = checkedRange(fn, target.name);
  if (!range) return null;
  const { min, max } = range;
  if (min !== undefined && max !== undefined && max >= min && max - min < MAX_RANGE)
    return { values: Array.from({ length: max - min + 1 }, (_, i) => min + i) };
  return range;
}
