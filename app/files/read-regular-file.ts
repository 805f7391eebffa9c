import { closeSync, constants, fstatSync, openSync, readFileSync, statSync, type Stats } from 'node:fs';

/** A file the user named cannot be read as one (missing, a folder, a FIFO, a device, binary); the message says why. */
export class FileError extends Error {
  override name = 'FileError';
}

/** What a file that is not a regular one is, in words (a FIFO or a device would block or never end). */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'it is a directory';
  if (stats.isFIFO()) return 'it is a FIFO (named pipe), not a regular file';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'it is a device, not a regular file';
  if (stats.isSocket()) return 'it is a socket, not a regular file';
  return 'it is not a regular file';
}

function errnoReason(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return (error as Error).message;
}

/** Why `file` cannot be read as a regular file, or null when it can (checked without opening it). */
export function notRegularFileReason(file: string): string | null {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch (error) {
    return errnoReason(error);
  }
  return stats.isFile() ? null : kindOf(stats);
}

/**
 * Reads a regular file's bytes. A FIFO, a device or a socket is refused without blocking on it:
 * the file is opened non-blocking and checked before a byte is read.
 */
export function readRegularFile(file: string, what: string): Buffer {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new FileError(`cannot read ${what} ${file}: ${errnoReason(error)}`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new FileError(`cannot read ${what} ${file}: ${kindOf(stats)}`);
    return readFileSync(fd);
  } catch (error) {
    if (error instanceof FileError) throw error;
    throw new FileError(`cannot read ${what} ${file}: ${errnoReason(error)}`);
  } finally {
    closeSync(fd);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a regular UTF-8 file; a binary one (a NUL byte, or bytes that are not UTF-8) is refused in one line. */
export function readRegularTextFile(file: string, what: string): string {
  const bytes = readRegularFile(file, what);
  if (bytes.includes(0)) throw new FileError(`cannot read ${what} ${file}: it is a binary file, not text`);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new FileError(`cannot read ${what} ${file}: it is a binary file, not UTF-8 text`);
  }
}
