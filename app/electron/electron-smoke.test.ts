import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The Electron binary, if this machine has one (resolving the package may try to download it). */
function electronBinary(): { path?: string; reason?: string } {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });
  const binary = probe.status === 0 ? probe.stdout.trim() : '';
  if (binary && existsSync(binary)) return { path: binary };
  return { reason: 'no Electron binary on this machine (npm installs the electron package, but its binary cannot be downloaded here)' };
}

const electron = electronBinary();
if (electron.reason) console.warn(`skipping the real-Electron smoke test: ${electron.reason}`);

describe.skipIf(!electron.path)('the real desktop app (Playwright’s Electron support)', () => {
  it('launches, shows the UI on the app protocol with the bang fixture', async () => {
    const { _electron } = await import('playwright-core');
    spawnSync(process.execPath, [path.join(root, 'scripts', 'build-electron.mjs')], { cwd: root });
    const app = await _electron.launch({ executablePath: electron.path, args: [path.join(root, 'dist-electron', 'main.mjs')] });
    try {
      const window = await app.firstWindow();
      expect(window.url()).toBe('flowscope://app/index.html');
      await window.waitForSelector('.workspace', { timeout: 30_000 });
      expect(await window.evaluate(() => typeof (window as any).require)).toBe('undefined');
      expect(await window.evaluate(() => Object.keys((window as any).flowscopeHost).sort())).toContain('dispatch');
    } finally {
      await app.close();
    }
  });
});
