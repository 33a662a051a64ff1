import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { type DdRun, type DdTransfer, parseDd } from './index.ts';

/**
 * Runs the real GNU dd (Debian's coreutils 9.1 here) on a temporary directory and checks that
 * the parsed numbers are the ones the text printed: bytes and records exactly, seconds to the
 * digits printed. The expected numbers are read off the raw text with patterns of their own here,
 * not with the parser's.
 */
const version = spawnSync('dd', ['--version'], { encoding: 'utf8' }).stdout ?? '';
const isGnuDd = /^dd \((?:GNU )?coreutils\) /.test(version);
if (!isGnuDd && process.env.CI) throw new Error('GNU dd is not installed, and CI must run these tests');
const locales = (spawnSync('locale', ['-a'], { encoding: 'utf8' }).stdout ?? '').split('\n');
const hasLocale = (name: string) => locales.some((line) => line.toLowerCase() === `${name.toLowerCase()}.utf8`);

/** What a command printed on standard error; dd exits 1 after a write error and still reports. */
function stderrOf(file: string, args: readonly string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve) => {
    execFile(file, args, { env: { ...process.env, LC_ALL: 'C', ...env }, encoding: 'utf8' }, (_error, _out, err) =>
      resolve(err),
    );
  });
}
const dd = (args: readonly string[], env?: Record<string, string>) => stderrOf('dd', args, env);
const sh = (script: string, env?: Record<string, string>) => stderrOf('sh', ['-c', script], env);

/** Every `N+M words` line of the raw text, as [N, M]. */
const printedRecords = (text: string) =>
  [...text.matchAll(/^(\d+)\+(\d+)[ \u00a0]/gm)].map((m) => [Number(m[1]), Number(m[2])]);
/** Every transfer statement of the raw text, as [bytes, seconds as printed]. */
const printedTransfers = (text: string) =>
  [...text.matchAll(/(\d+)[ \u00a0]\S+(?: \([^)]*\))? \S+, ([\d.,e+-]+) s, /g)].map(
    (m) => [Number(m[1]), String(m[2])] as const,
  );
const ns = (printed: string) => Math.round(Number(printed.replace(',', '.')) * 1e9);

/** The run's records and final transfer are those of the raw text's last report. */
function expectAsPrinted(text: string, run: DdRun): void {
  const records = printedRecords(text);
  const [bytes, seconds] = printedTransfers(text).at(-1) ?? [];
  expect(run.recordsIn).toEqual({ full: records[0]?.[0], partial: records[0]?.[1] });
  expect(run.recordsOut).toEqual({ full: records[1]?.[0], partial: records[1]?.[1] });
  expect(run.transfer?.bytesCopied).toBe(bytes);
  expect(run.transfer?.elapsedText).toBe(seconds);
  expect(run.transfer?.elapsedNs).toBe(ns(seconds as string));
}

const onlyRun = (text: string): DdRun => {
  const runs = parseDd(text).result.runs;
  expect(runs).toHaveLength(1);
  return runs[0] as DdRun;
};

describe.skipIf(!isGnuDd)('the real GNU dd', () => {
  let dir: string;
  let out: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'benchfolio-dd-'));
    out = join(dir, 'f');
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a report for bs=1M count=8 oflag=direct that parses to the numbers it printed', async () => {
    const text = await dd(['if=/dev/zero', `of=${out}`, 'bs=1M', 'count=8', 'oflag=direct']);
    const run = onlyRun(text);
    expectAsPrinted(text, run);
    expect(run.transfer?.bytesCopied).toBe(8 * 1024 * 1024);
    expect(run.transfer).toMatchObject({ sizeSi: '8.4 MB', sizeIec: '8.0 MiB', style: 'coreutils', timeUnit: 's' });
    const rate = /, (\d+(?:\.\d+)?) ([kMG])B\/s$/m.exec(text);
    const factor = { k: 1e3, M: 1e6, G: 1e9 }[rate?.[2] as 'k' | 'M' | 'G'];
    expect(run.transfer?.printedBytesPerSec).toBeCloseTo(Number(rate?.[1]) * factor, 3);
  });

  it('prints a report for conv=fdatasync that parses to the numbers it printed', async () => {
    const text = await dd(['if=/dev/zero', `of=${out}`, 'bs=1M', 'count=8', 'conv=fdatasync']);
    expectAsPrinted(text, onlyRun(text));
  });

  it('prints status=progress statements while a slow pipe feeds it, read as the progress of its report', async () => {
    // From /dev/zero dd ends before its first progress second; a stalled pipe makes it print one.
    const text = await sh(
      '(head -c 1048576 /dev/zero; sleep 1.3; head -c 1048576 /dev/zero) | dd of=/dev/null bs=64k status=progress',
    );
    expect(text.startsWith('\r')).toBe(true);
    const run = onlyRun(text);
    expectAsPrinted(text, run);
    const statements = printedTransfers(text).slice(0, -1);
    expect(statements.length).toBeGreaterThanOrEqual(1);
    expect(run.progress.map((point) => [point.bytesCopied, point.elapsedText])).toEqual(statements);
    for (const point of run.progress) expect(point.elapsedText).toMatch(/^\d+$/);
    expect(run.transfer?.bytesCopied).toBe(2 * 1024 * 1024);
  }, 20_000);

  it('prints one more statement before conv=fdatasync, on the line of the last progress statement', async () => {
    const text = await sh(
      `(head -c 1048576 /dev/zero; sleep 1.3; head -c 1048576 /dev/zero) | dd of=${out} bs=64k status=progress conv=fdatasync`,
    );
    const run = onlyRun(text);
    expectAsPrinted(text, run);
    const last = run.progress.at(-1) as DdTransfer;
    expect(last.bytesCopied).toBe(2 * 1024 * 1024);
    expect(last.elapsedText).not.toMatch(/^\d+$/);
    expect(run.progress.map((point) => [point.bytesCopied, point.elapsedText])).toEqual(
      printedTransfers(text).slice(0, -1),
    );
  }, 20_000);

  it('prints only the records lines with status=noxfer', async () => {
    const text = await dd(['if=/dev/zero', `of=${out}`, 'bs=1M', 'count=3', 'status=noxfer']);
    const run = onlyRun(text);
    expect(run.recordsIn).toEqual({ full: 3, partial: 0 });
    expect(run.transfer).toBeNull();
  });

  it('prints nothing with status=none, which is an empty input', async () => {
    const text = await dd(['if=/dev/zero', `of=${out}`, 'bs=1M', 'count=3', 'status=none']);
    expect(text).toBe('');
    expect(catchParseError(() => parseDd(text)).code).toBe('EMPTY_INPUT');
  });

  it('prints count=0 and a 1-byte copy without sizes, one run each', async () => {
    const zero = await dd(['if=/dev/zero', `of=${out}`, 'count=0']);
    const one = await dd(['if=/dev/zero', `of=${out}`, 'bs=1', 'count=1']);
    expect(one).toMatch(/^1 byte copied, /m);
    const runs = parseDd(zero + one).result.runs;
    expect(runs.map((run) => [run.recordsIn, run.transfer?.bytesCopied, run.transfer?.sizeSi])).toEqual([
      [{ full: 0, partial: 0 }, 0, null],
      [{ full: 1, partial: 0 }, 1, null],
    ]);
    expectAsPrinted(zero, runs[0] as DdRun);
    expectAsPrinted(one, runs[1] as DdRun);
  });

  it('prints a write error before a valid report when the device is full', async () => {
    const text = await dd(['if=/dev/zero', 'of=/dev/full', 'bs=1k', 'count=4']);
    const run = onlyRun(text);
    expect(run.errors).toEqual([
      { message: "error writing '/dev/full': No space left on device", severity: 'error', line: 1 },
    ]);
    expectAsPrinted(text, run);
  });

  it('prints truncated records with conv=block', async () => {
    const text = await sh("printf 'aaaaaaaaaa\\nb\\n' | dd of=/dev/null conv=block cbs=4");
    expect(text).toMatch(/^1 truncated record$/m);
    expect(onlyRun(text).truncatedRecords).toBe(1);
  });

  it('gives each dd of a script that loops dd its own run, with the version it printed', async () => {
    const text = await sh(
      `dd --version | head -n 1 >&2; for n in 1 2 3; do dd if=/dev/zero of=${out} bs=4k count=$n; done`,
    );
    const output = parseDd(text);
    expect(output.toolVersion).toBe(/^dd \(.*\) (\S+)$/m.exec(text)?.[1]);
    expect(output.result.runs.map((run) => run.recordsIn?.full)).toEqual([1, 2, 3]);
    expect(output.result.runs.map((run) => run.transfer?.bytesCopied)).toEqual([4096, 8192, 12288]);
  });

  const localeSkip = (name: string) =>
    hasLocale(name)
      ? ''
      : ` (skipped: the ${name}.UTF-8 locale is missing; apt-get install locales, then localedef -i ${name} -f UTF-8 ${name}.UTF-8)`;

  it.skipIf(!hasLocale('de_DE'))(
    `prints German words and decimal commas that parse to the numbers printed${localeSkip('de_DE')}`,
    async () => {
      const text = await dd(['if=/dev/zero', `of=${out}`, 'bs=1M', 'count=8'], { LC_ALL: 'de_DE.UTF-8' });
      expect(text).toMatch(/Datensätze ein/);
      const run = onlyRun(text);
      expect(run.language).toBe('de');
      expectAsPrinted(text, run);
      expect(run.transfer?.elapsedText).toContain(',');
    },
  );

  it.skipIf(!hasLocale('fr_FR'))(
    `prints French words, decimal commas and no-break spaces that parse to the numbers printed${localeSkip('fr_FR')}`,
    async () => {
      const text = await dd(['if=/dev/zero', `of=${out}`, 'bs=1M', 'count=8'], { LC_ALL: 'fr_FR.UTF-8' });
      expect(text).toMatch(/^8\+0\u00a0enregistrements lus$/m);
      const run = onlyRun(text);
      expect(run.language).toBe('fr');
      expectAsPrinted(text, run);
    },
  );
});

describe('the real GNU dd', () => {
  it.skipIf(isGnuDd)('is skipped: dd here is not GNU coreutils dd', () => {});
});
