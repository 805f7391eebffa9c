/**
 * Edits to source text at AST positions, applied with magic-string: everything outside an edited
 * span (comments, formatting, types) comes out byte for byte.
 */
import MagicString from 'magic-string';

export interface Span {
  start: number;
  end: number;
}

export interface Edit {
  span: Span;
  text: string;
}

/**
 * `source` with `edits` applied. A replacement that overlaps one starting later is dropped (the
 * inner, later-starting edit wins); insertions (`start === end`) at one place come out in the
 * reverse order of the list, before a replacement starting there and after one ending there.
 */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end);
  const out = new MagicString(source);
  let limit = Infinity;
  for (const e of sorted) {
    if (e.span.end > limit) continue;
    if (e.span.start === e.span.end) out.prependLeft(e.span.start, e.text);
    else out.update(e.span.start, e.span.end, e.text);
    limit = e.span.start;
  }
  return out.toString();
}

/** Removes the common indentation of every line but the first, then indents those lines by `indent`. */
export function reindent(text: string, indent: string): string {
  const lines = text.split('\n');
  if (lines.length === 1) return text;
  const rest = lines.slice(1).filter((l) => l.trim());
  const common = rest.length ? Math.min(...rest.map((l) => /^[ \t]*/.exec(l)![0].length)) : 0;
  return [lines[0], ...lines.slice(1).map((l) => (l.trim() ? indent + l.slice(common) : ''))].join('\n');
}

/** The indentation of the line `at` is on. */
export function indentAt(source: string, at: number): string {
  const lineStart = source.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(source.slice(lineStart))![0];
}
