import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// What a reader would find cut off on a page: something wider than the screen that no box
// scrolls or clips, and chart text drawn outside its chart; and what axe-core finds serious.

const AXE_SOURCE = createRequire(import.meta.url)('axe-core').source as string;

/**
 * What sticks out of the viewport sideways: the page's scroll width when wider, and each element
 * past the left or right edge without an ancestor that clips or scrolls it (tag, id, classes).
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);
    }
    const isClipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 0.5 && box.left >= -0.5) continue;
      if (isClipped(element)) continue;
      const classes = typeof element.className === 'string' ? element.className.trim().replace(/\s+/g, '.') : '';
      found.push(
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes ? `.${classes}` : ''}: ` +
          `${Math.round(box.left)}–${Math.round(box.right)} px`,
      );
    }
    return found;
  });
}

/** Each laid-out text of an SVG chart drawn past its chart's left or right edge. */
export function textOutsideCharts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const svg of document.querySelectorAll('svg.chart')) {
      const frame = svg.getBoundingClientRect();
      if (frame.width === 0) continue;
      for (const text of svg.querySelectorAll('text')) {
        const box = text.getBoundingClientRect();
        if (box.width === 0 || text.textContent?.trim() === '') continue;
        if (box.left >= frame.left - 1 && box.right <= frame.right + 1) continue;
        const chart = svg.getAttribute('data-key') ?? svg.getAttribute('aria-label') ?? 'a chart';
        found.push(
          `${chart}: "${text.textContent}" at ${Math.round(box.left - frame.left)}–${Math.round(box.right - frame.left)} px of ${Math.round(frame.width)}`,
        );
      }
    }
    return found;
  });
}

/**
 * Puts axe-core into the page, as the DevTools protocol evaluates a script: the pages'
 * Content-Security-Policy refuses an inline script element (Playwright's addScriptTag).
 */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
}

/** axe-core's serious and critical violations on the page, as "rule: target" lines. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: Array<{ target: string[] }> };
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  });
}
