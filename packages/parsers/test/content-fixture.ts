import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A table-only experiment for the content tests, with its numbers from the seed "IO Performance
 * Case I" (section "Sequetial Write": the env table and "Result (finish time in Seconds)").
 * Each validation test writes it to a temporary folder, breaks one rule, and checks the report.
 */
export const DD_EXPERIMENT_ID = '2020-02-dd-sequential-write';

export function ddExperimentFiles(): Record<string, string> {
  return {
    'experiment.yaml': `title: Sequential 20 GB write with dd on three hosts
summary: dd writes 20 GB with O_DIRECT to /var on three hosts with different RAID controllers and filesystems.
variable:
  kind: host
date: 2020-02
date_note: The post gives only its last update, 2020-02-21; the runs were made on or before it.
authors:
  - Unknown (the post names no author)
source:
  title: IO Performance Case I
  published: 2020-02-21
license: unknown
`,
    'runs/host1/run.yaml': `label: Host1
value: Host1
system:
  cpu:
    model: Xeon(R) E-2288G CPU @ 3.70GHz
    cores: 16
  memory:
    description: DDR4 2666 MHz 32G x 4
  raid:
    level: '0'
    controller: AVAGO MegaRAID SAS 9361-4i
    cache: 1G
  filesystem:
    type: ext4
    mountpoint: /var
commands:
  - dd if=/dev/zero of=/var/tmp/test.img bs=1M count=20000 oflag=direct
`,
    'runs/host2/run.yaml': `label: Host2
value: Host2
system:
  cpu:
    model: Xeon(R) CPU E5-2650 v4 @ 2.20GHz
    cores: 48
  memory:
    description: DDR4 2400 MHz 32G x 4
  raid:
    level: '5'
    controller: HPE Smart Array P440
    cache: 4G
  filesystem:
    type: xfs
    mountpoint: /var
commands:
  - dd if=/dev/zero of=/var/tmp/test.img bs=1M count=20000 oflag=direct
`,
    'measurements.csv': `run,tool,metric,value,unit,labels,source
host1,dd,write.time,20.6339,s,size=20GB,"Table ""Result (finish time in Seconds)"", row ""Avg Time to Write 20GB"""
host2,dd,write.time,13.8235,s,size=20GB,"Table ""Result (finish time in Seconds)"", row ""Avg Time to Write 20GB"""
`,
  };
}

export interface FixtureDir {
  /** The results folder holding the experiment. */
  resultsDir: string;
  experimentDir: string;
  write(relativePath: string, text: string): void;
  remove(): void;
}

/** Writes the files of an experiment to a new temporary results folder. */
export function writeExperimentFixture(files: Record<string, string>, id = DD_EXPERIMENT_ID): FixtureDir {
  const resultsDir = mkdtempSync(join(tmpdir(), 'benchfolio-content-'));
  const experimentDir = join(resultsDir, id);
  const write = (relativePath: string, text: string) => {
    const path = join(experimentDir, relativePath);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  for (const [path, text] of Object.entries(files)) write(path, text);
  return { resultsDir, experimentDir, write, remove: () => rmSync(resultsDir, { recursive: true, force: true }) };
}
