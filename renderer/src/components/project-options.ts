/**
 * The new-session form's project options (as `--game-path`, `--factory-args` and `--stub-module`
 * on the command line), read from what the user typed: the open request's fields, or what is
 * wrong with each field.
 */
export interface ProjectFields {
  gamePath: string;
  factoryArgs: string;
  stubModules: string;
}

export interface ProjectLocation {
  gamePath?: string;
  factoryArgs?: unknown[];
  stubModules?: string[];
}

export type ProjectErrors = Partial<Record<keyof ProjectFields, string>>;

/** A dotted path into the module's exports: `example.game`, `default.game`, `games.0`. */
const GAME_PATH = /^[^.\s]+(\.[^.\s]+)*$/;
/** An npm package name, optionally scoped, optionally with a subpath (`lodash/fp`). */
const PACKAGE = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9_~][a-z0-9._~-]*(\/[a-z0-9._~-]+)*$/i;

/** The fields as the form shows them for a session opened with `location`. */
export function fieldsOf(location: ProjectLocation): ProjectFields {
  return {
    gamePath: location.gamePath ?? '',
    factoryArgs: location.factoryArgs ? JSON.stringify(location.factoryArgs) : '',
    stubModules: (location.stubModules ?? []).join(', '),
  };
}

/**
 * Reads the fields: empty ones are left out. Example: `{ gamePath: 'example.game', factoryArgs:
 * '[4, "short"]', stubModules: 'toastify-js, @acme/ui' }`.
 */
export function readProjectFields(fields: ProjectFields): { ok: true; location: ProjectLocation } | { ok: false; errors: ProjectErrors } {
  const errors: ProjectErrors = {};
  const location: ProjectLocation = {};
  const gamePath = fields.gamePath.trim();
  if (gamePath) {
    if (GAME_PATH.test(gamePath)) location.gamePath = gamePath;
    else
      errors.gamePath = `game path: expected a dotted path into the module's exports such as example.game or games.0, got ${JSON.stringify(gamePath)}`;
  }
  const args = fields.factoryArgs.trim();
  if (args) {
    let value: unknown;
    try {
      value = JSON.parse(args);
      if (Array.isArray(value)) location.factoryArgs = value;
      else
        errors.factoryArgs = `factory arguments: expected a JSON array such as [4, "short"] (or [] for none), got ${value === null ? 'null' : typeof value}`;
    } catch (error) {
      errors.factoryArgs = `factory arguments: not JSON (${(error as Error).message}); expected an array such as [4, "short"]`;
    }
  }
  const names = fields.stubModules.split(/[\s,]+/).filter(Boolean);
  const bad = names.filter((n) => !PACKAGE.test(n));
  if (bad.length)
    errors.stubModules = `stub modules: ${bad.map((n) => JSON.stringify(n)).join(', ')} ${bad.length === 1 ? 'is not a package name' : 'are not package names'} (such as toastify-js or @acme/ui, separated by commas)`;
  else if (names.length) location.stubModules = [...new Set(names)];
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, location };
}

/** Whether two locations open the game the same way. */
export const sameLocation = (a: ProjectLocation, b: ProjectLocation) => JSON.stringify(fieldsOf(a)) === JSON.stringify(fieldsOf(b));
