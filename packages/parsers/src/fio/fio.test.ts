import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { allCorpusFiles, corpusDir, corpusFiles, readCorpusFile } from '../../test/corpus.ts';
import { checkParserProperty } from '../../test/properties.ts';
import { readSeed, SEEDS_SKIP_REASON, seedsDir } from '../../test/seeds.ts';
import { MeasurementSchema } from '../measurement.ts';
import type { ParseOutput } from '../parser.ts';
import { createRegistry } from '../registry.ts';
import { readText } from '../text.ts';
import { detectFio, type FioResult, FioResultSchema, fioParser, parseFio, safeParseFio } from './index.ts';
import { splitSegments } from './split.ts';

const corpus = (name: string) => readCorpusFile(corpusDir(), `fio/${name}`).text;
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/fio/${name}`, import.meta.url), 'utf8');

const JSON_TEXT = () => corpus('kubestr__fio-3.20-json-2jobs-gtod-reduce.json');
const TERSE_TEXT = () => corpus('unidentified-cn-notes__fio-3.1-terse-v3-randread-2jobs.txt');
const NORMAL_TEXT = () => corpus('vps-comparison__fio-2.2.10-randread-8jobs-group.txt');

describe('parseFio and detectFio', () => {
  it('every fio corpus file parses, is detected as fio, and its result matches the schema', () => {
    for (const file of corpusFiles('fio')) {
      const detection = detectFio(file.text);
      expect(detection?.tool, file.name).toBe('fio');
      const output = parseFio(file.text, { name: file.name });
      expect(FioResultSchema.safeParse(output.result).success, file.name).toBe(true);
      for (const measurement of output.measurements) {
        expect(MeasurementSchema.safeParse(measurement).success, `${file.name} ${measurement.metric}`).toBe(true);
      }
    }
  });

  it('names the format of each kind of fio output', () => {
    expect(detectFio(JSON_TEXT())).toMatchObject({ format: 'json', version: 'fio-3.20' });
    expect(detectFio(fixture('fio-3.33--randrw-2jobs.terse5-jsonplus.txt'))?.format).toBe('mixed');
    expect(detectFio(TERSE_TEXT())).toMatchObject({ format: 'terse', version: 'fio-3.1' });
    expect(detectFio(corpus('fio__howto-terse-v2-example.txt'))).toMatchObject({ format: 'terse', version: null });
    expect(detectFio(NORMAL_TEXT())).toMatchObject({ format: 'normal', version: 'fio-2.2.10' });
    expect(detectFio(corpus('pbench__fio-3.7-client-server-json-with-preamble.txt'))?.format).toBe('json');
    expect(detectFio(corpus('virtualclient__fio-error-line.txt'))?.format).toBe('normal');
  });

  it('does not claim the outputs of bonnie++, sysbench or iostat', () => {
    for (const file of allCorpusFiles().filter((f) => !f.path.includes('/fio/'))) {
      const detection = detectFio(file.text);
      expect(detection === null || detection.confidence < 0.5, file.name).toBe(true);
    }
  });

  it('rejects an empty input with EMPTY_INPUT', () => {
    expect(catchParseError(() => parseFio('')).code).toBe('EMPTY_INPUT');
    expect(catchParseError(() => parseFio(' \n\n  \n')).code).toBe('EMPTY_INPUT');
  });

  it('rejects text without fio results with MISSING_SECTION at its first line', () => {
    const error = catchParseError(() => parseFio('\nhello world\nthis is not fio\n'));
    expect({ code: error.code, line: error.line, tool: error.tool }).toEqual({
      code: 'MISSING_SECTION',
      line: 2,
      tool: 'fio',
    });
  });

  it('returns the error instead of throwing from safeParseFio', () => {
    const failed = safeParseFio('');
    expect(failed.success).toBe(false);
    const parsed = safeParseFio(JSON_TEXT());
    expect(parsed.success && parsed.data.result.runs.length).toBe(1);
    expectTypeOf(parseFio).returns.toEqualTypeOf<ParseOutput<'fio'>>();
  });

  it('reads only the pieces of the format it is asked for', () => {
    const text = fixture('fio-3.33--3groups.terse3-json.txt');
    expect(parseFio(text, { format: 'terse' }).result.runs[0]?.format).toBe('terse');
    expect(parseFio(text, { format: 'json' }).result.runs[0]?.format).toBe('json');
    expect(catchParseError(() => parseFio(TERSE_TEXT(), { format: 'json' })).code).toBe('MISSING_SECTION');
  });

  it('works through a registry like the package one', () => {
    const registry = createRegistry([fioParser]);
    const output = registry.parse(TERSE_TEXT());
    expect(output).toMatchObject({ tool: 'fio', format: 'terse', toolVersion: 'fio-3.1' });
  });
});

describe('mixed streams and what people paste around fio output', () => {
  it('keeps one run where fio printed the same run as terse and as JSON, the JSON', () => {
    const output = parseFio(fixture('fio-3.33--3groups.terse3-json.txt'));
    expect(output.format).toBe('mixed');
    expect(output.result.runs).toHaveLength(1);
    expect(output.result.runs[0]?.format).toBe('json');
    // fio was asked for both formats: keeping one is no oddity worth a warning.
    expect(output.warnings).toEqual([]);
    // The groups of the three stonewalled jobs.
    expect(output.result.runs[0]?.jobs.map((j) => j.groupId)).toEqual([0, 1, 2]);
  });

  it('skips shell prompts, `time` output and prose around a run', () => {
    const text = `[root@host ~]# time fio --output-format=json job.fio\n${JSON_TEXT()}\nreal    0m17.081s\nuser    0m0.228s\nsys     0m1.044s\n[root@host ~]#\n`;
    const output = parseFio(text);
    expect(output.result.runs).toHaveLength(1);
    expect(output.result).toEqual(withLine(parseFio(JSON_TEXT()).result, 2));
  });

  it('parses several runs in one file as several runs, told apart by a run label', () => {
    const text = `${JSON_TEXT()}\n${TERSE_TEXT()}\n${JSON_TEXT()}`;
    const output = parseFio(text);
    expect(output.result.runs.map((r) => r.format)).toEqual(['json', 'terse', 'json']);
    const runs = new Set(output.measurements.map((m) => m.labels.run));
    expect(runs).toEqual(new Set(['0', '1', '2']));
  });

  it('finds the end of a JSON document whose closing brace is indented, followed by another document', () => {
    // kubestr's copy ends with an indented "}"; the next document's closing brace is at column 0.
    const text = `${JSON_TEXT()}\n${corpus('pkb__fio-2.17-json-randread-hist.json')}`;
    expect(parseFio(text).result.runs.map((r) => r.jobs.length)).toEqual([2, 2]);
  });

  it('parses two concatenated normal outputs as two runs', () => {
    const text = `${NORMAL_TEXT()}\n${corpus('vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt')}`;
    const runs = parseFio(text).result.runs;
    expect(runs).toHaveLength(2);
    expect(runs.map((r) => r.jobs[0]?.parameters.rw)).toEqual(['randread', 'randwrite']);
  });

  it('splits a pbench capture into its JSON document, skipping the hostname preamble and progress lines', () => {
    const source = readText(corpus('pbench__fio-3.7-client-server-json-with-preamble.txt'));
    const kinds = splitSegments(source).map((s) => (s.kind === 'normal' ? `normal:${s.hasResults}` : s.kind));
    expect(kinds.filter((k) => k !== 'normal:false')).toEqual(['json']);
  });

  it('gives each piece the line it starts on, counted as the lines are read', () => {
    const text = [
      'prompt$ fio job.fio --output-format=normal,json',
      corpus('vps-comparison__fio-2.2.10-randread-8jobs-group.txt'),
      '  fio: pid=8281, err=84/file:io_u.c:2141, func=io_u_queued_complete, error=Invalid or incomplete multibyte',
      JSON_TEXT(),
      TERSE_TEXT(),
    ].join('\n');
    const source = readText(text);
    const segments = splitSegments(source);
    expect(segments.map((s) => s.kind)).toEqual(expect.arrayContaining(['normal', 'error', 'json', 'terse']));
    for (const segment of segments) expect(segment.line).toBe(source.locate(segment.start).line);
  });

  it('finds a run after 200k unindented lines that hold no marker', () => {
    // A search per line running to the next ":" would read about 10^11 characters here and not
    // finish within the test's timeout; the split looks for each marker once (linear time). How
    // fast it is belongs to `npm run bench`, not to a test.
    const text = `${'a b c d\n'.repeat(200_000)}x: (g=0): rw=read\n`;
    expect(splitSegments(readText(text)).map((s) => s.kind)).toEqual(['normal']);
  });
});

const seeds = seedsDir();

describe.skipIf(seeds === undefined)('parseFio on the pages of the fio 1.57 blog post itself', () => {
  it('keeps the ext3 run of the plain-text copy and drops the excerpt of its job lines quoted under it', () => {
    const output = parseFio(readSeed('000_368b5388324136f5.txt', seeds));
    expect(output.result.runs).toHaveLength(3);
    const job = output.result.runs[0]?.jobs[0];
    // random-write-direct: ... write: io=596856KB, bw=56946KB/s, iops=7118 , runt= 10481msec
    expect(job?.name).toBe('random-write-direct');
    expect(job?.write?.iops).toBe(7118);
    expect(job?.write?.bandwidthBytesPerSec).toBe(58_312_704);
    expect(output.warnings.filter((w) => w.code === 'DUPLICATE_RUN')).toHaveLength(3);
  });

  it('starts a run after a `<pre>` tag of the WordPress copy', () => {
    const runs = parseFio(readSeed('003_5a6b11745555706e.txt', seeds)).result.runs;
    expect(runs).toHaveLength(3);
    expect(runs.map((r) => r.jobs[0]?.name)).toEqual([
      'random-write-direct',
      'random-write-direct',
      'random-write-direct',
    ]);
    // xfs random-write-buf runtime 240892 msec
    expect(runs[2]?.jobs[1]?.write?.runtimeMs).toBe(240892);
  });
});

describe.skipIf(seeds !== undefined)('parseFio on the pages of the fio 1.57 blog post itself', () => {
  it.skip(SEEDS_SKIP_REASON, () => {});
});

describe('fio error lines', () => {
  it('keeps an input of only an error line as a run without jobs, with the error recorded and a warning', () => {
    const output = parseFio(corpus('virtualclient__fio-error-line.txt'));
    const [run] = output.result.runs;
    expect(run?.jobs).toEqual([]);
    // fio: pid=8281, err=84/file:io_u.c:2141, func=io_u_queued_complete, error=Invalid or incomplete multibyte or wide character
    expect(run?.errors).toEqual([
      {
        pid: 8281,
        code: 84,
        location: 'file:io_u.c:2141',
        function: 'io_u_queued_complete',
        message: 'Invalid or incomplete multibyte or wide character',
        line: 1,
      },
    ]);
    expect(output.warnings.map((w) => w.code)).toEqual(['ONLY_ERRORS']);
    expect(output.measurements).toEqual([]);
  });

  it('asked for JSON, rejects an input of only an error line with MISSING_SECTION', () => {
    expect(catchParseError(() => parseFio(corpus('virtualclient__fio-error-line.txt'), { format: 'json' })).code).toBe(
      'MISSING_SECTION',
    );
  });

  it('attaches an error line to the run after it', () => {
    const text = `${corpus('virtualclient__fio-error-line.txt')}\n${JSON_TEXT()}`;
    const [run] = parseFio(text).result.runs;
    expect(run?.errors.map((e) => e.code)).toEqual([84]);
    expect(run?.jobs).toHaveLength(2);
  });
});

describe('fio measurements', () => {
  it('names metrics in fio words with base units and job, group and preamble labels', () => {
    const { measurements } = parseFio(TERSE_TEXT());
    const byMetric = new Map(measurements.map((m) => [m.metric, m]));
    // 3;fio-3.1;...;2097152;14790;3697;141787;...
    expect(byMetric.get('read.iops')).toEqual({
      tool: 'fio',
      metric: 'read.iops',
      unit: 'op/s',
      value: 3697,
      labels: {
        job: 'Rand_Read_Latency_Testingrandwrite',
        group: '0',
        rw: 'randread',
        bs: '(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B',
        iodepth: '1',
      },
    });
    expect(byMetric.get('read.bw')).toMatchObject({ unit: 'B/s', value: 14790 * 1024 });
    expect(byMetric.get('read.io')).toMatchObject({ unit: 'B', value: 2097152 * 1024 });
    expect(byMetric.get('read.runtime')).toMatchObject({ unit: 's', value: 141.787 });
    expect(byMetric.get('read.clat.mean')).toMatchObject({ unit: 'ns' });
    expect(byMetric.get('read.clat.mean')?.value).toBeCloseTo(525634.168, 6);
    expect(byMetric.get('read.clat.p99')).toMatchObject({ unit: 'ns', value: 2211000 });
    expect(byMetric.get('read.clat.p99.9')).toMatchObject({ unit: 'ns', value: 10944000 });
    expect(byMetric.get('cpu.usr')).toMatchObject({ unit: '%', value: 0.998455 });
    expect(byMetric.get('disk.util')).toMatchObject({ unit: '%', value: 89.18, labels: { device: 'vdc' } });
    // The write side of a randread job, all zeros in terse, gives nothing.
    expect(byMetric.has('write.iops')).toBe(false);
  });

  it('gives group aggregates of normal output under a group label', () => {
    const { measurements } = parseFio(NORMAL_TEXT());
    const group = measurements.filter((m) => m.metric.startsWith('group.'));
    expect(group.length).toBeGreaterThan(0);
    for (const m of group) expect(Object.keys(m.labels)).toEqual(['group']);
  });
});

describe('fio property', () => {
  it('mutated, truncated and combined fio outputs of every format give a result or a ParseError', () => {
    checkParserProperty(
      (input) => parseFio(input),
      [
        NORMAL_TEXT(),
        fixture('fio-3.33--randread.terse4-json.txt'),
        corpus('pbench__fio-3.7-client-server-json-with-preamble.txt').slice(0, 12000),
        corpus('virtualclient__fio-error-line.txt'),
      ],
      { numRuns: 120 },
    );
  });
});

/** The result with the first run's start line moved, as when text is put before it. */
function withLine(result: FioResult, line: number): FioResult {
  return { runs: result.runs.map((run, i) => (i === 0 ? { ...run, line } : run)) };
}
