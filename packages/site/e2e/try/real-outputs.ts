import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

// Real outputs of the four tools, made on this machine when the tests start: tiny sizes on a
// temporary folder, a second or two each, all started together. The /try page is then given
// exactly what a reader would paste.

const run = promisify(execFile);

/** The C locale keeps iostat's dates and sysbench's numbers in one spelling; bonnie++ is in sbin. */
const TOOL_ENV = { ...process.env, LC_ALL: 'C', PATH: `${process.env.PATH ?? ''}:/usr/sbin:/sbin` };

export interface RealOutput {
  /** A file name such as a reader would give it: `<tool>--<what>.txt`. */
  name: string;
  /** The command, for failure messages. */
  command: string;
  /** Standard output, as the tool printed it. */
  text: string;
}

export interface RealOutputs {
  fioNormal: RealOutput;
  fioJson: RealOutput;
  bonnie: RealOutput;
  sysbenchCpu: RealOutput;
  sysbenchFileio: RealOutput;
  iostat: RealOutput;
  /** `iostat -x -t -k -p ALL`: every partition too, the source of the 100 MB log. */
  iostatAllDevices: RealOutput;
}

async function capture(name: string, file: string, args: string[], cwd?: string): Promise<RealOutput> {
  const command = [file, ...args].join(' ');
  const { stdout } = await run(file, args, { cwd, env: TOOL_ENV, maxBuffer: 64 * 1024 * 1024 });
  if (stdout.trim() === '') throw new Error(`${command} printed nothing`);
  return { name, command, text: stdout };
}

/** A random-write job on the folder, one second, through the page cache (direct=0). */
function fioArgs(dir: string, format: 'normal' | 'json'): string[] {
  return [
    `--name=try-randwrite-${format}`,
    `--directory=${dir}`,
    '--rw=randwrite',
    '--bs=4k',
    '--size=16m',
    '--direct=0',
    '--ioengine=psync',
    '--runtime=1',
    '--time_based',
    `--output-format=${format}`,
  ];
}

/** sysbench fileio makes its files in the working folder: prepare, one second of random writes, cleanup. */
async function sysbenchFileio(dir: string): Promise<RealOutput> {
  const files = ['--file-total-size=8M', '--file-num=2'];
  await run('sysbench', ['fileio', ...files, 'prepare'], { cwd: dir, env: TOOL_ENV });
  const output = await capture(
    'sysbench--fileio-rndwr.txt',
    'sysbench',
    ['fileio', ...files, '--file-test-mode=rndwr', '--time=1', 'run'],
    dir,
  );
  await run('sysbench', ['fileio', ...files, 'cleanup'], { cwd: dir, env: TOOL_ENV });
  return output;
}

/** Runs every tool once, in parallel, in a fresh folder under `parentDir`; about 7 seconds. */
export async function makeRealOutputs(parentDir: string): Promise<RealOutputs> {
  const workDir = await mkdtemp(join(parentDir, 'tools-'));
  const dirs = ['fio-normal', 'fio-json', 'bonnie', 'sysbench'].map((name) => join(workDir, name));
  await Promise.all(dirs.map((dir) => mkdir(dir)));
  const [fioNormalDir, fioJsonDir, bonnieDir, sysbenchDir] = dirs as [string, string, string, string];
  try {
    const [fioNormal, fioJson, bonnie, sysbenchCpu, sysbenchFileioOutput, iostat, iostatAllDevices] = await Promise.all(
      [
        capture('fio--randwrite.txt', 'fio', fioArgs(fioNormalDir, 'normal')),
        capture('fio--randwrite.json', 'fio', fioArgs(fioJsonDir, 'json')),
        // -r makes bonnie++ accept a file below twice the RAM; -u root as the runner does when root.
        capture('bonnie--tiny.txt', 'bonnie++', [
          '-d',
          bonnieDir,
          '-s',
          '16m',
          '-r',
          '8m',
          '-n',
          '1',
          '-m',
          'try-e2e',
          ...(process.getuid?.() === 0 ? ['-u', 'root'] : []),
        ]),
        capture('sysbench--cpu.txt', 'sysbench', ['cpu', '--time=1', 'run']),
        sysbenchFileio(sysbenchDir),
        capture('iostat--x-t-k.txt', 'iostat', ['-x', '-t', '-k', '1', '3']),
        capture('iostat--x-t-k-p-all.txt', 'iostat', ['-x', '-t', '-k', '-p', 'ALL', '1', '3']),
      ],
    );
    return {
      fioNormal,
      fioJson,
      bonnie,
      sysbenchCpu,
      sysbenchFileio: sysbenchFileioOutput,
      iostat,
      iostatAllDevices,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
