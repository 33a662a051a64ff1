import { describe, expect, it } from 'vitest';
import { type RawOutput, rawOutputs } from '../../test/raw-outputs.ts';
import type { FingerprintField, WorkloadFingerprint } from '../fingerprint.ts';
import { _readLayoutLines } from './fingerprint-text.ts';
import { _fioFingerprints, parseFio } from './index.ts';
import { _readFioSize, _readPrintedSize } from './option-values.ts';

const OUTPUTS = rawOutputs('fio');
const fingerprints = (output: RawOutput): WorkloadFingerprint[] =>
  _fioFingerprints(parseFio(output.text, { name: output.label }).result, { text: output.text });
const fieldOf = (fingerprint: WorkloadFingerprint | undefined, key: string): FingerprintField | undefined =>
  fingerprint?.fields.find((field) => field.key === key);
const byLabel = (suffix: string): RawOutput => {
  const found = OUTPUTS.find((output) => output.label.endsWith(suffix));
  if (found === undefined) throw new Error(`no fio output ${suffix}`);
  return found;
};

/** The job lines of a normal or terse output, as the test reads them off the text. */
function headerLines(text: string) {
  return [...text.matchAll(/^(.+?): \(g=\d+\): rw=([^,]+), bs=(.+?), ioengine=([^,]+), iodepth=(\d+)/gm)].map((m) => ({
    name: (m[1] as string).trim(),
    rw: m[2] as string,
    bs: m[3] as string,
    ioengine: m[4] as string,
    iodepth: Number(m[5]),
  }));
}

/** The write (or read) block size of a job line, in bytes: `(W) 8192B-8192B` (3.x) or `8K-8K/8K-8K` (1.x/2.x). */
function headerBlockSize(bs: string, direction: 'read' | 'write'): number | null {
  const modern = new RegExp(`\\(${direction === 'read' ? 'R' : 'W'}\\) (\\d+)B-(\\d+)B`).exec(bs);
  if (modern !== null) return modern[1] === modern[2] ? Number(modern[1]) : null;
  const old = bs.split('/')[direction === 'read' ? 0 : 1];
  const match = /^(\d+)([KM]?)-\1\2$/.exec(old ?? '');
  if (match === null) return null;
  return Number(match[1]) * (match[2] === 'K' ? 1024 : match[2] === 'M' ? 1024 * 1024 : 1);
}

/** JSON job options as the text prints them: each job's name and its option block (raw), and the global block. */
function jsonJobOptions(text: string) {
  const global = /"global options"\s*:\s*\{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...text.matchAll(/"jobname"\s*:\s*"([^"]*)"[^{}]*?"job options"\s*:\s*\{([^}]*)\}/g)].map((m) => ({
    name: m[1] as string,
    options: m[2] as string,
    global,
  }));
}
const optionIn = (block: string, key: string): string | undefined =>
  new RegExp(`"${key}"\\s*:\\s*"([^"]*)"`).exec(block)?.[1];

describe('fio fingerprints of every fio output of the repository', () => {
  it('finds the outputs: the corpus, the fixtures and content/results', () => {
    expect(OUTPUTS.some((output) => output.label.startsWith('content/results/'))).toBe(true);
    expect(OUTPUTS.some((output) => output.label.includes('/fixtures/corpus/fio/'))).toBe(true);
    expect(OUTPUTS.some((output) => output.label.includes('/fixtures/fio/'))).toBe(true);
  });

  it.each(OUTPUTS.map((output) => [output.label, output] as const))('%s yields a fingerprint per job', (_, output) => {
    const found = fingerprints(output);
    // An output of fio's error lines alone (`fio: pid=8281, err=84/...`) has no job, so no workload.
    const isErrorsOnly = output.text
      .split('\n')
      .every((line) => line.trim() === '' || /^fio: pid=\d+, err=/.test(line));
    expect(found.length > 0 || isErrorsOnly).toBe(true);
    for (const fingerprint of found) {
      expect(fingerprint.tool).toBe('fio');
      expect(fingerprint.kind.category === 'io' || fingerprint.kind.category === 'cpu').toBe(true);
    }
  });

  it.each(
    OUTPUTS.filter((output) => headerLines(output.text).length > 0).map((output) => [output.label, output] as const),
  )('%s: rw, iodepth, ioengine and bs as its job lines print them', (_, output) => {
    const found = fingerprints(output);
    for (const line of headerLines(output.text)) {
      const fromLine = found.filter(
        (fingerprint) => fingerprint.workload === line.name && fieldOf(fingerprint, 'rw')?.source === 'header-line',
      );
      for (const fingerprint of fromLine) {
        expect(fieldOf(fingerprint, 'rw')?.value).toBe(line.rw);
        expect(fieldOf(fingerprint, 'iodepth')?.value).toBe(line.iodepth);
        expect(fieldOf(fingerprint, 'ioengine')?.value).toBe(line.ioengine);
        const direction = fingerprint.kind.op === 'read' ? 'read' : fingerprint.kind.op === 'write' ? 'write' : null;
        const bytes = direction === null ? null : headerBlockSize(line.bs, direction);
        if (bytes !== null) expect(fieldOf(fingerprint, 'bs')?.value).toBe(bytes);
      }
    }
  });

  it.each(
    OUTPUTS.filter((output) => jsonJobOptions(output.text).length > 0).map((output) => [output.label, output] as const),
  )('%s: rw, iodepth and numjobs as its JSON options print them', (_, output) => {
    const found = fingerprints(output);
    for (const job of jsonJobOptions(output.text)) {
      const mine = found.filter((fingerprint) => fingerprint.workload === job.name);
      expect(mine.length, job.name).toBeGreaterThan(0);
      const rw = optionIn(job.options, 'rw') ?? optionIn(job.global, 'rw');
      if (rw !== undefined) expect(mine.map((fingerprint) => fieldOf(fingerprint, 'rw')?.value)).toContain(rw);
      const iodepth = optionIn(job.options, 'iodepth') ?? optionIn(job.global, 'iodepth');
      if (iodepth !== undefined)
        expect(mine.map((fingerprint) => fieldOf(fingerprint, 'iodepth')?.value)).toContain(Number(iodepth));
      const numjobs = optionIn(job.options, 'numjobs') ?? optionIn(job.global, 'numjobs');
      if (numjobs !== undefined)
        expect(mine.map((fingerprint) => fieldOf(fingerprint, 'threads')?.value)).toContain(Number(numjobs));
      const direct = optionIn(job.options, 'direct') ?? optionIn(job.global, 'direct');
      if (direct !== undefined)
        expect(mine.map((fingerprint) => fieldOf(fingerprint, 'direct')?.value)).toContain(direct === '1');
    }
  });
});

/** The options each field is read from, by field key. */
const OPTION_KEYS: Readonly<Record<string, readonly string[]>> = {
  rw: ['rw', 'readwrite'],
  bs: ['bs', 'blocksize'],
  iodepth: ['iodepth'],
  threads: ['numjobs'],
  direct: ['direct', 'buffered'],
  ioengine: ['ioengine'],
  size: ['size', 'filesize'],
  runtime: ['runtime', 'timeout'],
  time_based: ['time_based'],
};

describe('fio fingerprint sources', () => {
  it.each(
    OUTPUTS.filter((output) => jsonJobOptions(output.text).length > 0).map((output) => [output.label, output] as const),
  )('%s: a JSON field is in the option block it names, a job line field in neither', (_, output) => {
    const blocks = jsonJobOptions(output.text);
    for (const fingerprint of fingerprints(output)) {
      const mine = blocks.filter((block) => block.name === fingerprint.workload);
      if (mine.length === 0) continue;
      const inBlock = (block: string, key: string) =>
        (OPTION_KEYS[key] ?? []).some((option) => optionIn(block, option) !== undefined);
      for (const field of fingerprint.fields) {
        if (OPTION_KEYS[field.key] === undefined) continue;
        const inJob = mine.some((block) => inBlock(block.options, field.key));
        const inGlobal = mine.some((block) => inBlock(block.global, field.key));
        if (field.source === 'json-job-options') expect(inJob, `${fingerprint.workload} ${field.key}`).toBe(true);
        if (field.source === 'json-global-options') expect(inGlobal, `${fingerprint.workload} ${field.key}`).toBe(true);
        if (field.source === 'header-line')
          expect(inJob || inGlobal, `${fingerprint.workload} ${field.key}`).toBe(false);
      }
    }
  });
});

describe('fio fingerprint fields and their sources', () => {
  it('reads the MSA70 run (fio 1.57 normal): job line, layout line, five clones', () => {
    const output = byLabel('2011-07-ext3-ext4-xfs-fio-msa70/runs/ext4/fio--ext4.txt');
    // random-write-direct: (g=0): rw=randwrite, bs=8K-8K/8K-8K, ioengine=sync, iodepth=1
    // random-write-direct: Laying out IO file(s) (1 file(s) / 5120MB)
    expect(output.text).toContain('random-write-direct: (g=0): rw=randwrite, bs=8K-8K/8K-8K, ioengine=sync, iodepth=1');
    expect(output.text).toContain('random-write-direct: Laying out IO file(s) (1 file(s) / 5120MB)');
    // random-write-direct: (groupid=0, jobs=5): err= 0: pid=2379 (group_reporting)
    const clones = Number(/^random-write-direct: \(groupid=0, jobs=(\d+)\)/m.exec(output.text)?.[1]);
    const fingerprint = fingerprints(output).find((candidate) => candidate.workload === 'random-write-direct');
    expect(fingerprint?.kind).toEqual({ category: 'io', access: 'random', op: 'write', source: 'header-line' });
    expect(fieldOf(fingerprint, 'bs')).toMatchObject({ value: 8 * 1024, source: 'header-line', text: '8 KiB' });
    expect(fieldOf(fingerprint, 'size')).toMatchObject({ value: 5120 * 1024 * 1024, source: 'layout-line' });
    expect(fieldOf(fingerprint, 'threads')).toMatchObject({ value: clones, source: 'report' });
    expect(clones).toBe(5);
    // Not printed by fio 1.57's job line: absent, not guessed.
    expect(fieldOf(fingerprint, 'direct')).toBeUndefined();
    expect(fieldOf(fingerprint, 'runtime')).toBeUndefined();
  });

  it('reads the loopback run (fio 3.33 JSON) from the job and global options, each with its source', () => {
    const output = byLabel('2026-11-ext4-xfs-btrfs-loopback/runs/ext4/fio--seed-hoffman-1.txt');
    const [job] = jsonJobOptions(output.text);
    expect(job?.name).toBe('random-write-direct');
    // global: "size" : "134217728", "runtime" : "5", "bs" : "8k", "numjobs" : "5", "ioengine" : "sync"
    // job: "rw" : "randwrite", "direct" : "1"
    expect(optionIn(job?.global ?? '', 'bs')).toBe('8k');
    const fingerprint = fingerprints(output).find((candidate) => candidate.workload === 'random-write-direct');
    expect(fieldOf(fingerprint, 'rw')).toMatchObject({
      value: optionIn(job?.options ?? '', 'rw'),
      source: 'json-job-options',
    });
    expect(fieldOf(fingerprint, 'direct')).toMatchObject({ value: true, source: 'json-job-options' });
    expect(fieldOf(fingerprint, 'bs')).toMatchObject({ value: 8 * 1024, source: 'json-global-options' });
    expect(fieldOf(fingerprint, 'size')).toMatchObject({
      value: Number(optionIn(job?.global ?? '', 'size')),
      source: 'json-global-options',
    });
    expect(fieldOf(fingerprint, 'runtime')).toMatchObject({
      value: Number(optionIn(job?.global ?? '', 'runtime')),
      unit: 's',
    });
    expect(fieldOf(fingerprint, 'threads')).toMatchObject({ value: 5, source: 'json-global-options' });
    // No "iodepth" in either JSON block: the job line printed before the document says it,
    // `random-write-direct: (g=0): rw=randwrite, bs=(R) 8192B-8192B, ..., ioengine=sync, iodepth=1`.
    expect(optionIn(job?.options ?? '', 'iodepth') ?? optionIn(job?.global ?? '', 'iodepth')).toBeUndefined();
    const line = headerLines(output.text).find((candidate) => candidate.name === 'random-write-direct');
    expect(fieldOf(fingerprint, 'iodepth')).toMatchObject({ value: line?.iodepth, source: 'header-line' });
  });

  it('reads rwmixread and a per-job size from JSON (fio 3.26, readwrite 70/30)', () => {
    const output = byLabel('virtualclient__fio-3.26-git-json-readwrite-256k.json');
    const [job] = jsonJobOptions(output.text);
    const fingerprint = fingerprints(output)[0];
    expect(fingerprint?.kind).toMatchObject({ access: 'sequential', op: 'mixed' });
    expect(fieldOf(fingerprint, 'rwmixread')?.value).toBe(Number(optionIn(job?.options ?? '', 'rwmixread')));
    expect(fieldOf(fingerprint, 'bs')?.value).toBe(256 * 1024);
    expect(optionIn(job?.options ?? '', 'bs')).toBe('256k');
  });

  it('says fsync/fdatasync calls were made where only the report shows them (fio 3.28 normal)', () => {
    const output = byLabel('k8s-homelab__fio-3.28-fdatasync-write.txt');
    expect(output.text).toContain('    sync (usec): min=107, max=462');
    const fingerprint = fingerprints(output)[0];
    expect(fieldOf(fingerprint, 'sync')).toMatchObject({ value: 'fsync/fdatasync calls', source: 'report' });
    // mytest: Laying out IO file (1 file / 22MiB)
    expect(fieldOf(fingerprint, 'size')).toMatchObject({ value: 22 * 1024 * 1024, text: '22 MiB (class 32 MiB)' });
  });

  it('takes the directions that moved data where no job line or option says rw (fio 2.1.4 JSON)', () => {
    const output = byLabel('pkb__fio-2.1.4-json-5jobs.json');
    expect(output.text).not.toContain('"job options"');
    const write = fingerprints(output).find((candidate) => candidate.workload === 'sequential_write');
    expect(write?.kind).toEqual({ category: 'io', access: null, op: 'write', source: 'report' });
    expect(fieldOf(write, 'rw')).toBeUndefined();
  });

  it('counts group_reporting jobs from `jobs=N` (fio 2.2.10, 8 jobs)', () => {
    const output = byLabel('vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt');
    expect(output.text).toContain('randwrite: (groupid=0, jobs=8)');
    expect(fieldOf(fingerprints(output)[0], 'threads')).toMatchObject({ value: 8, source: 'report' });
  });

  it('gives the cpuio engine a CPU kind', () => {
    const output = byLabel('fio-3.33--cpuio-line-before.json.txt');
    expect(optionIn(output.text, 'ioengine')).toBe('cpuio');
    expect(fingerprints(output)[0]?.kind.category).toBe('cpu');
  });

  it("reads fio 3.x's printed IEC sizes on the job line as powers of 1024 (terse with its job lines)", () => {
    const output = byLabel('fio-3.33--3groups.terse3-json.txt');
    // seqread: (g=0): rw=read, bs=(R) 64.0KiB-64.0KiB, (W) 64.0KiB-64.0KiB, (T) 64.0KiB-64.0KiB, ioengine=psync, iodepth=1
    const line = headerLines(output.text).find((candidate) => candidate.name === 'seqread');
    expect(line?.bs).toBe('(R) 64.0KiB-64.0KiB, (W) 64.0KiB-64.0KiB, (T) 64.0KiB-64.0KiB');
    const terse = _fioFingerprints(parseFio(output.text, { format: 'terse' }).result, { text: output.text });
    const seqread = terse.find((candidate) => candidate.workload === 'seqread');
    expect(fieldOf(seqread, 'bs')).toMatchObject({ value: 64 * 1024, source: 'header-line' });
    expect(_readPrintedSize('64.0KiB')).toBe(65536);
    expect(_readPrintedSize('8K')).toBe(8192);
    expect(_readPrintedSize('4096B')).toBe(4096);
  });
});

describe('_readFioSize', () => {
  it("reads sizes as fio's parse.c does, with kb_base=1024 by default (SI prefixes are powers of 2)", () => {
    expect(_readFioSize('8k', 1024)).toBe(8192);
    expect(_readFioSize('4096B', 1024)).toBe(4096);
    expect(_readFioSize('1GB', 1024)).toBe(1024 ** 3);
    expect(_readFioSize('4KiB', 1024)).toBe(4000);
    expect(_readFioSize('4KiB', 1000)).toBe(4096);
    expect(_readFioSize('4k', 1000)).toBe(4000);
    expect(_readFioSize('100%', 1024)).toBeNull();
  });

  it('reads each form of the layout line', () => {
    expect(_readLayoutLines('a: Laying out IO file(s) (1 file(s) / 5120MB)\n').get('a')).toBe(5120 * 2 ** 20);
    expect(_readLayoutLines('b: Laying out IO file (1 file / 128MiB)\n').get('b')).toBe(128 * 2 ** 20);
    expect(_readLayoutLines('c: Laying out IO files (4 files / total 1024MiB)\n').get('c')).toBe(1024 * 2 ** 20);
  });
});
