import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where Flowscope keeps per-user state that must survive a crash (session journals):
 * `$FLOWSCOPE_STATE_DIR`, else `$XDG_STATE_HOME/flowscope`, else `~/.local/state/flowscope` on
 * Linux and `~/.flowscope` elsewhere.
 */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FLOWSCOPE_STATE_DIR) return path.resolve(env.FLOWSCOPE_STATE_DIR);
  if (env.XDG_STATE_HOME) return path.join(env.XDG_STATE_HOME, 'flowscope');
  return process.platform === 'linux' ? path.join(homedir(), '.local', 'state', 'flowscope') : path.join(homedir(), '.flowscope');
}
