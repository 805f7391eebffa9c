import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../app/testing/temp-dir';
import { findLayerViolations, importsOf } from './check-layers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('layer rule', () => {
  it('holds for the project', () => {
    expect(findLayerViolations(root)).toEqual([]);
  });

  it('finds every kind of violation', () => {
    const dir = tempDirWith({});
    const put = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };
    put('engine/a.ts', `import fs from 'node:fs';\nimport { x } from '../app/cli/main';\nimport React from 'react';\nconst e = require('electron');\nimport type { T } from './b';`);
    put('renderer/view.tsx', `import path from 'path';\nimport { run } from '../app/host';\nimport { Session } from '../engine';`);
    put('app/main.ts', `import { View } from '../renderer/view';`);
    put('fixtures/g/game.ts', `import { INVALID_MOVE } from 'boardgame.io/core';\nimport _ from 'lodash';\nimport { s } from '../other/game';\nimport { h } from './helper';`);
    expect(findLayerViolations(dir).sort()).toEqual(
      [
        'engine/a.ts: imports node:fs, which is a Node built-in',
        'engine/a.ts: imports ../app/cli/main, which is the app layer',
        'engine/a.ts: imports react, which is a UI library',
        'engine/a.ts: imports electron, which is Electron',
        'renderer/view.tsx: imports path, which is a Node built-in',
        'renderer/view.tsx: imports ../app/host, which is the app layer',
        'app/main.ts: imports ../renderer/view, which is the renderer layer',
        'fixtures/g/game.ts: imports lodash, which is lodash (fixtures use boardgame.io/core only)',
        'fixtures/g/game.ts: imports ../other/game, which is a file outside its own fixture',
      ].sort(),
    );
  });

  it('reads static, type-only, re-export, dynamic and require imports', () => {
    expect(importsOf(`import a from 'a';\nimport type { B } from "b";\nexport * from './c';\nconst d = await import('d');\nconst e = require('e');\nimport 'f';`)).toEqual(['a', 'b', './c', 'd', 'e', 'f']);
  });
});
