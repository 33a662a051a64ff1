import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run.ts';
import { readTextBatches } from '../../lines.ts';
import type { FioSampleLog } from './schema.ts';
import { fioLogTool } from './tool.ts';

// The fio version of a log, which the log does not print, given from outside: the CLI's
// --tool-version (whole and --ndjson), and the tool's streaming parse and --ndjson writer. A log of
// fio 3.33 made here (fixtures/fio-log) read as fio 2.21's: its values become usec, 1000 times
// the ns they are read as by default, and the LATENCY_UNIT_ASSUMED warning goes.

const NAME = 'fio-3.33--win500_clat.1.log';
const PATH = fileURLToPath(new URL(`../../../fixtures/fio-log/${NAME}`, import.meta.url));
/** "500, 21734, 0, 0, 0": the log's first value, as fio printed it. */
const FIRST_VALUE = Number(readFileSync(PATH, 'utf8').split('\n')[0]?.split(',')[1]);

async function cli(...argv: string[]): Promise<{ status: number; stdout: string }> {
  let stdout = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => {} } };
  return { status: await runCli(argv, io), stdout };
}

/** The first value and the warning codes of a parse, whole or streamed. */
interface Reading {
  firstValue: number | undefined;
  codes: string[];
}

function readingOf(pieces: Array<{ result: FioSampleLog; warnings: Array<{ code: string }> }>): Reading {
  return {
    firstValue: pieces.find((piece) => piece.result.rows.values.length > 0)?.result.rows.values[0],
    codes: pieces.flatMap((piece) => piece.warnings.map((warning) => warning.code)),
  };
}

describe('the fio version of a log given from outside', () => {
  it('benchfolio parse --tool-version reads fio 2.x latencies as usec; without it, ns and a warning', async () => {
    const as3 = await cli('parse', PATH);
    const as2 = await cli('parse', '--tool-version', 'fio-2.21', PATH);
    expect([as3.status, as2.status]).toEqual([0, 0]);
    expect(readingOf([JSON.parse(as3.stdout)])).toEqual({ firstValue: FIRST_VALUE, codes: ['LATENCY_UNIT_ASSUMED'] });
    expect(readingOf([JSON.parse(as2.stdout)])).toEqual({ firstValue: FIRST_VALUE * 1000, codes: [] });
  });

  it('--ndjson, written from the reader or as typed pieces, reads it the same way', async () => {
    const lines = (stdout: string) =>
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
    const as2 = await cli('parse', '--ndjson', '--tool-version', 'fio-2.21', PATH);
    expect(readingOf(lines(as2.stdout))).toEqual({ firstValue: FIRST_VALUE * 1000, codes: [] });
    const as3 = await cli('parse', '--ndjson', PATH);
    expect(readingOf(lines(as3.stdout))).toEqual({ firstValue: FIRST_VALUE, codes: ['LATENCY_UNIT_ASSUMED'] });
  });

  it('the streaming parse and the --ndjson writer take it, as a log longer than detection reads goes to them', async () => {
    // A log shorter than detection's head is parsed whole by the registry; these are the paths
    // of a longer one, fed here in chunks of 100 characters.
    const text = readFileSync(PATH, 'utf8');
    async function* chunks(): AsyncGenerator<string> {
      for (let at = 0; at < text.length; at += 100) yield text.slice(at, at + 100);
    }
    const stream = fioLogTool.parser.parseTextStream;
    const ndjson = fioLogTool.parser.ndjsonStream;
    if (stream === undefined || ndjson === undefined) throw new Error('fio-log streams');
    const streamed = async (toolVersion?: string) => {
      const found = [];
      for await (const piece of stream(readTextBatches(chunks()), 'log', NAME, toolVersion)) found.push(piece);
      return readingOf(found as never);
    };
    const written = async (toolVersion?: string) => {
      let bytes = '';
      for await (const part of ndjson(readTextBatches(chunks()), 'log', NAME, toolVersion) ?? []) {
        bytes += new TextDecoder().decode(part);
      }
      return readingOf(
        bytes
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      );
    };
    for (const read of [streamed, written]) {
      expect(await read()).toEqual({ firstValue: FIRST_VALUE, codes: ['LATENCY_UNIT_ASSUMED'] });
      expect(await read('fio-2.21')).toEqual({ firstValue: FIRST_VALUE * 1000, codes: [] });
    }
  });
});
