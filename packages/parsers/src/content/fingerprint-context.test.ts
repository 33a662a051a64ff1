import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { fingerprintOutput } from '../fingerprint-output.ts';
import { parse } from '../index.ts';
import { outputFingerprintContext } from './fingerprint-context.ts';
import { RunSchema } from './run-schema.ts';

const RUN_DIR = new URL('../../../../content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/', import.meta.url);

describe('outputFingerprintContext', () => {
  it("gives a run.yaml output's command and the run's memory to the fingerprint", () => {
    const run = RunSchema.parse(parseYaml(readFileSync(new URL('run.yaml', RUN_DIR), 'utf8')));
    const declared = run.outputs.find((output) => output.file === 'dd--seq-write-1.txt');
    if (declared === undefined) throw new Error('run.yaml lists no dd--seq-write-1.txt');
    const context = outputFingerprintContext(run, declared);
    // memory: bytes: 25276063744; command: 'dd if=/dev/zero of=... bs=1M count=128 oflag=direct'
    expect(context.memoryBytes).toBe(25276063744);
    expect(context.command).toMatch(/ bs=1M count=128 oflag=direct$/);
    const text = readFileSync(new URL('dd--seq-write-1.txt', RUN_DIR), 'utf8');
    const [fingerprint] = fingerprintOutput(parse(text), { text, ...context });
    expect(fingerprint?.summary).toBe('1 MiB sequential writes');
  });
});
