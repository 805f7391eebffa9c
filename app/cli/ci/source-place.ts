import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A place in one of the game's files: absolute path, 1-based line and column. */
export interface SourcePlace {
  file: string;
  line: number;
  column: number;
}

/**
 * Where a finding is in the game's own files, for CI formats that want a line: a `file:line` the
 * message starts with (lint's file findings), else the config path's keys written in that order
 * (`phases.draw.next` → the `next` key after `draw` after `phases`) in the game file or the files it
 * imports, else the game file's first line. `inputs` are the bundle's local files, the game file first.
 */
export function sourcePlace(gameFile: string, inputs: readonly string[], message: string, configPath?: string): SourcePlace {
  const base = path.dirname(gameFile);
  const named = /^([^\s:]+):(\d+)(?::(\d+))?\b/.exec(message);
  if (named) {
    const file = path.resolve(base, named[1]);
    if (inputs.includes(file)) return { file, line: Number(named[2]), column: Number(named[3] ?? 1) };
  }
  if (configPath) {
    const keys = configKeys(configPath);
    for (const file of [gameFile, ...inputs.filter((f) => f !== gameFile)]) {
      const at = keysInOrder(readText(file), keys);
      if (at) return { file, ...at };
    }
  }
  return { file: gameFile, line: 1, column: 1 };
}

/** `phases.draw.next` → its keys; the longest dotted path in a label (`legacy-signature: turn.onMove`), else the label as one key. */
function configKeys(label: string): string[] {
  const dotted = label.match(/[A-Za-z_$][\w$]*(?:\.[\w$]+)+/g) ?? [];
  const chosen = dotted.sort((a, b) => b.length - a.length)[0] ?? (/^[\w$]+$/.test(label) ? label : '');
  return chosen.split('.').filter((k) => k && !/^\d+$/.test(k));
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The line and column of the last of `keys`, each found as an object key (or method) after the one before. */
function keysInOrder(text: string, keys: readonly string[]): { line: number; column: number } | null {
  if (!text || !keys.length) return null;
  let from = 0;
  let found = -1;
  for (const key of keys) {
    const pattern = new RegExp(`(^|[\\s{,])(['"\`]?)(${escape(key)})\\2\\s*[:(]`, 'gm');
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    if (!match) return null;
    found = match.index + match[1].length + match[2].length;
    from = found + key.length;
  }
  const before = text.slice(0, found);
  const line = before.split('\n').length;
  return { line, column: found - before.lastIndexOf('\n') };
}
