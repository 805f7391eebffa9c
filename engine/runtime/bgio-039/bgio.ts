// boardgame.io 0.39, loaded with the console bound late (see ../phases-era/late-console.ts). The
// copy is imported explicitly between binding and unbinding, so the order holds in a bundle too
// (a bundler hoists static imports of packages above the code of the modules it inlines).
import { bindConsoleLate, unbindConsoleLate } from '../phases-era/late-console';

bindConsoleLate();
let loaded;
try {
  loaded = await Promise.all([
    import('bgio-0.39/dist/cjs/internal.js'),
    import('bgio-0.39/dist/cjs/core.js'),
    import('bgio-0.39/dist/cjs/plugins.js'),
  ]);
} finally {
  unbindConsoleLate();
}
export const [internal, core, plugins] = loaded;
