/**
 * Textual checks a rule makes before it parses a source, so that a source which cannot hold what
 * the rule looks for is never parsed (parsing is most of `flowscope lint`'s start-up). Each check
 * only ever answers "certainly not there": whenever the text may hold a match, the rule parses it
 * and the AST decides, so the findings are those of the AST alone.
 */

/**
 * A backslash that can spell a name's character: `\u0061` (identifiers and strings), `\x61`, an
 * octal escape, a line continuation, or `\a` (`a` in a string). The control escapes (`\n`, …),
 * escaped quotes and `\\` stand for characters no name holds.
 */
const NAME_ESCAPE = /\\(?![nrtbfv'"`\\])/;

/** Whether a name in `text` may be written with escapes, so that its letters are not in the text. */
export const mayEscapeNames = (text: string): boolean => NAME_ESCAPE.test(text);

/**
 * Whether `text` may use one of `names` as an identifier, a member or a string: one of them is in
 * it (anywhere, comments included), or an escape could spell one.
 *
 * @example
 * mayMention('({ events }) => events.setPhase("b")', ['setPhase']) // true
 * mayMention('({ G }) => G.count + 1', ['setPhase']) // false
 */
export function mayMention(text: string, names: readonly string[]): boolean {
  return names.some((name) => text.includes(name)) || mayEscapeNames(text);
}

/** Whether `text` at `from` starts with `word` not followed by another identifier character. */
export function startsWithWord(text: string, from: number, word: string): boolean {
  return text.startsWith(word, from) && !/[\w$]/.test(text[from + word.length] ?? '');
}

const LINE_END = /[\n\r\u2028\u2029]/g;

/**
 * The index after the whitespace and comments from `from` on (and closing parentheses when
 * `closingParens`, which a parenthesised expression puts between itself and what follows).
 */
export function skipBlanks(text: string, from: number, closingParens = false): number {
  let i = from;
  for (;;) {
    const c = text[i];
    if (c === undefined) return i;
    if (/\s/.test(c) || (closingParens && c === ')')) i++;
    else if (text.startsWith('//', i)) {
      LINE_END.lastIndex = i;
      i = LINE_END.exec(text)?.index ?? text.length;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else return i;
  }
}
