import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
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

/** Whether this process may create files in `dir` (a read-only folder or mount says no). */
function writableFolder(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Why `file` cannot be written, or null: checked before work whose result would go there. */
export function unwritableReason(file: string): string | null {
  const target = path.resolve(file);
  const dir = path.dirname(target);
  if (existsSync(target) && statSync(target).isDirectory()) return `${file} is a directory`;
  if (!existsSync(dir)) return `the folder ${dir} does not exist`;
  if (!statSync(dir).isDirectory()) return `${dir} is not a folder`;
  if (!writableFolder(dir)) return `the folder ${dir} is read-only`;
  return null;
}

/**
 * Why files cannot be written into the folder `dir` (made when missing, as its parent allows), or
 * null: `--out DIR` checked before the work whose results would go there.
 */
export function unwritableFolderReason(dir: string): string | null {
  const target = path.resolve(dir);
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) return `${dir} is a file, not a folder`;
    return writableFolder(target) ? null : `the folder ${dir} is read-only`;
  }
  let parent = path.dirname(target);
  while (!existsSync(parent)) parent = path.dirname(parent);
  if (!statSync(parent).isDirectory()) return `${parent} is a file, not a folder`;
  return writableFolder(parent) ? null : `the folder ${parent} is read-only`;
}

/** A write that failed after the checks (the disk filled, permissions changed), in one line. */
export function writeFailure(file: string, error: unknown): string {
  const code = (error as { code?: string }).code;
  const why =
    code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? 'permission denied'
      : code === 'ENOSPC'
        ? 'the disk is full'
        : code === 'ENOENT'
          ? 'its folder does not exist'
          : code === 'EISDIR'
            ? 'it is a directory'
            : ((error as Error).message ?? String(error));
  return `cannot write ${file}: ${why}`;
}
