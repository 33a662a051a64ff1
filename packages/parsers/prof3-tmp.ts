import { createReadStream, writeFileSync, readFileSync } from 'node:fs';
import { parseStream } from './src/index.ts';
const base = readFileSync('fixtures/fio-log/fio-3.33--perio-offset-prio_clat.1.log', 'utf8');
let text = '';
while (text.length < 100e6) text += base;
writeFileSync('/tmp/fiologs-100.log', text);
for (let k = 0; k < 3; k++) {
  let t = performance.now();
  let n = 0;
  for await (const piece of parseStream(createReadStream('/tmp/fiologs-100.log', { encoding: 'utf8', highWaterMark: 1 << 20 }) as AsyncIterable<string>, { tool: 'fio-log', format: 'clat-log' })) n++;
  const a = performance.now() - t;
  t = performance.now();
  let m = 0, pending = '';
  for await (const chunk of createReadStream('/tmp/fiologs-100.log', { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const lines = (pending + chunk).split('\n'); pending = lines.pop() ?? '';
    for (const line of lines) if (/^\s*[A-Za-z]/.test(line)) m++;
  }
  const b = performance.now() - t;
  console.log('stream', a.toFixed(0), 'baseline', b.toFixed(0), 'ratio', (b / a).toFixed(2), n, (process.memoryUsage().rss / 1e6).toFixed(0));
}
