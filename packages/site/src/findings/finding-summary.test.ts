import { LINT_RULES } from '@benchfolio/parsers/node';
import { describe, expect, it } from 'vitest';
import { experimentView } from '../data/experiment-view.ts';
import { indexEntry, withFindingCount } from '../data/index-entry.ts';
import { realExperiment } from '../data/test-content.ts';
import { findingsText, ruleEntries, sourceParts } from './finding-summary.ts';

const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const EC2 = '2014-ec2-m3-large-m3-medium-t2-medium-rails';

describe('how many findings an experiment has', () => {
  it("counts MSA70's nine warnings and 27 notes and links its card to the fio section, where the badges are", async () => {
    // `benchfolio lint content/results/2011-07-ext3-ext4-xfs-fio-msa70`: warnings BF102 ×1, BF103
    // ×5, BF303 ×2 (ext3 "iops=59112", ext4 "iops=83840"), BF304 ×1 (ext3 "avg=157500.69"); notes
    // BF203 ×11, BF205 ×12, BF206 ×4.
    const loaded = await realExperiment(MSA70);
    const view = experimentView(loaded);
    expect(view.findings).toMatchObject({
      errors: 0,
      warnings: 9,
      notes: 27,
      href: `/experiments/${MSA70}/#section-fio`,
    });
    expect(findingsText(view.findings)).toBe('36 findings: 9 warnings, 27 notes');
    expect(withFindingCount(indexEntry(loaded), view.findings).findings?.href).toBe(view.findings.href);
  });

  it('gives a card nothing to say for an experiment without findings (a published table)', async () => {
    const loaded = await realExperiment(EC2);
    const view = experimentView(loaded);
    expect(view.findings.list).toEqual([]);
    expect(withFindingCount(indexEntry(loaded), view.findings).findings).toBeUndefined();
  });

  it('words every severity present, singular and plural', () => {
    expect(findingsText({ errors: 1, warnings: 2, notes: 0 })).toBe('3 findings: 1 error, 2 warnings');
    expect(findingsText({ errors: 0, warnings: 0, notes: 1 })).toBe('1 finding: 1 note');
  });
});

describe("the rules page's entries", () => {
  it('lists every rule, each with its anchor, and counts its findings by run', async () => {
    const view = experimentView(await realExperiment(MSA70));
    const entries = ruleEntries([
      { id: MSA70, title: 'MSA70', runLabels: new Map([['xfs', 'xfs']]), findings: view.findings.list },
    ]);
    expect(entries.map((entry) => entry.id)).toEqual(LINT_RULES.map((rule) => rule.id));
    const stall = entries.find((entry) => entry.id === 'BF102');
    expect(stall).toMatchObject({ anchor: 'bf102', count: 1 });
    expect(stall?.runs).toEqual([
      {
        experiment: MSA70,
        experimentTitle: 'MSA70',
        run: 'xfs',
        runLabel: 'xfs',
        count: 1,
        href: `/experiments/${MSA70}/runs/xfs/`,
      },
    ]);
    expect(entries.find((entry) => entry.id === 'BF103')?.count).toBe(5);
    expect(entries.find((entry) => entry.id === 'BF101')).toMatchObject({ count: 0, runs: [] });
  });

  it("links a source's web address and keeps the words around it", () => {
    expect(sourceParts('bonnie++(8), https://manpages.debian.org/x.8.en.html (-s; -r)')).toEqual([
      { text: 'bonnie++(8), ' },
      { text: 'https://manpages.debian.org/x.8.en.html', url: 'https://manpages.debian.org/x.8.en.html' },
      { text: ' (-s; -r)' },
    ]);
    expect(sourceParts('no address here')).toEqual([{ text: 'no address here' }]);
  });
});
