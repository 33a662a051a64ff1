import fc from 'fast-check';
import { it } from 'vitest';
import { readTextBatches } from '../src/lines.ts';
import { fioParser, parseFio } from '../src/fio/index.ts';
import { mutatedSample } from './mutations.ts';
import { chunksAt, cutsIn } from './ndjson-outcome.ts';
import { truncationInputs } from './truncation.ts';

it('debug', async () => {
  const texts = truncationInputs('fio').map((input) => input.text);
  const samples = fc.sample(mutatedSample(texts).chain((s) => fc.tuple(fc.constant(s), cutsIn(s.text))), { numRuns: 60, seed: 3434 });
  const rows = (ms: any[]) => ms.map((m) => JSON.stringify([m.metric, m.value, Object.entries(m.labels).filter(([k]) => k !== 'run').sort()])).sort();
  for (const i of (process.env.IDX ?? '1').split(',').map(Number)) {
    const [sample, cuts] = samples[i]!;
    const text = sample.text;
    let a: string[] = []; let ea = ''; let wa: string[] = [];
    try { const o = parseFio(text); a = rows(o.measurements); wa = o.warnings.map((w) => w.code).sort(); } catch (e: any) { ea = `${e.code} ${e.line}:${e.column}`; }
    const format = fioParser.detect(text.slice(0, 65536))?.format ?? 'mixed';
    const outs: any[] = []; let eb = '';
    try { for await (const o of fioParser.parseTextStream!(readTextBatches(chunksAt(text, cuts)), format, 'x')) outs.push(o); } catch (e: any) { eb = `${e.code} ${e.line}:${e.column}`; }
    const b = rows(outs.flatMap((o) => o.measurements));
    const sa = new Set(a), sb = new Set(b);
    console.log(' same', JSON.stringify(a) === JSON.stringify(b), 'warn', wa, outs.flatMap((o) => o.warnings.map((w: any) => w.code)).sort());
    console.log(i, sample.sourceIndex, sample.mutations, format, 'err', ea, '|', eb, 'rows', a.length, b.length);
    console.log(' only parse', a.filter((x) => !sb.has(x)).slice(0, 4).map((x) => x.slice(0, 200)));
    console.log(' only stream', b.filter((x) => !sa.has(x)).slice(0, 4).map((x) => x.slice(0, 200)));
  }
});
