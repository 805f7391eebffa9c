import { openGame, startUiSession, VIEWPORTS } from '/work/wt/a13-ui/app/testing/ui-session';
const games = (process.argv[2] ?? 'card-phases:3').split(',');
async function main() {
const { server, browser } = await startUiSession({ watch: false });
try {
  for (const g of games) {
    const [name, n] = g.split(':');
    const page = await openGame(browser, server.url, name, Number(n), 'shot');
    for (const vp of VIEWPORTS) {
      await page.setViewportSize(vp);
      await page.waitForTimeout(600);
      await page.screenshot({ path: `/tmp/a13/${name}-${vp.width}.png` });
      await page.mouse.move(700, 350);
      await page.mouse.wheel(0, 250);
      await page.waitForTimeout(700);
      await page.locator('.chart-panel').screenshot({ path: `/tmp/a13/${name}-${vp.width}-fit.png` });
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
}
main();
