import { writeFailure, writeFileAtomic } from '../files/write-atomic';
import { InputError } from './errors';

/** Writes a command's `--out` file whole (see `writeFileAtomic`); a write the disk refuses is one line, exit 2. */
export function writeOut(file: string, text: string): void {
  try {
    writeFileAtomic(file, text);
  } catch (error) {
    throw new InputError(writeFailure(file, error));
  }
}
