import { LINT_RULES } from '@benchfolio/parsers/node';
import { describe, expect, it } from 'vitest';
import { experimentView } from './experiment-view.ts';
import { findingsText, ruleEntries, sourceParts } from './finding-summary.ts';
import { indexEntry, withFindingCount } from './index-entry.ts';
import { realExperiment } from './test-content.ts';

const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const EC2 = '2014-ec2-m3-large-m3-medium-t2-medium-rails';

describe('how many findings an experiment has', () => {
  it("counts MSA70's six warnings and links its card to the fio section, where the badges are", async () => {
    // `benchfolio lint content/results`: four BF103 (ext3 ×2, ext4 ×2) and xfs's BF102 and BF103,
    // all warnings.
    const loaded = await realExperiment(MSA70);
    const view = experimentView(loaded);
    expect(view.findings).toMatchObject({
      errors: 0,
      warnings: 6,
      notes: 0,
      href: `/experiments/${MSA70}/#section-fio`,
    });
    expect(findingsText(view.findings)).toBe('6 findings: 6 warnings');
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
