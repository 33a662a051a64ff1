import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, extname } from 'node:path';
const root = '/work/main/packages/site/dist';
const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json', '.svg': 'image/svg+xml' };
const server = createServer(async (req, res) => {
  let p = join(root, decodeURIComponent(req.url.split('?')[0]));
  try { if ((await stat(p)).isDirectory()) p = join(p, 'index.html'); res.writeHead(200, { 'content-type': types[extname(p)] ?? 'text/plain; charset=utf-8' }); res.end(await readFile(p)); }
  catch { res.writeHead(404); res.end('no'); }
}).listen(4599);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const [name, path, width, scheme] of JSON.parse(process.argv[2])) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
  await page.goto(`http://localhost:4599${path}`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true, clip: { x: 0, y: 0, width, height: width > 800 ? 1600 : 1800 } });
  await page.close();
}
await browser.close(); server.close();
