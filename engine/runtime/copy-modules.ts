import { CopyMismatchError, type BgioCopy } from './bgio-runtime';

/**
 * One of a copy's files, checked to export every value Flowscope instruments or hands to game
 * code: a release of the same minor that moved or renamed one fails here, naming its version.
 */
export function loadChecked<T>(copy: BgioCopy, file: string, names: readonly string[], shipped: string): T {
  let loaded: Record<string, unknown>;
  try {
    loaded = copy.load(file) as Record<string, unknown>;
  } catch (error) {
    throw new CopyMismatchError(
      `boardgame.io ${copy.version} has no ${file} that loads (${(error as Error).message.split('\n')[0]}): its files differ from ${shipped}'s, which Flowscope instruments; run on the bundled release with --bgio ${shipped}`,
    );
  }
  const missing = names.filter((name) => loaded?.[name] === undefined);
  if (missing.length)
    throw new CopyMismatchError(
      `boardgame.io ${copy.version}'s ${file} has no ${missing.join(', ')}: its internals differ from ${shipped}'s, which Flowscope instruments; run on the bundled release with --bgio ${shipped}`,
    );
  return loaded as T;
}

/**
 * What `import … from 'boardgame.io/<sub>'` gives game code run on a copy: `own` (the modules the
 * release's runtime prepares, e.g. a wrapped `Game`), else the copy's own entry point.
 */
export function modulesOfCopy(copy: BgioCopy, own: Record<string, unknown>): Readonly<Record<string, unknown>> {
  return new Proxy(own, {
    get(target, id) {
      if (typeof id !== 'string') return undefined;
      if (Object.prototype.hasOwnProperty.call(target, id)) return target[id];
      return id === 'boardgame.io' || id.startsWith('boardgame.io/') ? copy.entry(id) : undefined;
    },
  });
}
