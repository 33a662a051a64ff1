// bonnie++'s words, in one place: its tests as bon_csv2html heads them, what each does, which way
// each improves and the headline metrics.

import type { MetricWords } from '../descriptor.ts';

/** bonnie++'s tests as bon_csv2html heads them, by CSV name, with what each does. */
const TESTS: Readonly<Record<string, { title: string; explanation: string }>> = {
  putc: {
    title: 'Sequential output, per character',
    explanation:
      'Writes the file one byte at a time (putc() before 1.92, a one-byte write() since): mostly the cost of a call per byte.',
  },
  put_block: { title: 'Sequential output, block', explanation: 'Writes the file in blocks with write(2).' },
  rewrite: {
    title: 'Sequential output, rewrite',
    explanation: 'Reads each block of the file, changes it and writes it back in place (read, lseek, write).',
  },
  getc: {
    title: 'Sequential input, per character',
    explanation: 'Reads the file one byte at a time (getc() before 1.92, a one-byte read() since).',
  },
  get_block: { title: 'Sequential input, block', explanation: 'Reads the file in blocks with read(2).' },
  seeks: {
    title: 'Random seeks',
    explanation:
      'Several processes at once seek to random blocks and read them, writing one in ten back: seeks per second.',
  },
  seq_create: { title: 'Sequential create', explanation: 'Creates files in numeric order: files per second.' },
  seq_stat: {
    title: 'Sequential create, read (stat)',
    explanation: 'stat()s the files in the order readdir() lists them.',
  },
  seq_del: { title: 'Sequential delete', explanation: 'Deletes the files in the order readdir() lists them.' },
  ran_create: {
    title: 'Random create',
    explanation: 'Creates files in an order that looks random to the filesystem: files per second.',
  },
  ran_stat: { title: 'Random create, read (stat)', explanation: 'stat()s the files in random order.' },
  ran_del: { title: 'Random delete', explanation: 'Deletes the files in random order.' },
};

/** "Sequential output, block", "Sequential output, block: CPU", "... latency". */
function bonnieMetricTitle(metric: string): string {
  const [test = '', part] = metric.split('.');
  const title = TESTS[test]?.title ?? test;
  if (part === 'cpu') return `${title}: CPU`;
  if (part === 'latency') return `${title}: latency`;
  return title;
}

function explainBonnie(metric: string): string | undefined {
  const [test = '', part] = metric.split('.');
  const explanation = TESTS[test]?.explanation;
  if (explanation === undefined) return undefined;
  if (part === 'cpu') return `The CPU time the test used (user and system), in % of its elapsed time. ${explanation}`;
  if (part === 'latency') return `The longest any one operation of the test took. ${explanation}`;
  return part === undefined ? explanation : undefined;
}

export const bonnieWords: MetricWords = {
  title: bonnieMetricTitle,
  explain: explainBonnie,
  // Rates are better higher; CPU use and latency lower (bon_csv2html colours them that way too).
  betterIs: (metric) => (metric.includes('.') ? 'lower' : 'higher'),
  // Block I/O first: per-character I/O measures mostly the cost of a call per byte (CPU-bound),
  // so a page does not open on it. It comes along, last, because small runs often measure
  // nothing else: bonnie++ prints `+++++` for tests too fast to time. Stat and delete rates are
  // in the section's grid.
  headline: ['put_block', 'get_block', 'rewrite', 'seeks', 'seq_create', 'ran_create', 'putc', 'getc'],
};
