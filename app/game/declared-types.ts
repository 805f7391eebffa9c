import path from 'node:path';
import { declaredArguments, type DeclaredArguments } from '../../engine';
import { definingFile } from '../../engine/legacy';
import type { OpenedGame } from './open-session';
import { localFiles, withTypeOnlyImports } from '../load/local-files';

/**
 * What the game's TypeScript source declares each move's arguments may be (explore's `types`
 * source), read from the files its bundle read and the local files they import only for types
 * (a type alias imported with `import type` is not in the bundle). Nothing for a game whose source
 * cannot be read so: explore then infers, as for a JavaScript game.
 */
export function declaredArgumentTypes(opened: OpenedGame): DeclaredArguments {
  const known = read.get(opened);
  if (known) return known;
  const declared = readDeclared(opened);
  read.set(opened, declared);
  return declared;
}

/** The same, read only when a move first needs arguments no other source gave (`declaredOf` calls it). */
export function declaredArgumentTypesWhenNeeded(opened: OpenedGame): () => DeclaredArguments {
  return () => declaredArgumentTypes(opened);
}

/** Read once per opened game: the app's bot, its Findings panel and explore all ask. */
const read = new WeakMap<OpenedGame, DeclaredArguments>();

function readDeclared(opened: OpenedGame): DeclaredArguments {
  try {
    const local = localFiles(withTypeOnlyImports(opened.module.inputs.map((f) => path.resolve(f))));
    const gameFile = definingFile(opened.module.file, opened.game.exportName, local);
    const source = local.read(gameFile);
    return source === undefined ? {} : declaredArguments(opened.game.config, opened.runtime.era, { file: gameFile, source }, local);
  } catch {
    // A source that cannot be read only loses this source of arguments; the game itself loaded.
    return {};
  }
}
