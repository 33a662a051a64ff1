import type { BenchCase } from '../cases.ts';

// Decimal megabytes, as the bench counts them (cases.ts imports this file, so no value from it here).
const MB = 1_000_000;

/**
 * The fio bench cases (see BenchCase in ../cases.ts), each on real outputs:
 * - json+: a real fio 3.33 json+ document (randrw, two jobs, clat bins), 100 MB of them, against
 *   a bare JSON.parse of the same documents (issue 3: within 3 times of it, validation included);
 * - json: the JSON outputs of the corpus, fio 2.1.4 to 3.26;
 * - terse: the terse lines of the corpus (v2 HOWTO example, a fio-3.1 v3 run with its preamble);
 * - normal: the normal-text outputs of the corpus, to the typed result (`fio-normal-result`,
 *   what the parser itself costs) and with the measurements built (`fio-normal`), fio 2.2.10 to 3.28 (issue 3: at least half of
 *   the read-split-regex baseline).
 */
/**
 * `--status-interval=1` series of fio 3.33 made here (fixtures/fio, issue 39), in normal text
 * and in JSON, again and again with varied numbers (each copy a run of its own: varied counters
 * no longer grow from report to report), through `benchfolio parse --ndjson`, which streams them
 * a report at a time (fio/stream.ts). 50 MB: where the whole parse held 2.8 GiB before issue 39.
 */
const STATUS_BYTES = 50 * MB;
// Layout, not data: the fio version, the percentile list and the bucket keys (as fio-normal's).
const NORMAL_LAYOUT_DIGITS = /fio[- ]\d[\w.+-]*|\d+\.\d+th=|\d+=(?=[\d.]+%)/g;

const STATUS_CASES: readonly BenchCase[] = [
  {
    name: 'fio-status-normal-cli-ndjson',
    tool: 'fio',
    corpusFiles: ['fixtures/fio/fio-3.33--status-interval-1s.normal.txt'],
    targetBytes: STATUS_BYTES,
    baseline: 'split-regex',
    mode: 'cli-ndjson',
    keepDigits: NORMAL_LAYOUT_DIGITS,
  },
  {
    name: 'fio-status-json-cli-ndjson',
    tool: 'fio',
    corpusFiles: ['fixtures/fio/fio-3.33--status-interval-1s.json.txt'],
    targetBytes: STATUS_BYTES,
    baseline: 'split-regex',
    mode: 'cli-ndjson',
    // The JSON keys of the percentiles and bins (`"99.900000"`) and the version are layout.
    keepDigits: /"[\d.]+" :|"fio-[\d.]+"/g,
  },
];

export const FIO_BENCH_CASES: readonly BenchCase[] = [
  ...STATUS_CASES,
  {
    name: 'fio-jsonplus',
    tool: 'fio',
    corpusFiles: ['fixtures/fio/fio-3.33--randrw-2jobs-direct.jsonplus.json'],
    targetBytes: 100 * MB,
    baseline: 'json-parse',
    mode: 'parse',
  },
  {
    name: 'fio-json',
    tool: 'fio',
    corpusFiles: [
      'fio/pkb__fio-2.1.4-json-5jobs.json',
      'fio/pkb__fio-2.17-json-randread-hist.json',
      'fio/gvisor__fio-3.1-json-seqwrite-dup-pct-keys.json',
      'fio/kubestr__fio-3.20-json-2jobs-gtod-reduce.json',
      'fio/virtualclient__fio-3.26-json-randrw-4k.json',
    ],
    targetBytes: 64 * MB,
    baseline: 'json-parse',
    mode: 'parse',
  },
  {
    name: 'fio-terse',
    tool: 'fio',
    corpusFiles: [
      'fio/fio__howto-terse-v2-example.txt',
      'fio/unidentified-cn-notes__fio-3.1-terse-v3-randread-2jobs.txt',
    ],
    targetBytes: 64 * MB,
    baseline: 'split-regex',
    mode: 'parse',
    // Layout, not data: the terse and fio versions (each line, the preamble), and the percentile
    // list (`99.900000%=`), which fio prints the same on every line of a run (percentile_list).
    keepDigits: /^\d+;(?:fio-[^;]*;)?|^fio[- ]\d[\w.+-]*|\d+(?:\.\d+)?%=/gm,
  },
  {
    name: 'fio-normal',
    tool: 'fio',
    corpusFiles: [
      'fio/shaojwa-tools__fio-2.2.10-randread-4k-qd1-normal.txt',
      'fio/shaojwa-tools__fio-2.2.10-hdd-randread-decimal-bw.txt',
      'fio/shaojwa-tools__fio-2.2.10-nvme-randread-10jobs.txt',
      'fio/vps-comparison__fio-2.2.10-randread-8jobs-group.txt',
      'fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt',
      'fio/k8s-homelab__fio-3.25-fdatasync-write-nsec.txt',
      'fio/k8s-homelab__fio-3.28-fdatasync-write.txt',
      'fio/unidentified-cn-notes__fio-3.1-normal-randread-2jobs-same-run.txt',
    ],
    targetBytes: 64 * MB,
    baseline: 'split-regex',
    mode: 'parse',
    // Layout, not data: the fio version (`fio-2.2.10`, which tells the unit generation), the
    // percentile list (`99.90th=`, the same for every job of a run) and the bucket keys of the
    // latency and IO depth lines (`250=`, `>=64=`), which are fixed by fio's stat.c.
    keepDigits: /fio[- ]\d[\w.+-]*|\d+\.\d+th=|\d+=(?=[\d.]+%)/g,
  },
  {
    name: 'fio-normal-result',
    tool: 'fio',
    corpusFiles: [
      'fio/shaojwa-tools__fio-2.2.10-randread-4k-qd1-normal.txt',
      'fio/shaojwa-tools__fio-2.2.10-hdd-randread-decimal-bw.txt',
      'fio/shaojwa-tools__fio-2.2.10-nvme-randread-10jobs.txt',
      'fio/vps-comparison__fio-2.2.10-randread-8jobs-group.txt',
      'fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt',
      'fio/k8s-homelab__fio-3.25-fdatasync-write-nsec.txt',
      'fio/k8s-homelab__fio-3.28-fdatasync-write.txt',
      'fio/unidentified-cn-notes__fio-3.1-normal-randread-2jobs-same-run.txt',
    ],
    targetBytes: 64 * MB,
    baseline: 'split-regex',
    mode: 'parse-result',
    // Layout, not data: the fio version (`fio-2.2.10`, which tells the unit generation), the
    // percentile list (`99.90th=`, the same for every job of a run) and the bucket keys of the
    // latency and IO depth lines (`250=`, `>=64=`), which are fixed by fio's stat.c.
    keepDigits: /fio[- ]\d[\w.+-]*|\d+\.\d+th=|\d+=(?=[\d.]+%)/g,
  },
];
