import { describe, expect, it } from 'vitest';
import { ExperimentSchema } from './experiment-schema.ts';
import { checkYaml } from './yaml-document.ts';

// Metadata of the seed "Benchmarking disk IO on ext3 vs ext4 vs xfs with fio" (Evan Hoffman).
const valid = `title: Benchmarking disk IO on ext3 vs ext4 vs xfs with fio
summary: Four fio jobs (random and sequential 8k writes, direct and buffered) on one HP MSA70 array.
variable:
  kind: filesystem
date: 2011-07-22
authors: [Evan Hoffman]
source:
  title: Benchmarking disk IO on ext3 vs ext4 vs xfs with fio
  url: http://www.evanhoffman.com/evan/2011/07/22/benchmarking-disk-io-on-ext3-vs-ext4-with-fio/
license: unknown
`;

describe('checkYaml with the experiment schema', () => {
  it('accepts a complete experiment.yaml', () => {
    const { data, issues } = checkYaml(valid, 'experiment.yaml', ExperimentSchema);
    expect(issues).toEqual([]);
    expect(data?.authors).toEqual(['Evan Hoffman']);
  });

  it('points a bad value at its own line and column', () => {
    const { issues } = checkYaml(valid.replace('date: 2011-07-22', 'date: July 2011'), 'e.yaml', ExperimentSchema);
    expect(issues).toMatchObject([{ file: 'e.yaml', line: 5, column: 7 }]);
    expect(issues[0]?.message).toMatch(/^date: /);
  });

  it('points a missing key at the document', () => {
    const { issues } = checkYaml(valid.replace(/^license: .*\n/m, ''), 'e.yaml', ExperimentSchema);
    expect(issues).toMatchObject([{ line: 1, column: 1 }]);
    expect(issues[0]?.message).toContain('license');
  });

  it('refuses unknown keys, so a typo does not pass silently', () => {
    const { issues } = checkYaml(`${valid}licence: MIT\n`, 'e.yaml', ExperimentSchema);
    expect(issues[0]?.message).toContain('licence');
  });

  it('refuses markup in a text the site renders', () => {
    const { issues } = checkYaml(valid.replace('Four fio jobs', '<script>x</script>'), 'e.yaml', ExperimentSchema);
    expect(issues).toMatchObject([{ line: 2 }]);
  });

  it('reports a YAML syntax error at its place', () => {
    const { issues } = checkYaml('title: [unclosed\nsummary: x\n', 'e.yaml', ExperimentSchema);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]?.line).toBeGreaterThanOrEqual(1);
  });

  it('refuses duplicate keys', () => {
    const { issues } = checkYaml(`${valid}title: again\n`, 'e.yaml', ExperimentSchema);
    expect(issues[0]?.line).toBe(11);
  });
});
