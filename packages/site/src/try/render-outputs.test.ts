import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.ts';
import { renderOutputs } from './render-outputs.ts';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../../../${path}`, import.meta.url)), 'utf8');

async function rendered(name: string, text: string): Promise<HTMLElement> {
  const view = await analyze([{ name, text }]);
  const { window } = new JSDOM('<div></div>');
  const container = window.document.querySelector('div') as HTMLElement;
  renderOutputs(container, view.outputs);
  return container;
}

describe('renderOutputs, an output cut short', () => {
  it('names a bonnie++ CSV cut mid-line as truncated, with its line', async () => {
    // pkb's bonnie++ 1.96 line cut after its 25th field, under a blank first line: line 2.
    const line = read('packages/parsers/fixtures/corpus/bonnie/pkb__bonnie-1.96-csv.csv').trim();
    const container = await rendered('cut.csv', `\n${line.slice(0, line.indexOf('49223'))}`);
    const title = container.querySelector('[data-try-truncated]');
    expect(title?.getAttribute('data-try-truncated')).toBe('2');
    expect(title?.textContent).toBe('This output is truncated: it stops at line 2, read as bonnie++ CSV output.');
    expect(container.querySelector('[data-error-code]')?.textContent).toBe('TRUNCATED');
  });

  it('says an iostat log whose last report is cut is truncated, and reads what comes before', async () => {
    // The loopback's ext4 log, cut inside its third report: after its `avg-cpu:` heading, before the values.
    const lines = read('content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/iostat--ext4.txt').split('\n');
    const headings = lines.flatMap((text, index) => (text.startsWith('avg-cpu:') ? [index] : []));
    const lastLine = (headings[2] as number) + 1;
    const container = await rendered('cut.txt', lines.slice(0, lastLine).join('\n'));
    const note = container.querySelector('[data-try-truncated]');
    expect(container.querySelector('[data-try-output]')?.getAttribute('data-ok')).toBe('true');
    expect(note?.getAttribute('data-try-truncated')).toBe(String(lastLine));
    expect(note?.textContent).toBe(
      `This output is truncated: it stops at line ${lastLine}. What comes before is read.`,
    );
  });
});
