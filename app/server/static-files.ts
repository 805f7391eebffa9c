import path from 'node:path';

/** Content types of the files the built UI is made of (one table for browser mode and the desktop app). */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/**
 * The file under `root` that a URL path names, or null when it names nothing there: a malformed
 * percent escape, a NUL, a backslash (a separator on Windows), or anything that resolves outside
 * `root`. Decoding happens once, so a double-encoded `%252e%252e` stays a literal name.
 */
export function staticFileFor(root: string, pathname: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
  } catch {
    return null;
  }
  if (!relative.startsWith('/') || relative.includes('\0') || relative.includes('\\')) return null;
  const base = path.resolve(root);
  const file = path.resolve(base, `.${relative}`);
  return file.startsWith(base + path.sep) ? file : null;
}
