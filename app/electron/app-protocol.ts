import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_SCHEME, CONTENT_SECURITY_POLICY } from './security';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Checklist 18: the UI comes from a custom, privileged scheme rather than `file://`. */
export const APP_SCHEME_PRIVILEGES = [{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }];

/**
 * Answers `flowscope://app/<path>` from the built UI folder, with the Content Security Policy on
 * every response; nothing outside the folder, nothing but GET.
 */
export async function serveAppRequest(request: { url: string; method?: string }, staticDir: string): Promise<Response> {
  if (request.method && request.method !== 'GET') return new Response('method not allowed', { status: 405 });
  const url = new URL(request.url);
  if (url.host !== 'app') return new Response('not found', { status: 404 });
  const relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
  const root = path.resolve(staticDir);
  const file = path.resolve(root, `.${relative}`);
  if (!file.startsWith(root + path.sep)) return new Response('forbidden', { status: 403 });
  try {
    const body = await readFile(file);
    return new Response(body, {
      headers: { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' },
    });
  } catch {
    return new Response('not found', { status: 404 });
  }
}
