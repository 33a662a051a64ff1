import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { RAW_TOOLS, rawOutputs } from '../test/raw-outputs.ts';
import {
  compareFingerprints,
  type FingerprintField,
  KIND_BANDS,
  type RankedCandidate,
  rankFingerprints,
  type WorkloadFingerprint,
} from './fingerprint.ts';
import { fingerprintOutput } from './fingerprint-output.ts';
import { parse } from './index.ts';

/** The fingerprints of one raw output of the repository, read with its text (and command, memory). */
function fingerprintsOf(label: string): WorkloadFingerprint[] {
  const tool = RAW_TOOLS.find((name) => label.split('/').at(-1)?.startsWith(`${name}--`));
  const output = rawOutputs(tool ?? 'fio').find((candidate) => candidate.label === label);
  if (output === undefined) throw new Error(`no raw output ${label}`);
  return fingerprintOutput(parse(output.text, { name: label }), output);
}

const workload = (label: string, name: string): WorkloadFingerprint => {
  const found = fingerprintsOf(label).find((fingerprint) => fingerprint.workload === name);
  if (found === undefined) throw new Error(`no workload ${name} in ${label}`);
  return found;
};

const MSA70_EXT4 = 'content/results/2011-07-ext3-ext4-xfs-fio-msa70/runs/ext4/fio--ext4.txt';
const LOOP_EXT4 = 'content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/fio--seed-hoffman-1.txt';

describe('compareFingerprints on real pairs', () => {
  it('the MSA70 and loopback random-write-direct jobs are the same kind and differ in size', () => {
    // MSA70 (fio 1.57): `random-write-direct: (g=0): rw=randwrite, bs=8K-8K/8K-8K, ioengine=sync, iodepth=1`,
    // `random-write-direct: Laying out IO file(s) (1 file(s) / 5120MB)`, five clones reported.
    // Loopback (fio 3.33 JSON): global `"size" : "134217728"`, `"bs" : "8k"`, `"numjobs" : "5"`,
    // `"runtime" : "5"`; job `"rw" : "randwrite"`, `"direct" : "1"`.
    const msa70 = workload(MSA70_EXT4, 'random-write-direct');
    const loop = workload(LOOP_EXT4, 'random-write-direct');
    const similarity = compareFingerprints(msa70, loop);
    expect(similarity.kindMatch).toBe('same');
    expect(similarity.score).toBeGreaterThanOrEqual(KIND_BANDS.same.base);
    expect(similarity.score).toBeLessThan(1);
    expect(similarity.reasons[0]).toBe('same 8 KiB random writes at QD 1');
    expect(similarity.differs.map((d) => [d.key, d.a, d.b])).toEqual([['size', '5 GiB (class 8 GiB)', '128 MiB']]);
    // Both ran five processes: numjobs is alike, not a difference.
    expect(similarity.same).toContain('numjobs');
    // The 1.57 job line prints neither direct nor runtime: said by the JSON side only.
    expect(similarity.onlyOne.map((d) => d.key)).toEqual(['direct', 'runtime']);
    expect(similarity.text).toContain('differs: size 5 GiB (class 8 GiB) vs 128 MiB');
  });

  it('a fio randread and a randwrite are different kinds with a low score', () => {
    const read = workload(
      'packages/parsers/fixtures/corpus/fio/kubestr__fio-3.20-json-2jobs-gtod-reduce.json',
      'read_iops',
    );
    const write = workload(
      'packages/parsers/fixtures/corpus/fio/kubestr__fio-3.20-json-2jobs-gtod-reduce.json',
      'write_iops',
    );
    const similarity = compareFingerprints(read, write);
    expect(similarity.kindMatch).toBe('different');
    expect(similarity.score).toBeLessThanOrEqual(KIND_BANDS.different.base + KIND_BANDS.different.span);
    expect(similarity.reasons[0]).toBe('different workloads: random reads vs random writes');
    expect(similarity.differs.map((d) => d.key)).toEqual(['rw']);
  });

  it('a fio job and a bonnie++ run are unrelated: score 0', () => {
    const fio = workload(LOOP_EXT4, 'random-write-direct');
    const [bonnie] = fingerprintsOf('content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/bonnie--seed-1.txt');
    const similarity = compareFingerprints(fio, bonnie as WorkloadFingerprint);
    expect(similarity.kindMatch).toBe('unrelated');
    expect(similarity.score).toBe(0);
  });

  it('sysbench fileio rndwr at 1 and 16 threads: same kind, threads differ', () => {
    const [one] = fingerprintsOf(
      'content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/sysbench--fileio-rndwr-t1-1.txt',
    );
    const [sixteen] = fingerprintsOf(
      'content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/sysbench--fileio-rndwr-t16-1.txt',
    );
    const similarity = compareFingerprints(one as WorkloadFingerprint, sixteen as WorkloadFingerprint);
    expect(similarity.kindMatch).toBe('same');
    expect(similarity.reasons[0]).toBe('same 16 KiB random writes');
    expect(similarity.text).toContain('differs: threads 1 vs 16');
  });

  it('a fio randread and a sysbench rndrd are the same kind from different tools, each field in its words', () => {
    const fio = workload(
      'packages/parsers/fixtures/corpus/fio/kubestr__fio-3.20-json-2jobs-gtod-reduce.json',
      'read_iops',
    );
    const [sysbench] = fingerprintsOf(
      'content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/sysbench--fileio-rndrd-t16-1.txt',
    );
    const similarity = compareFingerprints(fio, sysbench as WorkloadFingerprint);
    expect(similarity.kindMatch).toBe('same');
    expect(similarity.reasons.slice(0, 2)).toEqual(['same random reads', 'different tools: fio vs sysbench']);
    // kubestr: "bs" : "4k", "numjobs" absent (one job); sysbench: "Block size 16KiB", "Number of threads: 16"
    expect(similarity.text).toContain('differs: block size 4 KiB vs 16 KiB, numjobs/threads 1 vs 16');
    // The same parameters from the same tool would score higher.
    expect(similarity.score).toBeLessThan(compareFingerprints(fio, fio).score);
  });
});

describe('rankFingerprints', () => {
  it('ranks the loopback jobs against the MSA70 random-write-direct: the random writes first', () => {
    const target = workload(MSA70_EXT4, 'random-write-direct');
    const ranked = rankFingerprints(target, fingerprintsOf(LOOP_EXT4));
    expect(ranked.map((entry) => entry.fingerprint.workload)).toEqual([
      'random-write-direct',
      'random-write-buf',
      'sequential-write-direct',
      'sequential-write-buffered',
    ]);
    // fio 1.57's job line does not say direct: the direct and buffered random writes score alike
    // against it, and keep the order of the output.
    expect(ranked[0]?.similarity.score).toBe(ranked[1]?.similarity.score);
    expect(ranked[1]?.similarity.score).toBeGreaterThan(ranked[2]?.similarity.score ?? 1);
  });

  it('keeps the given order between equal scores and takes each candidate run by its best workload', () => {
    const target = workload(MSA70_EXT4, 'random-write-direct');
    const runs = [
      {
        id: 'ext3',
        fingerprints: fingerprintsOf('content/results/2011-07-ext3-ext4-xfs-fio-msa70/runs/ext3/fio--ext3.txt'),
      },
      {
        id: 'xfs',
        fingerprints: fingerprintsOf('content/results/2011-07-ext3-ext4-xfs-fio-msa70/runs/xfs/fio--xfs.txt'),
      },
      {
        id: 'bonnie',
        fingerprints: fingerprintsOf('content/results/2011-11-ext4-xfs-btrfs-bonnie/runs/ext4/bonnie--ext4.txt'),
      },
      { id: 'ext4', fingerprints: fingerprintsOf(MSA70_EXT4) },
    ];
    const ranked = rankFingerprints(target, runs, (run) => run.fingerprints);
    // ext3, xfs and ext4 ran the same job file: identical fingerprints, score 1, in the given order.
    expect(ranked.map((entry) => [entry.candidate.id, entry.similarity.score])).toEqual([
      ['ext3', 1],
      ['xfs', 1],
      ['ext4', 1],
      ['bonnie', 0],
    ]);
    expect(ranked[0]?.fingerprint.workload).toBe('random-write-direct');
  });

  it('is typed by its candidates: fingerprints, or anything with a way to its fingerprints', () => {
    const target = workload(MSA70_EXT4, 'random-write-direct');
    expectTypeOf(rankFingerprints(target, [target])).toEqualTypeOf<RankedCandidate<WorkloadFingerprint>[]>();
    const runs = [{ id: 'ext4', fingerprints: [target] }];
    expectTypeOf(rankFingerprints(target, runs, (run) => run.fingerprints)).toEqualTypeOf<
      RankedCandidate<{ id: string; fingerprints: WorkloadFingerprint[] }>[]
    >();
    expect(rankFingerprints(target, runs, (run) => run.fingerprints)[0]?.candidate.id).toBe('ext4');
  });
});

// Property tests: on every real fingerprint of the repository, and on those with fields changed.
const REAL = RAW_TOOLS.flatMap((tool) =>
  rawOutputs(tool).flatMap((output) => {
    try {
      return fingerprintOutput(parse(output.text, { name: output.label }), output);
    } catch {
      return []; // An output the registry cannot read on its own (a tool's own test covers it).
    }
  }),
);

const realFingerprint = fc.constantFrom(...REAL);

/** A real fingerprint with some fields dropped and some numbers scaled or words replaced. */
const changedFingerprint = fc
  .tuple(realFingerprint, fc.array(fc.tuple(fc.nat(), fc.constantFrom('drop', 'scale', 'word')), { maxLength: 4 }))
  .map(([fingerprint, changes]) => {
    let fields: FingerprintField[] = fingerprint.fields.map((field) => ({ ...field }));
    for (const [at, change] of changes) {
      if (fields.length === 0) break;
      const index = at % fields.length;
      const field = fields[index] as FingerprintField;
      if (change === 'drop') fields = fields.filter((_, i) => i !== index);
      else if (change === 'scale' && typeof field.value === 'number') {
        fields[index] = { ...field, value: field.value * 2 + 1, text: `${field.text} changed` };
      } else fields[index] = { ...field, value: `${String(field.value)}-other`, text: `${field.text}-other` };
    }
    return { ...fingerprint, fields };
  });

const anyFingerprint = fc.oneof(realFingerprint, changedFingerprint);

describe('compareFingerprints properties', () => {
  it('has real fingerprints of every tool to work on', () => {
    // Every tool but fio-log, whose logs name no workload (RAW_TOOLS leaves it out).
    expect(new Set(REAL.map((fingerprint) => fingerprint.tool))).toEqual(new Set(RAW_TOOLS));
  });

  it('is symmetric in its score and kind match', () => {
    fc.assert(
      fc.property(anyFingerprint, anyFingerprint, (a, b) => {
        const ab = compareFingerprints(a, b);
        const ba = compareFingerprints(b, a);
        expect(ab.score).toBe(ba.score);
        expect(ab.kindMatch).toBe(ba.kindMatch);
      }),
    );
  });

  it('scores 1 for identical fingerprints, with no difference named', () => {
    fc.assert(
      fc.property(anyFingerprint, (a) => {
        const similarity = compareFingerprints(a, structuredClone(a));
        expect(similarity.score).toBe(1);
        expect(similarity.differs).toEqual([]);
        expect(similarity.onlyOne).toEqual([]);
      }),
    );
  });

  it('names every field that differs or that only one says in its reasons', () => {
    fc.assert(
      fc.property(anyFingerprint, anyFingerprint, (a, b) => {
        const similarity = compareFingerprints(a, b);
        const byKeyB = new Map(b.fields.map((field) => [field.key, field]));
        const keysA = new Set(a.fields.map((field) => field.key));
        const differing = [
          ...a.fields.filter((field) => byKeyB.get(field.key)?.value !== field.value),
          ...b.fields.filter((field) => !keysA.has(field.key)),
        ];
        for (const field of differing) {
          expect(similarity.text).toContain(field.label);
          expect([...similarity.differs, ...similarity.onlyOne].map((d) => d.key)).toContain(field.key);
        }
      }),
    );
  });

  it('stays in the band of its kind match, between 0 and 1', () => {
    fc.assert(
      fc.property(anyFingerprint, anyFingerprint, (a, b) => {
        const { score, kindMatch } = compareFingerprints(a, b);
        const band = KIND_BANDS[kindMatch];
        expect(score).toBeGreaterThanOrEqual(band.base - 1e-9);
        expect(score).toBeLessThanOrEqual(band.base + band.span + 1e-9);
      }),
    );
  });
});
