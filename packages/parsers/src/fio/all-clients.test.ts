import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { parseFio } from './index.ts';

/**
 * `fio --client` with two or more servers ends with an `All clients` block whose rates have no
 * unit: `BW=68.1Mi (71.4M)`, bytes per second (client.c never sets the summed stats' unit_base;
 * job-lines.ts readUnitlessRate). Before issue 34 the whole output was refused with UNKNOWN_UNIT.
 */

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/fio/${name}`, import.meta.url), 'utf8');
const MIB = 2 ** 20;

describe('fio --client normal output with an All clients block', () => {
  // fio 3.33, two clients of one server on loopback (fixtures/fio/make-fixtures.sh client).
  const output = parseFio(fixture('fio-3.33--client-2.normal.txt'));
  const jobs = output.result.runs.flatMap((run) => run.jobs);

  it('reads the All clients block: `read: IOPS=17.4k, BW=68.1Mi (71.4M)(68.1MiB/1001msec)`', () => {
    const all = jobs.find((job) => job.name === 'All clients');
    expect(all?.read).toMatchObject({
      iops: 17_400,
      bandwidthBytesPerSec: 68.1 * MIB,
      ioBytes: Math.round(68.1 * MIB),
      runtimeMs: 1001,
      totalIos: 17_446,
    });
  });

  it("reads each client's own block: `read: IOPS=8690, BW=33.9MiB/s (35.6MB/s)(34.0MiB/1001msec)`", () => {
    expect(jobs.map((job) => job.name)).toEqual(['randread', 'randread', 'All clients']);
    expect(jobs[0]?.read).toMatchObject({ iops: 8690, bandwidthBytesPerSec: 33.9 * MIB, runtimeMs: 1001 });
    expect(jobs[1]?.read).toMatchObject({ iops: 8738, bandwidthBytesPerSec: 34.1 * MIB });
  });

  it('reads the whole output with no warning (the All clients block has no group summary in fio)', () => {
    expect(output.warnings).toEqual([]);
  });

  it('warns TRUNCATED when the All clients block stops before its `issued` line', () => {
    const text = fixture('fio-3.33--client-2.normal.txt');
    const cut = text.slice(0, text.lastIndexOf('     submit'));
    // The cut's last line, `IO depths`, is line 80: fio's progress line 8 ends with a bare CR
    // (`Jobs: 2 (f=2)\r<vm> `), a line end of its own as the parser counts them.
    expect(parseFio(cut).warnings.map((w) => [w.code, w.line])).toEqual([['TRUNCATED', 80]]);
  });
});

describe('the All clients block of fio issue 1918 (fio 3.36, as the reporter trimmed it)', () => {
  const text = readCorpusFile(corpusDir(), 'fio/fio-issue-1918__fio-3.36-client-all-clients-excerpt.txt').text;

  it('reads `write: IOPS=11.8k, BW=1471Mi (1542M)(200MiB/136msec)`, 1471 MiB/s', () => {
    const all = parseFio(text).result.runs[0]?.jobs[0];
    expect(all?.name).toBe('All clients');
    expect(all?.write).toMatchObject({
      iops: 11_800,
      bandwidthBytesPerSec: 1471 * MIB,
      ioBytes: 200 * MIB,
      runtimeMs: 136,
    });
  });

  it('says the trimmed block is TRUNCATED at its last line (4)', () => {
    expect(parseFio(text).warnings.map((w) => [w.code, w.line])).toEqual([['TRUNCATED', 4]]);
  });
});
