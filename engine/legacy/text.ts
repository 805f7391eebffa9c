/**
 * Position-aware reading of JavaScript source text, for rewriting it in place. The tokenizer in
 * `../lint/source.ts` reads *what* a function says; this file finds *where*: it masks string,
 * template, comment and regex contents (same length, so offsets stay valid) and then finds
 * brackets, properties and declarations by position.
 */

const IDENT_PART = /[\w$\u0080-\uffff]/;
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/**
 * `source` with the insides of strings, templates and regexes replaced by spaces (quotes and
 * slashes kept) and comments replaced by spaces entirely. Newlines are kept.
 */
export function mask(source: string): string {
  const out = source.split('');
  const n = source.length;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to && k < n; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  /** Masks code from `i`; with `inSubstitution`, stops at the `}` closing a template's `${`. Returns where it stopped. */
  const code = (i: number, inSubstitution: boolean): number => {
    let lastSignificant = '';
    let lastWord = '';
    let depth = 0;
    const regexAllowed = () => {
      if (!lastSignificant) return true;
      if (/[\w$]/.test(lastSignificant)) return REGEX_AFTER_WORD.has(lastWord);
      return !')]}'.includes(lastSignificant);
    };
    while (i < n) {
      const c = source[i];
      if (c === '/' && source[i + 1] === '/') {
        const end = source.indexOf('\n', i);
        const stop = end < 0 ? n : end;
        blank(i, stop);
        i = stop;
      } else if (c === '/' && source[i + 1] === '*') {
        const end = source.indexOf('*/', i + 2);
        const stop = end < 0 ? n : end + 2;
        blank(i, stop);
        i = stop;
      } else if (c === "'" || c === '"') {
        let j = i + 1;
        while (j < n && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
        blank(i + 1, j);
        i = Math.min(j + 1, n);
        lastSignificant = c;
        lastWord = '';
      } else if (c === '`') {
        i = template(i);
        lastSignificant = '`';
        lastWord = '';
      } else if (c === '/' && regexAllowed()) {
        let j = i + 1;
        let inClass = false;
        while (j < n && source[j] !== '\n') {
          if (source[j] === '\\') j++;
          else if (source[j] === '[') inClass = true;
          else if (source[j] === ']') inClass = false;
          else if (source[j] === '/' && !inClass) break;
          j++;
        }
        blank(i + 1, j);
        j++;
        while (j < n && IDENT_PART.test(source[j])) j++;
        i = j;
        lastSignificant = '/';
        lastWord = '';
      } else if (/\s/.test(c)) {
        i++;
      } else if (/[A-Za-z_$\u0080-\uffff]/.test(c)) {
        let j = i + 1;
        while (j < n && IDENT_PART.test(source[j])) j++;
        lastWord = source.slice(i, j);
        lastSignificant = source[j - 1];
        i = j;
      } else {
        if (c === '{') depth++;
        else if (c === '}') {
          if (inSubstitution && depth === 0) return i;
          depth--;
        }
        lastSignificant = c;
        lastWord = '';
        i++;
      }
    }
    return n;
  };
  /** Masks the template literal whose backquote is at `start` (its `${…}` code stays); returns the index after it. */
  const template = (start: number): number => {
    let j = start + 1;
    let literalFrom = j;
    while (j < n && source[j] !== '`') {
      if (source[j] === '\\') j += 2;
      else if (source[j] === '$' && source[j + 1] === '{') {
        blank(literalFrom, j);
        const close = code(j + 2, true);
        j = close + 1;
        literalFrom = j;
      } else j++;
    }
    blank(literalFrom, Math.min(j, n));
    return Math.min(j + 1, n);
  };
  code(0, false);
  return out.join('');
}

const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The index of the bracket closing the one at `open` in a masked text (or -1). */
export function matching(masked: string, open: number): number {
  const stack: string[] = [];
  for (let k = open; k < masked.length; k++) {
    const c = masked[k];
    if (c === '(' || c === '[' || c === '{') stack.push(CLOSE[c]);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return k;
    }
  }
  return -1;
}

export const skipSpace = (masked: string, i: number): number => {
  while (i < masked.length && /\s/.test(masked[i])) i++;
  return i;
};

const skipSpaceBack = (masked: string, i: number): number => {
  while (i > 0 && /\s/.test(masked[i - 1])) i--;
  return i;
};

export interface Span {
  start: number;
  end: number;
}

/**
 * The end of the expression starting at `start` (exclusive, trailing space trimmed): the next
 * `,` or `;` at depth 0, or the bracket closing an enclosing group.
 */
export function expressionEnd(masked: string, start: number): number {
  let k = start;
  while (k < masked.length) {
    const c = masked[k];
    if (c === '(' || c === '[' || c === '{') {
      const close = matching(masked, k);
      if (close < 0) return masked.length;
      k = close + 1;
      continue;
    }
    if (c === ',' || c === ';' || c === ')' || c === ']' || c === '}') break;
    k++;
  }
  return skipSpaceBack(masked, k);
}

export interface PropertySpan {
  key: string;
  /** The whole entry (`key: value`, `key(…) {…}`, `key`). */
  entry: Span;
  /** The value (for a method: the whole method; for shorthand: the key). */
  value: Span;
  form: 'value' | 'method' | 'shorthand';
}

/** The entries of the object literal whose `{` is at `open` (spreads and computed keys are skipped). */
export function objectEntries(source: string, masked: string, open: number): PropertySpan[] {
  const close = matching(masked, open);
  if (close < 0) return [];
  const out: PropertySpan[] = [];
  let k = open + 1;
  while (k < close) {
    k = skipSpace(masked, k);
    if (k >= close) break;
    if (masked[k] === ',') {
      k++;
      continue;
    }
    const entryStart = k;
    if (masked.startsWith('...', k)) {
      k = Math.max(expressionEnd(masked, k + 3), k + 3);
      continue;
    }
    let prefixEnd = k;
    // Method modifiers: async, get, set, *.
    for (;;) {
      const word = /^(async|get|set)\b/.exec(masked.slice(prefixEnd, prefixEnd + 6));
      if (word) {
        const after = skipSpace(masked, prefixEnd + word[0].length);
        if (after < close && /[\w$'"[*]/.test(masked[after])) {
          prefixEnd = after;
          continue;
        }
      }
      if (masked[prefixEnd] === '*') {
        prefixEnd = skipSpace(masked, prefixEnd + 1);
        continue;
      }
      break;
    }
    let key: string | null = null;
    let keyEnd = prefixEnd;
    const ch = masked[prefixEnd];
    if (ch === '"' || ch === "'") {
      const q = masked.indexOf(ch, prefixEnd + 1);
      key = source.slice(prefixEnd + 1, q);
      keyEnd = q + 1;
    } else if (ch === '[') {
      keyEnd = matching(masked, prefixEnd) + 1;
    } else {
      const m = /^[\w$\u0080-\uffff]+/.exec(masked.slice(prefixEnd));
      if (!m) {
        k = Math.max(expressionEnd(masked, k), k) + 1;
        continue;
      }
      key = m[0];
      keyEnd = prefixEnd + m[0].length;
    }
    const after = skipSpace(masked, keyEnd);
    if (masked[after] === ':') {
      const valueStart = skipSpace(masked, after + 1);
      const valueEnd = expressionEnd(masked, valueStart);
      if (key !== null) out.push({ key, entry: { start: entryStart, end: valueEnd }, value: { start: valueStart, end: valueEnd }, form: 'value' });
      k = Math.max(valueEnd, valueStart + 1);
    } else if (masked[after] === '(') {
      const paramsEnd = matching(masked, after);
      const bodyOpen = masked.indexOf('{', paramsEnd);
      const bodyEnd = bodyOpen < 0 ? close : matching(masked, bodyOpen) + 1;
      if (key !== null) out.push({ key, entry: { start: entryStart, end: bodyEnd }, value: { start: entryStart, end: bodyEnd }, form: 'method' });
      k = bodyEnd;
    } else {
      const end = expressionEnd(masked, keyEnd);
      if (key !== null) out.push({ key, entry: { start: entryStart, end }, value: { start: entryStart, end: keyEnd }, form: 'shorthand' });
      k = Math.max(end, keyEnd);
    }
  }
  return out;
}

/** The elements of the array literal whose `[` is at `open`. */
export function arrayElements(masked: string, open: number): Span[] {
  const close = matching(masked, open);
  const out: Span[] = [];
  let k = open + 1;
  while (k < close) {
    k = skipSpace(masked, k);
    if (k >= close) break;
    if (masked[k] === ',') {
      k++;
      continue;
    }
    const end = expressionEnd(masked, k);
    out.push({ start: k, end });
    k = Math.max(end, k + 1);
  }
  return out;
}

/** Top-level `function NAME` and `const|let|var NAME =` declarations: name → the declared function's or value's span. */
export function topLevelDeclarations(masked: string): Map<string, Span> {
  const out = new Map<string, Span>();
  let depth = 0;
  for (let k = 0; k < masked.length; k++) {
    const c = masked[k];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    if (depth !== 0 || !/[a-z]/.test(c) || (k > 0 && IDENT_PART.test(masked[k - 1]))) continue;
    const rest = masked.slice(k, k + 300);
    const fn = /^(?:async\s+)?function\s*\*?\s*([\w$]+)\s*(?=[(<])/.exec(rest);
    if (fn) {
      const open = masked.indexOf('{', matching(masked, masked.indexOf('(', k + fn[0].length)));
      const end = open < 0 ? -1 : matching(masked, open);
      if (end > 0 && !out.has(fn[1])) out.set(fn[1], { start: k, end: end + 1 });
      continue;
    }
    const v = /^(?:const|let|var)\s+([\w$]+)\s*(?::[^=;]*)?=(?!=)\s*/.exec(rest);
    if (v) {
      const start = k + v[0].length;
      const end = expressionEnd(masked, start);
      if (!out.has(v[1])) out.set(v[1], { start, end });
    }
  }
  return out;
}

export interface FunctionText {
  form: 'arrow' | 'function' | 'method';
  /** `async ` when written. */
  asyncPrefix: string;
  /** For `function` and methods: what comes before the parameter list (`function name`, `*name`). */
  head: string;
  /** The parameter list, with its parentheses when it has them. */
  params: Span;
  hasParens: boolean;
  /** Where the body starts (after `=>` for arrows, at `{` otherwise) to the end. */
  body: Span;
  /** Between the parameters and the body (a return type, `=>`). */
  between: Span;
}

/** Where the parts of one function's text are; null when it is not a function. */
export function functionText(text: string, masked = mask(text)): FunctionText | null {
  let k = skipSpace(masked, 0);
  let asyncPrefix = '';
  const asyncM = /^async\b\s*/.exec(masked.slice(k));
  if (asyncM && !/^async\s*=>/.test(masked.slice(k))) {
    asyncPrefix = 'async ';
    k += asyncM[0].length;
  }
  const arrowBody = (paramsEnd: number): number => {
    const arrow = masked.indexOf('=>', paramsEnd);
    return arrow < 0 ? -1 : skipSpace(masked, arrow + 2);
  };
  const fn = /^function\b\s*(\*\s*)?([\w$]*)\s*/.exec(masked.slice(k));
  if (fn) {
    const open = k + fn[0].length;
    if (masked[open] !== '(') return null;
    const close = matching(masked, open);
    const bodyOpen = close < 0 ? -1 : masked.indexOf('{', close);
    if (bodyOpen < 0) return null;
    return { form: 'function', asyncPrefix, head: text.slice(k, open).trimEnd(), params: { start: open, end: close + 1 }, hasParens: true, between: { start: close + 1, end: bodyOpen }, body: { start: bodyOpen, end: text.length } };
  }
  if (masked[k] === '(') {
    const close = matching(masked, k);
    const body = close < 0 ? -1 : arrowBody(close + 1);
    if (body < 0) return null;
    return { form: 'arrow', asyncPrefix, head: '', params: { start: k, end: close + 1 }, hasParens: true, between: { start: close + 1, end: body }, body: { start: body, end: text.length } };
  }
  const ident = /^[\w$]+/.exec(masked.slice(k));
  if (ident) {
    const after = skipSpace(masked, k + ident[0].length);
    if (masked.startsWith('=>', after)) {
      const body = skipSpace(masked, after + 2);
      return { form: 'arrow', asyncPrefix, head: '', params: { start: k, end: k + ident[0].length }, hasParens: false, between: { start: k + ident[0].length, end: body }, body: { start: body, end: text.length } };
    }
  }
  const method = /^(\*\s*)?([\w$]+|'[^']*'|"[^"]*")\s*/.exec(masked.slice(k));
  if (method) {
    const open = k + method[0].length;
    if (masked[open] !== '(') return null;
    const close = matching(masked, open);
    const bodyOpen = close < 0 ? -1 : masked.indexOf('{', close);
    if (bodyOpen < 0) return null;
    return { form: 'method', asyncPrefix, head: text.slice(k, open).trimEnd(), params: { start: open, end: close + 1 }, hasParens: true, between: { start: close + 1, end: bodyOpen }, body: { start: bodyOpen, end: text.length } };
  }
  return null;
}

/** Applies non-overlapping edits to `source` (an edit inside an earlier-applied one is skipped). */
export function applyEdits(source: string, edits: { span: Span; text: string }[]): string {
  const sorted = [...edits].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end);
  let out = source;
  let limit = Infinity;
  for (const e of sorted) {
    if (e.span.end > limit) continue;
    out = out.slice(0, e.span.start) + e.text + out.slice(e.span.end);
    limit = e.span.start;
  }
  return out;
}

/** Removes the common indentation of every line but the first, then indents those lines by `indent`. */
export function reindent(text: string, indent: string): string {
  const lines = text.split('\n');
  if (lines.length === 1) return text;
  const rest = lines.slice(1).filter((l) => l.trim());
  const common = rest.length ? Math.min(...rest.map((l) => /^[ \t]*/.exec(l)![0].length)) : 0;
  return [lines[0], ...lines.slice(1).map((l) => (l.trim() ? indent + l.slice(common) : ''))].join('\n');
}
