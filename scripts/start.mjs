// `npm start`: the desktop app (on the bundled fixtures, or on a game file given as argument).
// Where Electron's binary cannot be had, say so in one line and open browser mode instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
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

// Resolving the `electron` package downloads its binary on first use; probe it in a child so a
// failed download is one line here, not a stack trace.
const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
  cwd: root,
  encoding: 'utf8',
  timeout: 600_000,
});
const binary = probe.status === 0 ? probe.stdout.trim() : '';
if (binary && existsSync(binary)) {
  process.exitCode = await run(binary, [path.join(root, 'dist-electron', 'main.mjs'), ...args]);
} else {
  const lines = `${probe.stderr ?? ''}\n${probe.stdout ?? ''}`.split('\n').map((l) => l.trim());
  const cause = lines.find((l) => /fetch failed|ENOTFOUND|ECONN|EAI_AGAIN|getaddrinfo/.test(l))?.replace(/^\w*Error:\s*/, '');
  const reason = cause
    ? `its download failed: ${cause}`
    : (lines.find((l) => /Error:/.test(l)) ?? 'the electron package gave no binary path');
  console.log(`Electron's binary is not available on this machine (${reason}); opening browser mode instead.`);
  process.exitCode = await run(process.execPath, [path.join(root, 'bin', 'flowscope.mjs'), 'serve', ...args]);
}
