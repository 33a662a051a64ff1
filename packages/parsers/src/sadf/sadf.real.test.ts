import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detect } from '../index.ts';
import { parseSadf, type SadfHostData } from './index.ts';

/**
 * Runs the real sysstat (Debian's 12.6 here): sadc writes a data file of a few one-second
 * samples while dd writes to the disk, then sadf -j, sadf -d and sar read it back. The JSON's
 * numbers must be those sar and sadf -d print for the same file, within their two decimals. The
 * expected numbers are read from the raw texts with patterns of this test.
 */
const SADC = '/usr/lib/sysstat/sadc';
const hasSysstat = existsSync(SADC) && spawnSync('sadf', ['-V']).status === 0;
if (!hasSysstat && process.env.CI) throw new Error('sysstat is not installed, and CI must run these tests');

const ENV = { ...process.env, LC_ALL: 'C', TZ: 'UTC' };
const run = (file: string, args: readonly string[]) => execFileSync(file, args, { env: ENV, encoding: 'utf8' });

describe.skipIf(!hasSysstat)('the real sysstat sadc and sadf', () => {
  let dir: string;
  let data: string;
  let json: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'benchfolio-sadf-'));
    data = join(dir, 'sa');
    run(SADC, ['-S', 'XDISK', data]);
    // dd writes while sadc samples: spawned in the background of one shell, waited for.
    run('sh', [
      '-c',
      `dd if=/dev/zero of="$1/load" bs=1M count=64 conv=fdatasync status=none & "$2" -S XDISK 1 3 "$3"; wait`,
      'sh',
      dir,
      SADC,
      data,
    ]);
    json = run('sadf', ['-j', data, '--', '-d', '-p', '-u', '-b']);
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const hostOf = (): SadfHostData => parseSadf(json).result.hosts[0] as SadfHostData;

  it('is detected as sadf, and reads one sample per record with its restart', () => {
    expect(detect(json)).toMatchObject({ tool: 'sadf', format: 'json' });
    const data = hostOf();
    expect(data.samples).toHaveLength([...json.matchAll(/"timestamp": /g)].length);
    expect(data.samples.length).toBeGreaterThan(0);
    expect(data.restarts).toHaveLength(1);
    expect(data.samples.every((sample) => sample.timestamp?.isUtc === true)).toBe(true);
  });

  it('agrees with the device table sar -d prints for the same data file', () => {
    // `08:33:05   tps  rkB/s  wkB/s  dkB/s  areq-sz  aqu-sz  await  %util DEV`, in sample order.
    const rows = [...run('sar', ['-d', '-p', '-f', data]).matchAll(/^(\d\d:\d\d:\d\d)((?: +[\d.]+){8}) +(\S+)$/gm)].map(
      (match) => ({ time: match[1], values: (match[2] as string).trim().split(/ +/).map(Number), device: match[3] }),
    );
    const disks = hostOf().samples.flatMap((sample) => sample.disks.map((disk) => ({ sample, disk })));
    expect(rows.length).toBe(disks.length);
    rows.forEach((row, index) => {
      const { sample, disk } = disks[index] as (typeof disks)[number];
      const [tps, rkB, wkB, dkB, areq, aqu, wait, util] = row.values as number[];
      expect(sample.timestamp?.time).toBe(row.time);
      expect(disk.device).toBe(row.device);
      expect(disk.tps).toBe(tps);
      // Sectors/s in the JSON, kB/s in sar: two decimals of each.
      expect(Math.abs((disk.readBytesPerSec ?? Number.NaN) - (rkB as number) * 1024)).toBeLessThanOrEqual(10.25);
      expect(Math.abs((disk.writeBytesPerSec ?? Number.NaN) - (wkB as number) * 1024)).toBeLessThanOrEqual(10.25);
      expect(Math.abs((disk.discardBytesPerSec ?? Number.NaN) - (dkB as number) * 1024)).toBeLessThanOrEqual(10.25);
      expect(Math.abs((disk.requestSizeBytes ?? Number.NaN) - (areq as number) * 1024)).toBeLessThanOrEqual(10.25);
      expect(disk.queueLength).toBe(aqu);
      expect(disk.awaitNs).toBeCloseTo((wait as number) * 1e6, 3);
      expect(disk.utilPercent).toBe(util);
    });
  });

  it('agrees with the CPU rows sadf -d prints for the same data file', () => {
    const rows = [...run('sadf', ['-d', data, '--', '-u']).matchAll(/^[^#;\n]+;\d+;(\S+ \S+) UTC;-1;(.*)$/gm)];
    const samples = hostOf().samples;
    expect(rows.length).toBe(samples.length);
    rows.forEach((row, index) => {
      const [user, nice, system, iowait, steal, idle] = (row[2] as string).split(';').map(Number);
      expect(samples[index]?.timestamp?.iso).toBe(`${(row[1] as string).replace(' ', 'T')}Z`);
      expect(samples[index]?.cpus[0]).toMatchObject({
        cpu: 'all',
        userPercent: user,
        nicePercent: nice,
        systemPercent: system,
        iowaitPercent: iowait,
        stealPercent: steal,
        idlePercent: idle,
      });
    });
  });

  it("does not take mpstat's -o JSON, which begins the same way, for sadf's", () => {
    const mpstat = run('mpstat', ['-o', 'JSON', '1', '1']);
    expect(mpstat).toMatch(/^\{"sysstat": \{/);
    expect(detect(mpstat)?.tool).not.toBe('sadf');
  });
});
