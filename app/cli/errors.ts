/** A command-line mistake: wrong flags or arguments (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A file the user named that cannot be read or written (exit code 2). */
export class InputError extends Error {
  override name = 'InputError';
}

// By name, not class: errors relayed from a worker thread arrive as plain Errors with their name.
const USER_ERRORS = new Set([
  'InputError',
  'FileError',
  'GameLoadError',
  'GameSelectionError',
  'SessionError',
  'ReplayError',
  'ReleaseError',
  'HostError',
  'StalledError',
  'ServerStartError',
  'LessonError',
  'ArgumentFileError',
  'MergeError',
]);

/** An error about the user's game file, replay or other input, whose message is the whole story. */
export function isUserError(error: unknown): error is Error {
  return error instanceof Error && USER_ERRORS.has(error.name);
}

export function isUsageError(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    (error instanceof Error && (error.name === 'UsageError' || !!(error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')))
  );
}
