// boardgame.io 0.49, loaded with the console bound late: the import order below matters.
import './console-bind';
import * as internal from 'bgio-0.49/dist/cjs/internal.js';
import * as core from 'bgio-0.49/dist/cjs/core.js';
import * as plugins from 'bgio-0.49/dist/cjs/plugins.js';
import './console-unbind';

export { internal, core, plugins };
