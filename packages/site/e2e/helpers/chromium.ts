import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium (`apt-get install chromium`), headless. No sandbox: the tests may run as root
 * in a container, where Chromium refuses to start sandboxed. The other flags keep it quiet: no
 * GPU, no first-run pages, no network traffic of its own.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
