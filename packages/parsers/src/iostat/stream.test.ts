import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusFiles, readCorpusFile } from '../../test/corpus.ts';
import { mutatedOutput } from '../../test/mutations.ts';
import { TextSplitter } from '../lines.ts';
import { createRegistry } from '../registry.ts';
import { type IostatReport, iostatParser, parseIostat, parseIostatStream } from './index.ts';
import { _IostatLineError, IostatMachine } from './machine.ts';
import { DeviceNames } from './scan.ts';
import { piece } from './stream.ts';

function corpus(name: string): string {
  return readCorpusFile(corpusDir(), `iostat/${name}`).text;
}

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('parseIostatStream', () => {
  const text = corpus('pbench__sysstat10-fc20-iostat-xmtN-ampm.txt');
  const whole = parseIostat(text).result;

  it.each([1, 7, 100, 4096, 1 << 20])(
    'yields the reports parseIostat finds, in chunks of %i characters',
    async (size) => {
      const stream = parseIostatStream(chunksOf(text, size));
      expect(await collect(stream)).toEqual(whole.reports);
      expect(stream.host).toEqual(whole.host);
      expect(stream.isTruncated).toBe(false);
    },
  );

  it('reads a web ReadableStream with CRLF line ends cut between chunks', async () => {
    const crlf = text.replaceAll('\n', '\r\n');
    const pieces: string[] = [];
    for (let i = 0; i < crlf.length; i += 333) pieces.push(crlf.slice(i, i + 333));
    const readable = new ReadableStream<string>({
      async start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    expect(await collect(parseIostatStream(readable))).toEqual(whole.reports);
  });

  it('keeps the complete reports of a log cut inside a row and says it is truncated', async () => {
    const cut = text.slice(0, text.lastIndexOf('fedora-swap') + 20);
    const stream = parseIostatStream(chunksOf(cut, 64));
    const reports = await collect(stream);
    expect(reports).toHaveLength(20);
    expect(stream.isTruncated).toBe(true);
    expect(stream.warnings.map((w) => w.code)).toEqual(['TRUNCATED']);
  });

  it('reads JSON too', async () => {
    const json = corpus('pkb__iostat-json-pretty.json');
    expect(await collect(parseIostatStream(chunksOf(json, 500)))).toEqual(parseIostat(json).result.reports);
  });

  it('throws a ParseError at the line of a damaged row', async () => {
    const lines = text.split('\n');
    lines[8] = 'sda 1.00 2.00';
    await expect(collect(parseIostatStream(chunksOf(lines.join('\n'), 50)))).rejects.toMatchObject({
      code: 'COLUMN_COUNT',
      line: 9,
      snippet: expect.stringContaining('sda 1.00 2.00'),
    });
  });
});

describe('the registry streams iostat one report at a time', () => {
  const registry = createRegistry([iostatParser]);
  // Longer than the 64K head the registry reads for detection, so that it streams.
  const text = corpus('pbench__sysstat10-rhel71-iostat-xmt.txt').repeat(4);

  it('yields one output per report whose measurements add up to those of parse', async () => {
    expect(text.length).toBeGreaterThan(64 * 1024);
    const outputs = await collect(registry.parseStream(chunksOf(text, 1000)));
    expect(outputs).toHaveLength(84);
    expect(outputs.every((output) => (output.result as { reports: unknown[] }).reports.length === 1)).toBe(true);
    expect(outputs.flatMap((output) => output.measurements)).toEqual(parseIostat(text).measurements);
  });

  it('JSON.stringify of an output includes its measurements (made on first read)', async () => {
    const [first] = await collect(registry.parseStream(chunksOf(text, 1000)));
    const line = JSON.parse(JSON.stringify(first)) as { measurements: unknown[]; tool: string };
    expect(line.tool).toBe('iostat');
    expect(line.measurements.length).toBeGreaterThan(0);
  });

  it('ends a cut log with an output that says it is truncated', async () => {
    const cut = text.slice(0, text.lastIndexOf('avg-cpu') + 12);
    const outputs = await collect(registry.parseStream(chunksOf(cut, 1000)));
    const last = outputs.at(-1);
    expect(last?.result).toMatchObject({ reports: [], isTruncated: true });
    expect(last?.warnings.map((w) => w.code)).toEqual(['TRUNCATED']);
  });
});

describe('the --ndjson text of a streamed output: the typed piece, or with --tidy its measurements', () => {
  const registry = createRegistry([iostatParser]);
  const hook = iostatParser.ndjson as NonNullable<typeof iostatParser.ndjson>;
  // The typed piece comes as bytes that the next call overwrites: decoded at once.
  const decoder = new TextDecoder();
  const ndjson = (...args: Parameters<typeof hook>): string => {
    const text = hook(...args);
    return typeof text === 'string' ? text : decoder.decode(text);
  };

  it.each(corpusFiles('iostat').map((file) => [file.name, file.text]))(
    'is what JSON.stringify writes, for %s',
    async (_name, text) => {
      // Text logs three times over, to stream past the 64K head; a JSON document once.
      const input = text.trimStart().startsWith('{') ? text : text.repeat(3);
      const outputs = await collect(registry.parseStream(chunksOf(input, 4096), { tool: 'iostat' }));
      for (const output of outputs) {
        // First with the measurements not yet read (written from the report), then read.
        const unread = ndjson(output, 'a "log".txt', false);
        const unreadTidy = ndjson(output, 'x', true);
        const { tool, format, toolVersion, result, warnings } = output;
        const expected = `${JSON.stringify({ file: 'a "log".txt', tool, format, toolVersion, result, warnings })}\n`;
        expect(unread).toBe(expected);
        expect(ndjson(output, 'a "log".txt', false)).toBe(expected);
        const expectedTidy = output.measurements.map((m) => `${JSON.stringify(m)}\n`).join('');
        expect(unreadTidy).toBe(expectedTidy);
        expect(ndjson(output, 'x', true)).toBe(expectedTidy);
      }
    },
  );

  it('writes null values of a device missing from one table of a --pretty report', () => {
    const whole = parseIostat(corpus('sysstat__v12.7-iostat-x-pretty.txt'));
    const report = whole.result.reports[0] as IostatReport;
    const device = report.devices[0] as IostatReport['devices'][number];
    const holed: IostatReport = {
      ...report,
      devices: [{ ...device, values: device.values.map((v, i) => (i === 1 ? null : v)) }],
    };
    const output = piece(whole.result.host, holed, false, [], 'text');
    const { tool, format, toolVersion, result, warnings } = output;
    expect(ndjson(output, 'f', false)).toBe(
      `${JSON.stringify({ file: 'f', tool, format, toolVersion, result, warnings })}\n`,
    );
  });
});

describe('rows read from the bytes of a chunk', () => {
  const text = corpus('pbench__sysstat10-rhel71-iostat-xmt.txt');

  it('give the values the careful reading gives, and a chunk that is not ASCII is read as text', async () => {
    const whole = parseIostat(text).result.reports;
    expect(await collect(parseIostatStream(chunksOf(text, 4096)))).toEqual(whole);
    // A non-ASCII name before some rows: those chunks are read line by line, the rest from bytes.
    const renamed = text.replace(/^sda /m, 'sdé ');
    expect(renamed).not.toBe(text);
    expect(await collect(parseIostatStream(chunksOf(renamed, 4096)))).toEqual(parseIostat(renamed).result.reports);
  });
});

describe('the stream on mutated logs', () => {
  const texts = corpusFiles('iostat')
    .filter((file) => file.name.endsWith('.txt'))
    .map((file) => file.text);

  /** The machine fed line strings alone: what the stream must give when it reads the bytes. */
  function byStrings(text: string): IostatReport[] | { code: string; line: number; column: number } {
    const splitter = new TextSplitter();
    const batches = [...splitter.push(text), splitter.end()];
    const lines = batches.flatMap((batch) => (batch === undefined ? [] : batch.text.split('\n')));
    const machine = new IostatMachine();
    const reports: IostatReport[] = [];
    try {
      for (const line of lines) {
        const report = machine.push(line);
        if (report !== undefined) reports.push(report);
      }
    } catch (error) {
      if (!(error instanceof _IostatLineError)) throw error;
      return { code: error.code, line: error.line, column: error.column + 1 };
    }
    const last = machine.finish();
    if (last !== undefined) reports.push(last);
    // No report and no banner: not an iostat output (parse says so too).
    if (reports.length === 0 && machine.host === null) return { code: 'MISSING_SECTION', line: 1, column: 1 };
    return reports;
  }

  it('reads repeated headers, avg-cpu values and blank lines from their bytes as from their strings, around ^C and damaged lines', async () => {
    // Headers, avg-cpu values and blank lines are read from their bytes when they repeat the
    // last ones (IostatMachine.pushRepeatedBytes): each case puts one where that matters.
    const log = readFileSync(
      new URL('../../fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt', import.meta.url),
      'utf8',
    );
    const [banner = '', ...reports] = log.split(/\n(?=\d\d\/\d\d\/\d\d )/);
    const cases = [
      // ^C, then reports again with no banner: lines up to the next banner are not iostat's.
      [banner, reports[0], '^C', ...reports.slice(1), banner, ...reports.slice(0, 2)],
      // A damaged line before a repeated avg-cpu header, and before a repeated Device header.
      [banner, reports[0], 'garbage', ...reports.slice(1)],
      [banner, reports[0], reports[1]?.replace('\n\nDevice', '\ngarbage\n\nDevice')],
      // An avg-cpu header, and a Device header, right after a table's rows; an avg-cpu header
      // and values twice.
      [banner, reports[0]?.replace(/\n\n+$/, ''), reports[1]?.replace(/^[^\n]*\n/, '')],
      [banner, reports[0]?.replace(/\n\n+$/, ''), reports[1]?.replace(/^[\s\S]*?\n(?=Device)/, '')],
      [banner, reports[0], reports[1]?.replace(/(avg-cpu[^\n]*\n[^\n]*\n)/, '$1$1')],
      // avg-cpu values of another shape right after the header.
      [banner, reports[0], reports[1]?.replace(/(avg-cpu[^\n]*\n)[^\n]*\n/, '$1   1.00   2.00\n')],
    ];
    const texts = cases.map((parts) => parts.join('\n'));
    expect(new Set([log, ...texts]).size).toBe(texts.length + 1);
    for (const text of texts) {
      expect(text).not.toContain('undefined');
      const expected = byStrings(text);
      const streamed = collect(parseIostatStream(chunksOf(text, 4096), { format: 'text' }));
      if (Array.isArray(expected)) expect(await streamed).toEqual(expected);
      else await expect(streamed).rejects.toMatchObject(expected);
    }
  });

  it('gives what the machine gives from the line strings', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedOutput(texts), fc.constantFrom(64, 4096), async (text, size) => {
        const expected = byStrings(text);
        const streamed = collect(parseIostatStream(chunksOf(text, size), { format: 'text' }));
        if (Array.isArray(expected)) expect(await streamed).toEqual(expected);
        else await expect(streamed).rejects.toMatchObject(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe('DeviceNames', () => {
  it('gives each name back as read, also when names share a slot', () => {
    const names = new DeviceNames();
    const encoder = new TextEncoder();
    const all = Array.from({ length: 3000 }, (_, k) =>
      k % 3 === 0 ? `sd${k}` : k % 3 === 1 ? `dm-${k}` : `loop${k % 50}`,
    );
    for (const round of [1, 2]) {
      for (const name of all) {
        const bytes = encoder.encode(` ${name}  `);
        expect(names.at(bytes, 1, 1 + name.length), `round ${round}`).toBe(name);
      }
    }
  });
});
