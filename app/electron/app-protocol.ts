import { readFile } from 'node:fs/promises';
import { contentTypeOf, staticFileFor } from '../server/static-files';
import { APP_SCHEME, CONTENT_SECURITY_POLICY } from './security';

/** Checklist 18: the UI comes from a custom, privileged scheme rather than `file://`. */
export const APP_SCHEME_PRIVILEGES = [{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }];

/**
 * Answers `flowscope://app/<path>` from the built UI folder, with the Content Security Policy on
 * every response; nothing outside the folder, nothing but GET.
 */
export async function serveAppRequest(request: { url: string; method?: string }, staticDir: string): Promise<Response> {
  if (request.method && request.method !== 'GET') return new Response('method not allowed', { status: 405 });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return new Response('not found', { status: 404 });
  }
  if (url.host !== 'app') return new Response('not found', { status: 404 });
  const file = staticFileFor(staticDir, url.pathname);
  if (!file) return new Response('not found', { status: 404 });
  try {
    const body = await readFile(file);
    return new Response(body, {
      headers: {
        'Content-Type': contentTypeOf(file),
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch {
    return new Response('not found', { status: 404 });
  }
}
