// `npm start`: the desktop app (on the bundled fixtures, or on a game file given as argument), built
// from the sources first. Where Electron's binary cannot be had, browser mode (see bin/desktop.mjs).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDesktop } from '../bin/desktop.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, argv) =>
  new Promise((resolve) => spawn(command, argv, { stdio: 'inherit', cwd: root }).on('exit', (code) => resolve(code ?? 1)));

if (!existsSync(path.join(root, 'renderer', 'dist', 'index.html')))
  await run(process.execPath, [
    path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--config',
    'renderer/vite.config.ts',
    '--logLevel',
    'warn',
  ]);
await run(process.execPath, [path.join(root, 'scripts', 'build-electron.mjs')]);
process.exitCode = await openDesktop(root, process.argv.slice(2));
