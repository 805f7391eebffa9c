/**
 * Splits code-like text (a call with JSON arguments) into pieces a line may end after: after a
 * `,` `:` `(` `[` or `{` that is not inside a string literal. Shown with a `<wbr>` between pieces,
 * a long call wraps between tokens, never inside a name, number or string.
 */
export function tokenBreaks(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"') quote = c;
    else if (c === ',' || c === ':' || c === '(' || c === '[' || c === '{') {
      pieces.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}
