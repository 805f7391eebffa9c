import { homedir } from 'node:os';
import path from 'node:path';

/**
 * A file as the user recognises it: relative to the working folder when inside it (what they type
 * in the terminal), else `~/…` under the home folder, else whole. Never `../…`: counted from the
 * working folder (a server's, say), that names nothing the user chose.
 */
export function shownPath(file: string, cwd = process.cwd(), home = homedir()): string {
  const absolute = path.resolve(cwd, file);
  const inside = (folder: string) => {
    const relative = path.relative(folder, absolute);
    const outside = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
    return relative && !outside ? relative : null;
  };
  const fromCwd = inside(cwd);
  if (fromCwd) return fromCwd;
  const fromHome = home && home !== path.parse(home).root ? inside(home) : null;
  return fromHome ? `~${path.sep}${fromHome}` : absolute;
}
