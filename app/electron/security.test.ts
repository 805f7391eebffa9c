import { describe, expect, it, vi } from 'vitest';
import { denyAllPermissions, hardenContents, isAppUrl, isExternalLink, isTrustedSender, secureWebPreferences } from './security';

describe('Electron security checklist', () => {
  it('web preferences: context isolation, sandbox, no Node integration anywhere, web security on', () => {
    expect(secureWebPreferences('/p.cjs')).toMatchObject({
      preload: '/p.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
  });

  it('a permission handler that denies every request and check, and downloads', () => {
    let request: any, check: any, download: any;
    denyAllPermissions({
      setPermissionRequestHandler: (h) => (request = h),
      setPermissionCheckHandler: (h) => (check = h),
      on: (_e: string, h: any) => (download = h),
    });
    const callback = vi.fn();
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) request({}, permission, callback);
    expect(callback.mock.calls.every(([granted]) => granted === false)).toBe(true);
    expect(check()).toBe(false);
    const preventDefault = vi.fn();
    download({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
  });

  function hardened() {
    const handlers: Record<string, (...a: any[]) => any> = {};
    let openHandler: any;
    const openExternal = vi.fn();
    hardenContents(
      { on: (e: string, h: any) => (handlers[e] = h), setWindowOpenHandler: (h: any) => (openHandler = h) } as any,
      openExternal,
    );
    return { handlers, openHandler, openExternal };
  }

  it('navigation away from the app is prevented, inside it is allowed', () => {
    const { handlers } = hardened();
    for (const [url, blocked] of [
      ['https://evil.example/', true],
      ['file:///etc/passwd', true],
      ['flowscope://other/index.html', true],
      ['flowscope://app/index.html', false],
    ] as const) {
      for (const event of ['will-navigate', 'will-redirect']) {
        const preventDefault = vi.fn();
        handlers[event]({ preventDefault }, url);
        expect(preventDefault.mock.calls.length > 0, `${event} ${url}`).toBe(blocked);
      }
    }
    const preventDefault = vi.fn();
    handlers['will-attach-webview']({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
  });

  it('new windows are denied; only http(s) links go to the system browser', () => {
    const { openHandler, openExternal } = hardened();
    for (const url of [
      'https://boardgame.io/documentation',
      'http://localhost:3000',
      'file:///tmp/x',
      'javascript:alert(1)',
      'smb://host/share',
      'flowscope://app/x',
    ]) {
      expect(openHandler({ url })).toEqual({ action: 'deny' });
    }
    expect(openExternal.mock.calls.map(([u]) => u)).toEqual(['https://boardgame.io/documentation', 'http://localhost:3000']);
  });

  it('IPC senders must be the app’s own top frame', () => {
    expect(isTrustedSender({ url: 'flowscope://app/index.html' })).toBe(true);
    expect(isTrustedSender({ url: 'flowscope://app/index.html', parent: {} })).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/' })).toBe(false);
    expect(isTrustedSender({ url: 'file:///work/index.html' })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
  });

  it('classifies URLs strictly', () => {
    expect(isAppUrl('flowscope://app/')).toBe(true);
    expect(isAppUrl('flowscope://app.evil/')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
    expect(isExternalLink('https://x')).toBe(true);
    expect(isExternalLink('ftp://x')).toBe(false);
  });
});
