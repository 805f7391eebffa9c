// The Electron main process. All logic lives in desktop.ts, which takes Electron as an argument.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as electron from 'electron';
import { registerSchemes, startDesktop, type DesktopElectron } from './desktop';

const here = path.dirname(fileURLToPath(import.meta.url));
// Built layout (dist-electron/main.mjs): the app root is one level up.
const root = path.resolve(here, '..');
const deps = electron as unknown as DesktopElectron;

registerSchemes(deps);
startDesktop(deps, {
  // Packaged: [app, ...user args]; in development: [electron, main.mjs, ...user args].
  argv: process.argv.slice(electron.app.isPackaged ? 1 : 2),
  uiDir: path.join(root, 'renderer', 'dist'),
  fixturesDir: path.join(root, 'fixtures'),
  preload: path.join(here, 'preload.cjs'),
  platform: process.platform,
}).catch((error) => {
  electron.dialog.showErrorBox('Flowscope could not start', String((error as Error)?.stack ?? error));
  electron.app.quit();
});
