import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type DdRun, parseDd } from './index.ts';

/** Real outputs of GNU dd 9.1 made here (fixtures/dd/README.md), each with its expected parse. */
const FIXTURES = fileURLToPath(new URL('../../fixtures/dd/', import.meta.url));
const inputs = readdirSync(FIXTURES).filter((name) => name.includes('.input.'));
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const runsOf = (name: string): DdRun[] => parseDd(read(name)).result.runs;
const runOf = (name: string, index = 0): DdRun => runsOf(name)[index] as DdRun;

describe('dd fixtures', () => {
  it('has fixture pairs', () => {
    expect(inputs.length).toBeGreaterThan(0);
  });

  it.each(inputs)('%s matches its committed expected result', async (name) => {
    const output = parseDd(read(name), { name });
    const expected = name.replace(/\.input\.[a-z]+$/, '.expected.json');
    await expect(JSON.stringify(output, null, 2)).toMatchFileSnapshot(join(FIXTURES, expected));
  });

  it('reads the oflag=direct report: bytes, seconds and both rates', () => {
    // 8388608 bytes (8.4 MB, 8.0 MiB) copied, 0.0161144 s, 521 MB/s
    const run = runOf('dd-9.1--direct.input.txt');
    expect(run.recordsIn).toEqual({ full: 8, partial: 0 });
    expect(run.recordsOut).toEqual({ full: 8, partial: 0 });
    expect(run.transfer).toMatchObject({
      bytesCopied: 8388608,
      elapsedNs: 16_114_400,
      printedBytesPerSec: 521e6,
      sizeSi: '8.4 MB',
      sizeIec: '8.0 MiB',
    });
    expect(run.transfer?.bytesPerSec).toBeCloseTo(8388608 / 0.0161144, 6);
  });

  it('reads status=progress statements as the progress of the report after them', () => {
    // \r1056768 bytes (1.1 MB, 1.0 MiB) copied, 1 s, 809 kB/s\r2105344 bytes (...) copied, 3 s, 834 kB/s
    // 63+235 records in / 63+235 records out / 5242880 bytes (5.2 MB, 5.0 MiB) copied, 2.5297 s, 2.1 MB/s
    const run = runOf('dd-9.1--progress.input.txt');
    expect(run.progress.map((point) => [point.bytesCopied, point.elapsedNs, point.printedBytesPerSec])).toEqual([
      [1056768, 1e9, 809e3],
      [2105344, 3e9, 834e3],
    ]);
    expect(run.recordsIn).toEqual({ full: 63, partial: 235 });
    expect(run.transfer).toMatchObject({ bytesCopied: 5242880, elapsedNs: 2_529_700_000, printedBytesPerSec: 2.1e6 });
  });

  it('reads the statement dd 9.1 prints before fdatasync on the line of the last progress statement', () => {
    // \r1056768 bytes (...) copied, 1 s, 802 kB/s3145728 bytes (3.1 MB, 3.0 MiB) copied, 1.32229 s, 2.4 MB/s
    const run = runOf('dd-9.1--progress-fdatasync.input.txt');
    expect(run.progress.map((point) => [point.bytesCopied, point.elapsedText])).toEqual([
      [1056768, '1'],
      [3145728, '1.32229'],
    ]);
    // 3145728 bytes (3.1 MB, 3.0 MiB) copied, 1.32953 s, 2.4 MB/s: the sync took the rest.
    expect(run.transfer).toMatchObject({ bytesCopied: 3145728, elapsedText: '1.32953' });
  });

  it('reads status=noxfer as records without a transfer line, warned as a possible cut', () => {
    const output = parseDd(read('dd-9.1--noxfer.input.txt'));
    expect(output.result.runs).toEqual([
      expect.objectContaining({ recordsIn: { full: 3, partial: 0 }, transfer: null }),
    ]);
    // The records lines alone are also what a copy cut before its transfer line leaves.
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'TRUNCATED', line: 2 })]);
  });

  it('reads the layouts of 0, 1, 1000 and 2000 bytes', () => {
    const transfers = runsOf('dd-9.1--small-counts.input.txt').map((run) => run.transfer);
    expect(transfers.map((t) => [t?.bytesCopied, t?.sizeSi, t?.sizeIec, t?.printedRate])).toEqual([
      [0, null, null, '0.0 kB/s'],
      [1, null, null, '10.8 kB/s'],
      [1000, '1.0 kB', null, '237 kB/s'],
      [2000, '2.0 kB', '2.0 KiB', '452 kB/s'],
    ]);
    expect(transfers[0]?.elapsedNs).toBe(63_970);
  });

  it('gives each dd of a loop its own run, under the version line above them', () => {
    const output = parseDd(read('dd-9.1--loop-with-version.input.txt'));
    expect(output.toolVersion).toBe('9.1');
    expect(output.result.runs.map((run) => [run.toolVersion, run.recordsOut?.full, run.transfer?.bytesCopied])).toEqual(
      [
        ['9.1', 1, 65536],
        ['9.1', 4, 262144],
        ['9.1', 16, 1048576],
      ],
    );
  });

  it('keeps the write error before a report in the run, and the report with it', () => {
    const run = runOf('dd-9.1--enospc.input.txt');
    expect(run.errors).toEqual([
      { message: "error writing '/dev/full': No space left on device", severity: 'error', line: 1 },
    ]);
    expect(run.recordsIn).toEqual({ full: 1, partial: 0 });
    expect(run.recordsOut).toEqual({ full: 0, partial: 0 });
    expect(run.transfer?.bytesCopied).toBe(0);
  });

  it('marks a dd warning as a warning', () => {
    expect(runOf('dd-9.1--zero-multiplier-warning.input.txt').errors).toEqual([
      { message: 'warning: ‘0x’ is a zero multiplier; use ‘00x’ if that is intended', severity: 'warning', line: 1 },
    ]);
  });

  it('counts truncated records (conv=block)', () => {
    expect(runOf('dd-9.1--conv-block-truncated.input.txt')).toMatchObject({
      recordsIn: { full: 0, partial: 1 },
      truncatedRecords: 2,
      transfer: { bytesCopied: 12 },
    });
  });

  it('reads German words and decimal commas', () => {
    const runs = runsOf('dd-9.1--de_DE.input.txt');
    expect(runs.map((run) => run.language)).toEqual(['de', 'de', 'de', 'de', 'de']);
    // 8388608 Bytes (8,4 MB, 8,0 MiB) kopiert, 0,00385658 s, 2,2 GB/s
    expect(runs[0]?.transfer).toMatchObject({
      bytesCopied: 8388608,
      elapsedNs: 3_856_580,
      elapsedText: '0,00385658',
      printedBytesPerSec: 2.2e9,
      sizeSi: '8,4 MB',
      sizeIec: '8,0 MiB',
    });
    // 1 Byte kopiert, 0,00020303 s, 4,9 kB/s
    expect(runs[1]?.transfer).toMatchObject({ bytesCopied: 1, elapsedNs: 203_030, printedBytesPerSec: 4900 });
    expect(runs[2]?.errors[0]?.message).toBe(
      "Fehler beim Schreiben von '/dev/full': Auf dem Gerät ist kein Speicherplatz mehr verfügbar",
    );
    expect(runs[3]?.errors[0]?.severity).toBe('warning');
    // "ein abgeschnittener Datensatz": one, written as a word.
    expect(runs[4]?.truncatedRecords).toBe(1);
  });

  it('reads French words, decimal commas and the no-break space after the counts', () => {
    const text = read('dd-9.1--fr_FR.input.txt');
    expect(text).toContain('8+0\u00a0enregistrements lus');
    const runs = parseDd(text).result.runs;
    expect(runs.map((run) => run.language)).toEqual(['fr', 'fr', 'fr', 'fr', 'fr']);
    // 8388608 octets (8,4 MB, 8,0 MiB) copiés, 0,00365968 s, 2,3 GB/s
    expect(runs[0]?.transfer).toMatchObject({ bytesCopied: 8388608, elapsedNs: 3_659_680, printedBytesPerSec: 2.3e9 });
    // 1 octet copié, 0,000314289 s, 3,2 kB/s
    expect(runs[1]?.transfer).toMatchObject({ bytesCopied: 1, elapsedNs: 314_289 });
    expect(runs[3]?.errors[0]?.severity).toBe('warning');
    // 1 enregistrement tronqué
    expect(runs[4]?.truncatedRecords).toBe(1);
  });
});
