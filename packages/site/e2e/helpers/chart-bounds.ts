import type { Locator, Page } from 'playwright-core';

/**
 * What a reader would find cut off in and around the charts of `scope`: the page scrolling
 * sideways, and each text of an SVG chart whose box leaves the chart's own box (sideways or up
 * and down), named by chart and text. Text that is not laid out (a folded figure) is skipped.
 */
export async function cutOffChartText(page: Page, scope: Locator): Promise<string[]> {
  const sideways = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolled = document.documentElement.scrollWidth;
    return scrolled > width ? [`the page scrolls sideways: ${scrolled} px in ${width}`] : [];
  });
  const texts = await scope.evaluate((root) => {
    const found: string[] = [];
    for (const svg of root.querySelectorAll('svg.chart')) {
      const frame = svg.getBoundingClientRect();
      if (frame.width === 0) continue;
      for (const text of svg.querySelectorAll('text')) {
        const box = text.getBoundingClientRect();
        if (box.width === 0 || text.textContent?.trim() === '') continue;
        const isInside =
          box.left >= frame.left - 1 &&
          box.right <= frame.right + 1 &&
          box.top >= frame.top - 1 &&
          box.bottom <= frame.bottom + 1;
        if (isInside) continue;
        const chart = svg.getAttribute('data-key') ?? svg.getAttribute('aria-label') ?? 'a chart';
        found.push(
          `${chart}: "${text.textContent}" at x ${Math.round(box.left - frame.left)}–${Math.round(box.right - frame.left)}, y ${Math.round(box.top - frame.top)}–${Math.round(box.bottom - frame.top)} of ${Math.round(frame.width)}×${Math.round(frame.height)}`,
        );
      }
    }
    return found;
  });
  return [...sideways, ...texts];
}
