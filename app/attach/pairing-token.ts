import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the pairing token lives: the same token every time, so a game's `flowscope({ token })` keeps working. */
export function pairingTokenFile(): string {
  return path.join(process.env.FLOWSCOPE_HOME ?? path.join(os.homedir(), '.flowscope'), 'attach-token');
}

/** This user's pairing token, created (readable by the user only) the first time. */
export function pairingToken(file = pairingTokenFile()): string {
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (/^[A-Za-z0-9_-]{16,}$/.test(token)) return token;
  }
  const token = randomBytes(12).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}
