import type { z } from 'zod';
import { formatPath } from '../util/diff';

/** How a value reads in an error message: `number 3`, `string "x"`, `an array`, `null`. */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') return `a ${typeof value}`;
  const text = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 57)}…` : text}`;
}

/**
 * A schema's error wording: `expected <what>, got <what came>`.
 *
 * @example z.int(expected('a step index')).min(0, expected('a step index'))
 */
export function expected(what: string): { error: (issue: { input?: unknown }) => string } {
  return { error: (issue) => `expected ${what}, got ${kindOf(issue.input)}` };
}

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

/** The wording of issues a schema does not word itself (passed to `safeParse` as its error map). */
export function plainIssueMessage(issue: RawIssue): string | undefined {
  const got = kindOf(issue.input);
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, got ${got}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${got}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `expected at least ${issue.minimum} items`
        : issue.origin === 'string'
          ? `expected at least ${issue.minimum} characters`
          : `expected at least ${issue.minimum}, got ${got}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `expected at most ${issue.maximum} items`
        : issue.origin === 'string'
          ? `expected at most ${issue.maximum} characters`
          : `expected at most ${issue.maximum}, got ${got}`;
    case 'unrecognized_keys':
      return 'not an accepted field';
    case 'invalid_format':
      return `expected ${issue.format}, got ${got}`;
    default:
      return undefined;
  }
}

/** One line per problem, each led by the path of the field it is about (`actions[2].type: …`). */
export function describeIssues(error: z.ZodError, root = ''): string[] {
  const at = (path: readonly PropertyKey[]) =>
    formatPath(
      root,
      path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    ).replace(/^\./, '');
  return error.issues.flatMap((issue) => {
    // One line per unknown key, each at its own path.
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `${at([...issue.path, key])}: ${issue.message}`);
    const where = at(issue.path);
    return [where ? `${where}: ${issue.message}` : issue.message];
  });
}
