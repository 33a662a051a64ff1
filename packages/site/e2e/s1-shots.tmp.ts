import { launchChromium } from './helpers/chromium.ts';
import { serveStatic } from './helpers/static-server.ts';
const server = await serveStatic('/work/wt/s1-verdicts/packages/site/dist');
const browser = await launchChromium();
const pages = process.argv.slice(2);
for (const id of pages) {
  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(new URL(`experiments/${id}/`, server.url).href);
      await page.waitForLoadState('load');
      const verdict = page.locator('[data-verdict]');
      await verdict.screenshot({ path: `/tmp/s1-shots/${id.slice(0, 30)}-${width}-${scheme}-verdict.png` });
      const grid = page.locator('table.rank-grid');
      if ((await grid.count()) > 0) {
        await page.locator('section:has(table.rank-grid) .table-scroll, table.rank-grid').first().screenshot({ path: `/tmp/s1-shots/${id.slice(0, 30)}-${width}-${scheme}-grid.png` }).catch(() => undefined);
      }
      await context.close();
    }
  }
}
await browser.close();
await server.close();
