import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME, loadRuntime, resolveRange, RUNTIMES, runtimeByVersion } from './registry';

describe('the registry of shipped releases', () => {
  it('lists every release at once, and each loads as the runtime of that version and era', async () => {
    expect(RUNTIMES.map((r) => r.version)).toEqual(['0.26.3', '0.32.1', '0.39.16', '0.43.3', '0.49.13', '0.50.2']);
    for (const release of RUNTIMES) {
      const runtime = await loadRuntime(release);
      expect({ version: runtime.version, era: runtime.era }).toEqual({ version: release.version, era: release.era });
      expect(typeof runtime.prepare).toBe('function');
      expect(runtime.modules['boardgame.io/core']).toBeTruthy();
    }
  });

  it('loads a release once: every caller gets the same runtime', async () => {
    const [a, b] = await Promise.all([loadRuntime('0.43.3'), loadRuntime(runtimeByVersion('^0.43.0')!)]);
    expect(a).toBe(b);
    expect(await loadRuntime('0.50.2')).toBe(DEFAULT_RUNTIME);
  });

  it('resolves versions and ranges without loading anything, and refuses a release it does not ship', async () => {
    expect(resolveRange('^0.31.3')).toEqual({ runtime: { version: '0.32.1', era: 'flow' }, satisfied: false });
    await expect(loadRuntime('0.44.0')).rejects.toThrow(/boardgame\.io 0\.44\.0 is not a release Flowscope ships \(0\.26\.3, .*0\.50\.2\)/);
  });
});
