import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.ts';
import type { TryOutputFailed } from './try-view.ts';

// What /try makes of absurd inputs built from real outputs (the parsers' fixtures, made here):
// a fio 3.33 json+ output whose first job name is 10 MB of "a", and a dd report (coreutils 9.1)
// written 333,333 times over, a 31 MB log. Both showed "Maximum call stack size exceeded"; each
// is now the parsers' error at its line and column, shown as any other.
const fixture = (path: string) => readFileSync(new URL(`../../../parsers/fixtures/${path}`, import.meta.url), 'utf8');
const FIO_JSON = fixture('fio/fio-3.33--randrw-2jobs-direct.jsonplus.json');
const DD_REPORT = fixture('dd/dd-9.1--direct.input.txt');

describe('/try on inputs over the parsers’ limits', () => {
  it('shows LINE_TOO_LONG at the job name’s line for a 10 MB fio job name', async () => {
    const text = FIO_JSON.replace('"jobname" : "randrw"', `"jobname" : "${'a'.repeat(10_000_000)}"`);
    const line = FIO_JSON.slice(0, FIO_JSON.indexOf('"jobname"')).split('\n').length;
    const view = await analyze([{ name: 'fio.json', text }]);
    const output = view.outputs[0] as TryOutputFailed;
    expect(output).toMatchObject({ ok: false, error: { code: 'LINE_TOO_LONG', line, column: 65_537 } });
    // The excerpt shows the long line cut, not 10 MB of it.
    const shown = output.error.excerpt.lines[line - output.error.excerpt.firstLine] ?? '';
    expect(shown.length).toBeLessThan(2100);
    expect(shown.startsWith('      "jobname" : "aaaa')).toBe(true);
  });

  it('shows TOO_LARGE for a 31 MB dd log', async () => {
    const text = DD_REPORT.repeat(333_333);
    const view = await analyze([{ name: 'dd.log', text }]);
    expect(view.outputs[0]).toMatchObject({ ok: false, error: { code: 'TOO_LARGE', tool: 'dd' } });
    expect(view.sections).toEqual([]);
  });
});
