import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `text` to `file` so that a reader, a crash or a power cut sees the old file or the new
 * one, never half of one: the text goes to a temporary file beside it, is flushed, and is renamed
 * over the target.
 */
export function writeFileAtomic(file: string, text: string | Uint8Array): void {
  const target = path.resolve(file);
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fd = openSync(temp, 'wx', 0o644);
    try {
      writeSync(fd, typeof text === 'string' ? Buffer.from(text) : text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncDirectory(path.dirname(target));
}

/** Flushes a directory entry (the rename) where the platform allows it. */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a directory; its rename is already durable enough.
  }
}

/** Why `file` cannot be written, or null: checked before work whose result would go there. */
export function unwritableReason(file: string): string | null {
  const target = path.resolve(file);
  const dir = path.dirname(target);
  if (existsSync(target) && statSync(target).isDirectory()) return `${file} is a directory`;
  if (!existsSync(dir)) return `the folder ${dir} does not exist`;
  if (!statSync(dir).isDirectory()) return `${dir} is not a folder`;
  return null;
}
