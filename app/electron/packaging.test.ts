import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { PACKAGED_FUSES } from './security';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

describe('packaging', () => {
  const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>;

  it('electron-builder.yml is valid against electron-builder’s own configuration schema', () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    const validate = ajv.compile(schema);
    const valid = validate(config);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('builds Linux AppImage and deb, macOS dmg and Windows nsis from the bundled app, asar on', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.asar).toBe(true);
    expect(config.extraMetadata.main).toBe('dist-electron/main.mjs');
    expect(config.files).toEqual(expect.arrayContaining(['dist-electron/**', 'renderer/dist/**', 'fixtures/**']));
  });

  it('flips the fuses a packaged app should have (afterPack)', () => {
    expect(config.afterPack).toBe('scripts/after-pack.cjs');
    const hook = require(path.join(root, 'scripts', 'after-pack.cjs'));
    expect(hook.FUSES).toEqual(PACKAGED_FUSES);
    expect(PACKAGED_FUSES.RunAsNode).toBe(false);
    const { FuseV1Options } = require('@electron/fuses');
    for (const fuse of Object.keys(hook.FUSES)) expect(FuseV1Options[fuse], fuse).not.toBeUndefined();
  });
});
