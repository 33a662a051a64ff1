// Temporary (not committed): screenshots of every experiment page at 1280 and 390 px, light and dark.
import { chromium } from 'playwright-core';
const base = process.argv[2];
const ids = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const scheme of ['light', 'dark']) {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, colorScheme: scheme, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const id of ids) {
      await page.goto(`${base}${id}`, { waitUntil: 'networkidle' });
      const name = `${id.replace(/[^a-z0-9]+/gi, '_')}-${width}-${scheme}`;
      await page.screenshot({ path: `/tmp/shots/${name}-top.png` });
      const verdict = page.locator('.verdict, [data-verdict], section.verdict').first();
      if (await verdict.count()) { await verdict.scrollIntoViewIfNeeded(); await page.screenshot({ path: `/tmp/shots/${name}-verdict.png` }); }
    }
    await context.close();
  }
}
await browser.close();
