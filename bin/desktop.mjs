// The desktop app (`flowscope app`, `npm start`): Electron on dist-electron/main.mjs when Electron's
// binary can be had (the `electron` package, installed beside Flowscope or in the project), else
// one line saying why and browser mode instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const run = (command, argv, cwd) =>
  new Promise((resolve) => spawn(command, argv, { stdio: 'inherit', cwd }).on('exit', (code) => resolve(code ?? 1)));

/** Opens the desktop app from Flowscope's folder `root` on `args` (a game file and options); resolves to its exit code. */
export async function openDesktop(root, args) {
  // Resolving the `electron` package downloads its binary on first use; probe it in a child so a
  // failed download is one line here, not a stack trace.
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: 600_000,
  });
  const binary = probe.status === 0 ? probe.stdout.trim() : '';
  const main = path.join(root, 'dist-electron', 'main.mjs');
  if (binary && existsSync(binary) && existsSync(main)) return run(binary, [main, ...args], process.cwd());
  const lines = `${probe.stderr ?? ''}\n${probe.stdout ?? ''}`.split('\n').map((l) => l.trim());
  const cause = lines.find((l) => /fetch failed|ENOTFOUND|ECONN|EAI_AGAIN|getaddrinfo/.test(l))?.replace(/^\w*Error:\s*/, '');
  const reason = !existsSync(main)
    ? 'dist-electron/main.mjs is not built (npm run build:electron)'
    : /Cannot find module 'electron'/.test(probe.stderr ?? '')
      ? 'the electron package is not installed (npm install --save-dev electron)'
      : cause
        ? `its download failed: ${cause}`
        : (lines.find((l) => /Error:/.test(l)) ?? 'the electron package gave no binary path');
  console.log(`Electron's binary is not available on this machine (${reason}); opening browser mode instead.`);
  return run(process.execPath, [path.join(root, 'bin', 'flowscope.mjs'), 'serve', ...args], process.cwd());
}
