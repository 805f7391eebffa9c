/**
 * The one empty list a session keeps wherever a step has nothing (no events, no stage change, no
 * diagnostics): shared instead of one array per step, and frozen, so nothing can add to it. Code
 * that may append to a list first replaces this with its own.
 */
export const EMPTY_LIST: never[] = Object.freeze([]) as unknown as never[];
