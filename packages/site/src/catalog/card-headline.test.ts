import { describe, expect, it } from 'vitest';
import { experimentView } from '../data/experiment-view.ts';
import { realExperiment } from '../data/test-content.ts';
import { verdict, verdictContext } from '../data/verdict.ts';
import { cardHeadline } from './card-headline.ts';

async function headlineOf(id: string) {
  const loaded = await realExperiment(id);
  const view = experimentView(loaded);
  const metrics = verdict(view.sections, loaded.experiment.headline, verdictContext(view));
  return { card: cardHeadline(metrics), metrics };
}

describe("an index card's answer", () => {
  it('is the verdict line of the EC2 table: t2.medium 4.80078 s leads m3.large 6.30324 s', async () => {
    // measurements.csv: "t2-medium,nginx,request_time.mean,4.80078,s" and "m3-large,...,6.30324,s".
    const { card } = await headlineOf('2014-ec2-m3-large-m3-medium-t2-medium-rails');
    expect(card).toMatchObject({
      metric: 'nginx · Request time, mean',
      best: { label: 't2.medium', valueText: '4.8 s' },
      next: { label: 'm3.large', valueText: '6.3 s', ratioText: '+31 %' },
      call: 'lead',
      moreGroups: 0,
    });
  });

  it('calls no lead where the runner-up is within the noise, and counts the workloads left to the page', async () => {
    const { card, metrics } = await headlineOf('2026-11-ext4-xfs-btrfs-loopback');
    const line = metrics[0]?.lines[0];
    expect(card?.call).toBe('within');
    expect(card?.best?.valueText).toBe(line?.entries[0]?.valueText);
    expect(card?.next?.label).toBe(line?.entries[1]?.label);
    expect(card?.group).toBe(line?.group);
    expect(card?.moreGroups).toBe((metrics[0]?.lines.length ?? 0) - 1);
  });

  it('is absent for an experiment awaiting runs (no verdict)', async () => {
    const { card } = await headlineOf('2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es');
    expect(card).toBeUndefined();
  });
});
