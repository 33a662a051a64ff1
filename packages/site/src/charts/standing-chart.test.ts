import { describe, expect, it } from 'vitest';
import { testDocument } from './output-test-data.ts';
import { standingChart } from './standing-chart.ts';

// The 2011 bonnie++ experiment's block writes (runs/*/bonnie--*.txt, line 4, Sequential Output
// --Block-- K/sec): ext4 54570 among xfs-mount-options 55423, xfs 55174, btrfs 54778,
// xfs-mkfs-and-mount-options 54674 and ext4-tuned 53396; in B/s, as the site reads them.
const KIB = 1024;
const OTHERS = [
  ['xfs-mount-options', 55423],
  ['xfs', 55174],
  ['btrfs', 54778],
  ['xfs-mkfs-and-mount-options', 54674],
  ['ext4-tuned', 53396],
] as const;

function bonnieStrip(width: number, label = 'ext4') {
  return standingChart(
    {
      title: 'Sequential output, block',
      unit: 'B/s',
      betterIs: 'higher',
      own: { value: 54570 * KIB, label },
      others: OTHERS.map(([run, kib]) => ({ value: kib * KIB, label: run, href: `/runs/${run}/` })),
    },
    { width, height: 0, document: testDocument() },
  );
}

describe('standingChart', () => {
  it('draws every other run as a link to its run, this run ringed and labelled, on a linear axis', () => {
    const svg = bonnieStrip(640);
    const links = [...svg.querySelectorAll('a.standing-dot')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(OTHERS.map(([run]) => `/runs/${run}/`));
    expect(links[0]?.getAttribute('aria-label')).toBe('xfs-mount-options: 56.8 MB/s');
    // A group of links, not an image: an image may hold no control.
    expect(svg.getAttribute('role')).toBe('group');
    expect(svg.querySelector('.standing-own-label')?.textContent).toBe('ext4: 55.9 MB/s');
    // 53396 to 55423 K/sec spans far less than 10×: linear, and the higher dot to the right.
    expect(svg.getAttribute('aria-label')).not.toContain('log scale');
    const x = (run: string) =>
      Number(links[OTHERS.findIndex(([name]) => name === run)]?.querySelector('circle')?.getAttribute('cx'));
    expect(x('xfs-mount-options')).toBeGreaterThan(x('ext4-tuned'));
    expect(svg.textContent).toContain('higher is better →');
  });

  it('opens on a log axis where the numbers span more than ten times, and says which way is better', () => {
    // The loopback ext4's mean write completion latency of its direct random writes (219133 ns,
    // the mean of its two repeats) against its buffered ones' (13666 ns): 16 times.
    const svg = standingChart(
      {
        title: 'Write completion latency, mean',
        unit: 'ns',
        betterIs: 'lower',
        own: { value: 219133.36, label: 'ext4' },
        others: [{ value: 13665.79, label: 'ext4 buffered', href: '/runs/ext4/' }],
      },
      { width: 340, height: 0, document: testDocument() },
    );
    expect(svg.getAttribute('aria-label')).toContain('log scale');
    expect(svg.textContent).toContain('← lower is better · log scale');
  });

  it('keeps a long label inside a phone’s strip, cut with an ellipsis', () => {
    const label = bonnieStrip(340, 'xfs-mkfs-and-mount-options, a long label indeed').querySelector(
      '.standing-own-label',
    );
    expect(label?.textContent?.endsWith('…')).toBe(true);
    expect(Number(label?.getAttribute('x'))).toBeGreaterThanOrEqual(2);
  });
});
