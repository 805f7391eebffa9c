import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { APP_SCHEME_PRIVILEGES, serveAppRequest } from './app-protocol';

describe('the flowscope:// app protocol', () => {
  const dir = tempDirWith({ 'index.html': '<!doctype html>', 'app.js': 'x' });
  it('serves the UI with the Content Security Policy on every response', async () => {
    const res = await serveAppRequest({ url: 'flowscope://app/index.html', method: 'GET' }, dir);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'.*object-src 'none'/);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect((await serveAppRequest({ url: 'flowscope://app/' }, dir)).status).toBe(200);
    expect((await serveAppRequest({ url: 'flowscope://app/app.js' }, dir)).headers.get('content-type')).toMatch(/javascript/);
  });
  it('serves nothing outside the UI folder, from other hosts, or for other methods', async () => {
    expect((await serveAppRequest({ url: 'flowscope://app/%2e%2e/%2e%2e/etc/passwd' }, dir)).status).not.toBe(200);
    expect((await serveAppRequest({ url: 'flowscope://other/index.html' }, dir)).status).toBe(404);
    expect((await serveAppRequest({ url: 'flowscope://app/index.html', method: 'POST' }, dir)).status).toBe(405);
    expect((await serveAppRequest({ url: 'flowscope://app/missing.js' }, dir)).status).toBe(404);
  });
  it('answers malformed escapes, NULs, backslashes and double encoding without throwing', async () => {
    for (const target of [
      '/%',
      '/%zz',
      '/%E0%A4%A',
      '/%00',
      '/..%5c..%5cpackage.json',
      '/%252e%252e/%252e%252e/etc/passwd',
      '/..%2f..%2fetc/passwd',
    ]) {
      const res = await serveAppRequest({ url: `flowscope://app${target}` }, dir);
      expect([403, 404]).toContain(res.status);
    }
  });
  it('is registered as a standard, secure scheme (not file://)', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual([{ scheme: 'flowscope', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
  });
});
