// electron-builder afterPack hook: flips the Electron fuses a packaged Flowscope should have
// (listed once, in app/electron/packaged-fuses.json).
const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

const FUSES = require('../app/electron/packaged-fuses.json');

function executableOf(context) {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return path.join(context.appOutDir, `${name}.app`, 'Contents', 'MacOS', name);
    case 'win32':
      return path.join(context.appOutDir, `${name}.exe`);
    default:
      return path.join(context.appOutDir, context.packager.executableName);
  }
}

module.exports = async function afterPack(context) {
  const options = { version: FuseVersion.V1 };
  for (const [fuse, value] of Object.entries(FUSES)) options[FuseV1Options[fuse]] = value;
  await flipFuses(executableOf(context), options);
};
module.exports.FUSES = FUSES;
