/**
 * `file` in at most `max` characters where it can be, cut in the middle: its first folder, then
 * `…`, then as many of the folders above the file as fit, and the file's name always whole
 * (`/home/ada/…/src/game.ts`). The name is what tells files apart; the start says where they live.
 */
export function cutPath(file: string, max: number): string {
  if (file.length <= max) return file;
  // Each part keeps the separator after it: `/`, `home/`, `ada/`, `game.ts`.
  const parts = file.match(/[^\\/]*(?:[\\/]|$)/g)!.filter(Boolean);
  if (parts.length < 3) return file;
  const separator = /\\/.test(file) && !file.includes('/') ? '\\' : '/';
  const ellipsis = `…${separator}`;
  // A path from the root keeps its first folder (`/home/`), as a relative one does (`src/`).
  const fromRoot = parts[0] === separator;
  let head = fromRoot ? parts[0] + parts[1] : parts[0];
  let from = fromRoot ? 2 : 1;
  const last = parts.length - 1;
  let tail = parts[last];
  let to = last;
  if (from >= to) return file;
  const fits = (h: string, t: string) => (h + ellipsis + t).length <= max;
  if (!fits(head, tail)) return ellipsis + tail;
  // Folders nearest the file first (they name its project), then more of the start.
  while (to - 1 >= from && fits(head, parts[to - 1] + tail)) tail = parts[--to] + tail;
  while (from < to && fits(head + parts[from], tail)) head += parts[from++];
  return from === to ? file : head + ellipsis + tail;
}
