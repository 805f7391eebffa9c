import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../app-root';

/** Flowscope's own version (its package.json), as CI reports name the tool. */
export function flowscopeVersion(): string {
  try {
    return String(JSON.parse(readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')).version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
}
