import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { validateCommand } from '../cli/content-commands.ts';
import { CONTENT_LIMITS } from '../content/content-limits.ts';
import { formatIssue, loadContent } from './load-content.ts';

// Hostile submissions (issue 34): a real experiment of content/results, copied to a temporary
// folder and broken one way per test, must be refused with the code, file, line and column of
// each problem, and `validate` must end with FILE:LINE:COL: message [CODE], never a stack trace.

const REAL = '2011-07-ext3-ext4-xfs-fio-msa70';
const REAL_DIR = fileURLToPath(new URL(`../../../../content/results/${REAL}`, import.meta.url));
// Lines 1-40 of logs/do-5bucks-ubuntu/fio_randread.log in dyu/vps-comparison (MIT) at
// ce27c160b48e8f285fe58a515b38509b4f9ccc6f: the first of the runs appended there.
const VPS_RANDREAD = fileURLToPath(
  new URL('../../fixtures/corpus/fio/vps-comparison__fio-2.2.10-randread-8jobs-group.txt', import.meta.url),
);
const VPS_SHA256 = '55a1072411d77672cb0ed19d8a88310e435cd531f7645a9af4b6a3c073df79ce';
const IOSTAT_CUT = fileURLToPath(
  new URL('../../fixtures/iostat/sysstat-12.6.1--ctrl-c-inside-report.input.txt', import.meta.url),
);

let root: string | undefined;
afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** The real experiment in a fresh results folder; returns its folder. */
function copyReal(): string {
  root = mkdtempSync(join(tmpdir(), 'benchfolio-hostile-'));
  const dir = join(root, REAL);
  cpSync(REAL_DIR, dir, { recursive: true });
  return dir;
}

const append = (path: string, text: string) => writeFileSync(path, readFileSync(path, 'utf8') + text);

/** Adds an entry (YAML lines indented as under `outputs:`) at the head of run.yaml's outputs. */
const addOutput = (yaml: string, entry: string) =>
  writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('\noutputs:\n', `\noutputs:\n${entry}`));

/** Adds top-level keys to run.yaml before its folded `notes:` (which runs to the end of the file). */
const addKeys = (yaml: string, keys: string) =>
  writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('\nnotes:', `\n${keys}notes:`));

async function errors() {
  const report = await loadContent(root as string, { displayRoot: root });
  return report.issues.filter((issue) => issue.severity !== 'warning');
}

/** The 1-based line and column of `needle` in `path`. */
function positionOf(path: string, needle: string): { line: number; column: number } {
  const lines = readFileSync(path, 'utf8').split('\n');
  const line = lines.findIndex((text) => text.includes(needle));
  return { line: line + 1, column: (lines[line] as string).indexOf(needle) + 1 };
}

describe('the real experiment', () => {
  it('validates clean as copied', async () => {
    copyReal();
    expect(await errors()).toEqual([]);
  });
});

describe('raw output names', () => {
  it.each([
    ['fio--x.html', 'FILE_TYPE'],
    ['fio--x.svg', 'FILE_TYPE'],
    ['fio--x.htm', 'FILE_TYPE'],
    ['fio--x.XML', 'FILE_TYPE'],
    ['fio--x.js', 'FILE_TYPE'],
    ['index.html', 'RESERVED_NAME'],
    ['run.yaml', 'RESERVED_NAME'],
  ])('refuses %s at its run.yaml line and column [%s]', async (name, code) => {
    const dir = copyReal();
    const run = join(dir, 'runs/ext3');
    if (name !== 'run.yaml') writeFileSync(join(run, name), readFileSync(join(run, 'fio--ext3.txt')));
    const yaml = join(run, 'run.yaml');
    addOutput(yaml, `  - file: ${name}\n    tool: fio\n`);
    const found = await errors();
    // At the name: `  - file: ` is 10 characters.
    const { line } = positionOf(yaml, `file: ${name}`);
    expect(found[0]).toMatchObject({ code, file: `${REAL}/runs/ext3/run.yaml`, line, column: 11 });
  });

  it.each(['fio--x.txt', 'fio--x.log', 'fio--x.json', 'fio--x.csv', 'fio--x.out', 'job.fio', 'fio-x'])(
    'accepts %s',
    async (name) => {
      const dir = copyReal();
      const run = join(dir, 'runs/ext3');
      writeFileSync(join(run, name), readFileSync(join(run, 'fio--ext3.txt')));
      addOutput(join(run, 'run.yaml'), `  - file: ${name}\n    tool: fio\n`);
      expect(await errors()).toEqual([]);
    },
  );
});

describe('run folder names', () => {
  it('refuses a run named like the parsed JSON of another (beta and beta.json), naming the folder', async () => {
    const dir = copyReal();
    cpSync(join(dir, 'runs/ext3'), join(dir, 'runs/ext3.json'), { recursive: true });
    expect(await errors()).toMatchObject([
      { code: 'RESERVED_NAME', file: `${REAL}/runs/ext3.json`, line: 1, column: 1 },
    ]);
  });

  it('refuses a run named like the sections JSON of another', async () => {
    const dir = copyReal();
    cpSync(join(dir, 'runs/ext3'), join(dir, 'runs/ext3.sections.json'), { recursive: true });
    expect(await errors()).toMatchObject([{ code: 'RESERVED_NAME', file: `${REAL}/runs/ext3.sections.json` }]);
  });

  it.each(['solo.json', 'solo.sections'])(
    'refuses the run folder %j with no run of the stem beside it',
    async (name) => {
      const dir = copyReal();
      cpSync(join(dir, 'runs/ext3'), join(dir, 'runs', name), { recursive: true });
      const found = await errors();
      expect(found).toMatchObject([{ code: 'RESERVED_NAME', file: `${REAL}/runs/${name}`, line: 1, column: 1 }]);
      expect(found[0]?.message).toContain('may not end in');
    },
  );

  it.each(['Ext3', '-ext3', 'ext3.', 'ext 3'])('refuses the run folder name %j', async (name) => {
    const dir = copyReal();
    cpSync(join(dir, 'runs/ext3'), join(dir, 'runs', name), { recursive: true });
    expect(await errors()).toMatchObject([{ code: 'BAD_NAME', file: `${REAL}/runs/${name}`, line: 1, column: 1 }]);
  });

  it('reports a file name that is not UTF-8, naming its folder, in a run, the runs and the results folder', async () => {
    const dir = copyReal();
    const latin1 = (folder: string) =>
      Buffer.concat([Buffer.from(`${folder}/caf`), Buffer.from([0xe9]), Buffer.from('.txt')]);
    writeFileSync(latin1(join(dir, 'runs/ext3')), 'x');
    mkdirSync(latin1(join(dir, 'runs')));
    mkdirSync(latin1(root as string));
    const found = await errors();
    expect(found.map((issue) => [issue.code, issue.file, issue.line, issue.column])).toEqual(
      expect.arrayContaining([
        ['BAD_NAME', '.', 1, 1],
        ['BAD_NAME', `${REAL}/runs`, 1, 1],
        ['BAD_NAME', `${REAL}/runs/ext3`, 1, 1],
      ]),
    );
    expect(found.find((issue) => issue.file === `${REAL}/runs/ext3`)?.message).toContain('"caf\\xe9.txt"');
  });

  it('reports a file name with a line break in it', async () => {
    const dir = copyReal();
    writeFileSync(join(dir, 'runs/ext3/fio\n--ext3.txt'), 'x');
    const found = await errors();
    expect(found).toMatchObject([{ code: 'BAD_NAME', file: `${REAL}/runs/ext3`, line: 1, column: 1 }]);
    expect(found[0]?.message).toContain('fio\\u000a--ext3.txt');
  });
});

describe('write-up links, after decoding', () => {
  it.each([
    ['[a](java&#115;cript:x)', 'javascript'],
    ['[b](&#106;avascript:x)', 'javascript'],
    ['[d](\njavascript:x)', 'javascript'],
    ['[e](javascript&colon;x)', 'javascript'],
    ['<javascript:alert(document.domain)>', 'javascript'],
    ['![i](data:text/html;base64,PHNjcmlwdD4=)', 'data'],
    ['[v](VBScript:x)', 'vbscript'],
    ['[t](<java\tscript:x>)', 'javascript'],
    ['[p](java%09script:x)', 'javascript'],
    ['[z](java%E2%80%8Bscript:x)', 'javascript'],
    ['[n](1javascript:x)', '1javascript'],
  ])('refuses %j at its line and column', async (markdown, scheme) => {
    const dir = copyReal();
    const path = join(dir, 'index.md');
    const lines = readFileSync(path, 'utf8').split('\n').length;
    append(path, `\nSee ${markdown} here.\n`);
    const found = await errors();
    expect(found).toMatchObject([{ code: 'UNSAFE_LINK', file: `${REAL}/index.md`, line: lines + 1, column: 5 }]);
    expect(found[0]?.message).toContain(`"${scheme}:"`);
  });

  it('refuses a reference definition, and a link through it', async () => {
    const dir = copyReal();
    const path = join(dir, 'index.md');
    const lines = readFileSync(path, 'utf8').split('\n').length;
    append(path, '\nSee [the results][r].\n\n[r]: javascript:x\n');
    expect(await errors()).toMatchObject([
      { code: 'UNSAFE_LINK', file: `${REAL}/index.md`, line: lines + 1, column: 5 },
      { code: 'UNSAFE_LINK', file: `${REAL}/index.md`, line: lines + 3, column: 1 },
    ]);
  });

  it('keeps http, https, mailto, relative and # links, and code that shows a script link', async () => {
    const dir = copyReal();
    append(
      join(dir, 'index.md'),
      '\n[a](https://example.org) [b](http://example.org) <mailto:a@example.org> [c](runs/ext3/) [d](#results)\n\n`[x](javascript:x)`\n',
    );
    expect(await errors()).toEqual([]);
  });

  it('refuses Markdown nested deeper than the limit, where a link would go unchecked', async () => {
    const dir = copyReal();
    const path = join(dir, 'index.md');
    const lines = readFileSync(path, 'utf8').split('\n').length;
    append(path, `\n${'>'.repeat(CONTENT_LIMITS.markdownDepth + 50)} [x](javascript:x)\n`);
    expect(await errors()).toMatchObject([
      { code: 'MARKDOWN_DEPTH', file: `${REAL}/index.md`, line: lines + 1, column: 1 },
    ]);
  });

  it('refuses raw HTML, inline and as a block', async () => {
    const dir = copyReal();
    const path = join(dir, 'index.md');
    const lines = readFileSync(path, 'utf8').split('\n').length;
    append(path, '\nSome <img src=x onerror=alert(1)> text.\n\n<svg onload=alert(1)>\n');
    expect(await errors()).toMatchObject([
      { code: 'RAW_HTML', file: `${REAL}/index.md`, line: lines + 1, column: 6 },
      { code: 'RAW_HTML', file: `${REAL}/index.md`, line: lines + 3, column: 1 },
    ]);
  });
});

describe('limits', () => {
  it.each([
    ['experiment.yaml', 'experiment.yaml', '1 MiB'],
    ['index.md', 'index.md', '1 MiB'],
    ['measurements.csv', 'measurements.csv', '10 MiB'],
    ['runs/ext3/run.yaml', 'run.yaml', '1 MiB'],
  ])('refuses a 600 MB %s (sparse) by its size, before reading it', async (file, name, limit) => {
    const dir = copyReal();
    const path = join(dir, file);
    writeFileSync(path, '', { flag: 'a' });
    truncateSync(path, 600 * 1000 * 1000);
    expect(await errors()).toMatchObject([
      {
        code: 'TOO_LARGE',
        file: `${REAL}/${file}`,
        line: 1,
        column: 1,
        message: `the file is 600 MB; the limit for ${name} is ${limit}`,
      },
    ]);
  });

  it('refuses a YAML alias bomb at its first alias of aliases', async () => {
    const dir = copyReal();
    const yaml = join(dir, 'runs/ext3/run.yaml');
    const nine = (alias: string) => `[${Array(9).fill(alias).join(', ')}]`;
    addKeys(yaml, `a: &a ${nine('"lol"')}\nb: &b ${nine('*a')}\nc: &c ${nine('*b')}\nd: ${nine('*c')}\n`);
    const found = await errors();
    // *b is the first alias of a list of aliases.
    expect(found).toMatchObject([
      { code: 'YAML_ALIASES', file: `${REAL}/runs/ext3/run.yaml`, ...positionOf(yaml, '*b') },
    ]);
    expect(found[0]?.message).toContain(`${CONTENT_LIMITS.yamlAliases} values`);
  });

  it('refuses YAML nested deeper than the limit, at the first collection too deep, and 5000 deep alike', async () => {
    const dir = copyReal();
    const yaml = join(dir, 'experiment.yaml');
    append(yaml, `deep: ${'['.repeat(5000)}${']'.repeat(5000)}\n`);
    const found = await errors();
    const { line, column } = positionOf(yaml, 'deep: ');
    expect(found).toMatchObject([
      { code: 'YAML_DEPTH', file: `${REAL}/experiment.yaml`, line, column: column + 6 + CONTENT_LIMITS.yamlDepth - 1 },
    ]);
  });

  it('refuses a FIFO as an output, and as run.yaml, without waiting on it', async () => {
    const dir = copyReal();
    execFileSync('mkfifo', [join(dir, 'runs/ext3/fifo.txt'), join(dir, 'runs/ext4/run.yaml.tmp')]);
    rmSync(join(dir, 'runs/ext4/run.yaml'));
    execFileSync('mv', [join(dir, 'runs/ext4/run.yaml.tmp'), join(dir, 'runs/ext4/run.yaml')]);
    addOutput(join(dir, 'runs/ext3/run.yaml'), '  - file: fifo.txt\n    tool: fio\n');
    const found = await errors();
    expect(found.map((issue) => [issue.code, issue.file])).toEqual(
      expect.arrayContaining([
        ['NOT_A_FILE', `${REAL}/runs/ext3/fifo.txt`],
        ['NOT_A_FILE', `${REAL}/runs/ext4/run.yaml`],
      ]),
    );
  });
});

describe('cut outputs', () => {
  const addCutIostat = (dir: string, entry = '') => {
    const run = join(dir, 'runs/ext3');
    cpSync(IOSTAT_CUT, join(run, 'iostat--cut.txt'));
    addOutput(join(run, 'run.yaml'), `  - file: iostat--cut.txt\n    tool: iostat\n${entry}`);
  };

  it("refuses iostat's output stopped by ^C inside a report, at the ^C [TRUNCATED]", async () => {
    addCutIostat(copyReal());
    const found = await errors();
    // The ^C is line 29 of the real output (sysstat 12.6.1, run here by fixtures/iostat/make-fixtures.sh).
    expect(found).toMatchObject([
      { code: 'TRUNCATED', file: `${REAL}/runs/ext3/iostat--cut.txt`, line: 29, column: 1 },
    ]);
    expect(found[0]?.message).toContain('truncated: { accepted:');
  });

  it('accepts it when run.yaml says why, keeping the TRUNCATED warning', async () => {
    const dir = copyReal();
    addCutIostat(dir, '    truncated:\n      accepted: the operator stopped iostat with ^C after the last job\n');
    const report = await loadContent(root as string, { displayRoot: root });
    expect(report.issues.filter((issue) => issue.severity !== 'warning')).toEqual([]);
    expect(report.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'TRUNCATED', severity: 'warning', line: 29 })]),
    );
  });

  it('requires a reason', async () => {
    const dir = copyReal();
    addCutIostat(dir, '    truncated: {}\n');
    const found = await errors();
    expect(found[0]).toMatchObject({ file: `${REAL}/runs/ext3/run.yaml` });
    expect(found[0]?.message).toContain('accepted');
  });
});

describe('imported outputs', () => {
  const addImported = (dir: string) => {
    const run = join(dir, 'runs/ext3');
    cpSync(VPS_RANDREAD, join(run, 'fio--vps-randread.txt'));
    const origin = `    origin:\n      path: logs/do-5bucks-ubuntu/fio_randread.log\n      lines: [1, 40]\n      sha256: ${VPS_SHA256}\n`;
    addOutput(join(run, 'run.yaml'), `  - file: fio--vps-randread.txt\n    tool: fio\n${origin}`);
    return run;
  };
  const addRepository = (dir: string) => {
    const yaml = join(dir, 'experiment.yaml');
    const repository =
      '  repository:\n    url: https://github.com/dyu/vps-comparison\n    commit: ce27c160b48e8f285fe58a515b38509b4f9ccc6f\n    license: MIT\n';
    writeFileSync(
      yaml,
      readFileSync(yaml, 'utf8').replace('\n  published: "2011-07-22"\n', `\n  published: "2011-07-22"\n${repository}`),
    );
  };

  it('accepts one whose bytes are the SHA-256 its origin records, in a repository the experiment names', async () => {
    const dir = copyReal();
    addImported(dir);
    addRepository(dir);
    expect(await errors()).toEqual([]);
  });

  it('refuses an origin the experiment gives no repository for [ORIGIN_UNRESOLVED], at the origin', async () => {
    const dir = copyReal();
    const run = addImported(dir);
    const found = await errors();
    expect(found).toMatchObject([
      { code: 'ORIGIN_UNRESOLVED', file: `${REAL}/runs/ext3/run.yaml`, ...positionOf(join(run, 'run.yaml'), 'path:') },
    ]);
  });

  it('refuses one changed after the import [ORIGIN_CHANGED], at its sha256, even by a digit', async () => {
    const dir = copyReal();
    const run = addImported(dir);
    addRepository(dir);
    const output = join(run, 'fio--vps-randread.txt');
    // "  read : io=4096.0MB, bw=611058KB/s, iops=152764, runt=  6864msec": one digit of the IOPS.
    writeFileSync(output, readFileSync(output, 'utf8').replace('iops=152764', 'iops=162764'));
    const found = await errors();
    expect(found).toMatchObject([
      { code: 'ORIGIN_CHANGED', file: `${REAL}/runs/ext3/run.yaml`, ...positionOf(join(run, 'run.yaml'), VPS_SHA256) },
    ]);
    expect(found[0]?.message).toContain('logs/do-5bucks-ubuntu/fio_randread.log');
  });
});

describe('benchfolio validate', () => {
  it('ends every line with FILE:LINE:COL: message [CODE], never a stack trace, on every hostile case at once', async () => {
    const dir = copyReal();
    truncateSync(join(dir, 'index.md'), 600 * 1000 * 1000);
    addKeys(
      join(dir, 'runs/ext3/run.yaml'),
      'x: &a [1,1,1,1,1,1,1,1,1,1]\ny: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nz: [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n',
    );
    writeFileSync(Buffer.concat([Buffer.from(join(dir, 'runs/ext4/')), Buffer.from([0xff, 0xfe])]), 'x');
    execFileSync('mkfifo', [join(dir, 'runs/xfs/pipe.log')]);
    let stdout = '';
    let stderr = '';
    const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } };
    const status = await validateCommand([root as string], io);
    expect(status).toBe(1);
    const lines = stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(line).toMatch(/^[^\n]+:\d+:\d+: (?:warning: )?.+ \[[A-Z_]+\]$/);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(lines.map((line) => /\[([A-Z_]+)\]$/.exec(line)?.[1])).toEqual(
      expect.arrayContaining(['TOO_LARGE', 'YAML_ALIASES', 'BAD_NAME', 'NOT_A_FILE']),
    );
    expect(stdout).toMatch(/0 experiments valid, \d+ errors/);
    expect(formatIssue({ file: 'f', line: 1, column: 2, message: 'm', code: 'X' })).toBe('f:1:2: m [X]');
  });
});
