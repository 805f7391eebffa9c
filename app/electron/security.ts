/**
 * Electron's security checklist (electronjs.org/docs/latest/tutorial/security), as functions that
 * take the Electron objects they harden, so each item is tested in Node without Electron.
 */
import packagedFuses from './packaged-fuses.json';

export const APP_SCHEME = 'flowscope';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Checklist 2-4, 6: isolation, sandbox, no Node in the page, web security on. */
export function secureWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  } as const;
}

/** A URL inside the app itself (served by the custom protocol). */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === 'app';
  } catch {
    return false;
  }
}

/** Links that may be handed to the system browser: http(s) only. */
export function isExternalLink(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

interface PermissionSession {
  setPermissionRequestHandler(handler: (wc: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: () => boolean): void;
  on?(event: 'will-download', listener: (event: { preventDefault(): void }) => void): void;
}

/** Checklist 5: deny every permission request and check (camera, notifications, …). */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.on?.('will-download', (event) => event.preventDefault());
}

interface HardenableContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): void;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Checklist 13-14: no navigation away from the app, no new windows; an http(s) link the user
 * clicked opens in the system browser (the only use of `shell.openExternal`).
 */
export function hardenContents(contents: HardenableContents, openExternal: (url: string) => void): void {
  const stay = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', stay);
  contents.on('will-redirect', stay);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) openExternal(url);
    return { action: 'deny' };
  });
}

/** Checklist 17: every IPC message must come from the app's own top frame. */
export function isTrustedSender(frame: { url: string; parent?: unknown } | null | undefined): boolean {
  return !!frame && !frame.parent && isAppUrl(frame.url);
}

/**
 * The fuses a packaged Flowscope flips (scripts/after-pack.cjs reads the same file): no
 * ELECTRON_RUN_AS_NODE, no NODE_OPTIONS or --inspect, cookies encrypted, the app only from its
 * integrity-checked asar.
 */
export const PACKAGED_FUSES: Readonly<Record<string, boolean>> = packagedFuses;
