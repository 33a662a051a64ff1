import { describe, expect, test } from 'vitest';
import { diskSizeText, memoryText, systemTexts } from './system-text.ts';
import { fieldLabel } from './systems-table.ts';
import { realExperiment } from './test-content.ts';

async function realSystem(experiment: string, run: string) {
  const found = (await realExperiment(experiment)).runs.find((candidate) => candidate.id === run);
  if (found === undefined) throw new Error(`no run ${run} in ${experiment}`);
  return found.run.system;
}

describe('systemTexts: run.yaml system fields as a reader reads them', () => {
  test('the loopback run: its virtio disk in words, its memory in GiB with the byte count', async () => {
    const texts = systemTexts(await realSystem('2026-11-ext4-xfs-btrfs-loopback', 'xfs'));
    // run.yaml: model 'no model reported (virtio_blk)', count 1, size_bytes 274877906944 (256 GiB),
    // rotational true, interface virtio, device vda, scheduler mq-deadline, and a note.
    expect(texts.get('disks')).toBe(
      '1 × no model reported (virtio_blk), 274.9 GB (256 GiB), virtio, rotational, device vda, ' +
        'scheduler mq-deadline (queue/nr_requests 256; driver virtio_blk; vendor 0x1af4)',
    );
    // run.yaml: memory.bytes 25276063744.
    expect(texts.get('memory.bytes')).toBe('23.5 GiB (25,276,063,744 bytes)');
    // Other fields as flattenSystem gives them.
    expect(texts.get('filesystem.type')).toBe('xfs');
  });

  test('a disk from a blog post: model, count, interface, RPM and note, no size stated', async () => {
    const texts = systemTexts(
      await realSystem('2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es', 'hitachi-7k3000'),
    );
    expect(texts.get('disks')).toBe(
      '1 × Hitachi 7K3000, SATA 6Gb/s, rotational, 7,200 RPM (3.5-inch, 2 TB, 7200 rpm, 64 MB of cache, connected to the motherboard.)',
    );
    expect(texts.has('memory.bytes')).toBe(false);
  });

  test('sizes: decimal as sold, binary as the kernel counts', () => {
    expect(diskSizeText(2_000_398_934_016)).toBe('2 TB (1.8 TiB)');
    expect(diskSizeText(500_107_862_016)).toBe('500.1 GB (465.8 GiB)');
    expect(memoryText(8 * 2 ** 30)).toBe('8 GiB (8,589,934,592 bytes)');
    // A few bytes apart: the texts differ, so a systems table still marks the difference.
    expect(memoryText(25_276_063_744)).not.toBe(memoryText(25_276_063_745));
  });
});

describe('fieldLabel', () => {
  test('names a field by its words, memory.bytes as "Memory" (its text says GiB)', () => {
    expect(fieldLabel('filesystem.mount_options')).toBe('Filesystem mount options');
    expect(fieldLabel('io_scheduler')).toBe('I/O scheduler');
    expect(fieldLabel('memory.bytes')).toBe('Memory');
  });
});
