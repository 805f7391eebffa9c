/** A command-line mistake: wrong flags or arguments (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}
