import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { HOST_METHODS, LIVE_METHODS } from '../../engine';
import { hostMethodNames, preloadBuildOptions, preloadDefinitions } from '../../scripts/preload-build.mjs';
import { REQUEST_CHANNEL } from './channels';
import { runPreload } from './testing/run-preload';

describe('the preload', () => {
  it('is built with the method names of the protocol’s one definition, following games included', async () => {
    expect(await hostMethodNames()).toEqual([...HOST_METHODS, ...LIVE_METHODS]);
    expect(LIVE_METHODS).toEqual(['liveMatches', 'followLive']);
  });

  it('exposes one named method per HostApi method, each a request on the one channel; no schema library inside', async () => {
    const out = await build({ ...preloadBuildOptions(await preloadDefinitions()), write: false });
    const code = out.outputFiles[0].text;
    expect(code).not.toMatch(/zod|ZodError/);
    const { exposed, invoked } = runPreload(code);
    const host = exposed.flowscopeHost;
    expect(Object.keys(host).sort()).toEqual([...HOST_METHODS, ...LIVE_METHODS, 'onEvent', 'onStatus'].sort());
    expect(await host.dispatch({ type: 'reset' })).toBe('answer');
    await host.openReplay('{}', undefined);
    await host.followLive('abc/default');
    expect(invoked).toEqual([
      [REQUEST_CHANNEL, 'dispatch', [{ type: 'reset' }]],
      [REQUEST_CHANNEL, 'openReplay', ['{}']],
      [REQUEST_CHANNEL, 'followLive', ['abc/default']],
    ]);
    expect(Object.keys(exposed.flowscopeDesktop).sort()).toEqual([
      'exportChart',
      'initialLayout',
      'onCommand',
      'pathForFile',
      'saveLayout',
    ]);
  });
});
