import { z } from 'zod';
import { TOOL_NAMES } from '../tools.ts';
import { outputFileNameIssue } from './output-file-name.ts';
import { StabilitySchema } from './stability-schema.ts';
import { partialDate, plainLine, plainText } from './text-fields.ts';

// Numbers a system description states are kept as the source wrote them where they are
// descriptions ("DDR4 2400 MHz 32G x 4"); quantities the site computes with are numbers.

const CpuSchema = z
  .object({
    model: plainLine.describe('CPU model as the system reports it (/proc/cpuinfo "model name").'),
    count: z.number().int().positive().optional().describe('Sockets (physical CPUs).'),
    cores: z.number().int().positive().optional().describe('Cores in all.'),
    threads: z.number().int().positive().optional().describe('Hardware threads (logical CPUs) in all.'),
    governor: plainLine.optional().describe('cpufreq scaling governor: performance, ondemand, powersave, ...'),
  })
  .strict();

const MemorySchema = z
  .object({
    bytes: z.number().int().positive().optional().describe('Total memory in bytes (MemTotal × 1024).'),
    description: plainLine.optional().describe('As the source describes it ("DDR4 2400 MHz 32G x 4").'),
  })
  .strict()
  .refine((memory) => memory.bytes !== undefined || memory.description !== undefined, 'give bytes or a description');

const DiskSchema = z
  .object({
    model: plainLine.describe('Disk model (lsblk MODEL, or as published).'),
    count: z.number().int().positive().default(1),
    size_bytes: z.number().int().positive().optional(),
    rotational: z.boolean().optional().describe('true for spinning disks (queue/rotational).'),
    rpm: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Spindle speed in revolutions per minute, as the datasheet or the source states it (7200, 10000).'),
    interface: plainLine.optional().describe('SATA 6Gb/s, SAS, NVMe, virtio, ...'),
    device: plainLine.optional().describe('The block device name under test (sda, nvme0n1, vda).'),
    scheduler: plainLine.optional().describe('The I/O scheduler in effect for the device.'),
    queue_depth: z.number().int().positive().optional(),
    note: plainText.optional(),
  })
  .strict();

const RaidSchema = z
  .object({
    level: plainLine.optional().describe('RAID level: 0, 1, 5, 6, 10.'),
    controller: plainLine.optional().describe('Controller model, or "md" for Linux software RAID.'),
    cache: plainLine.optional().describe('Controller cache size and mode ("512 MB, write-back").'),
    stripe: plainLine.optional().describe('Stripe (strip) size.'),
    note: plainText.optional(),
  })
  .strict();

const FilesystemSchema = z
  .object({
    type: plainLine.describe('ext3, ext4, xfs, btrfs, zfs, ...'),
    mkfs: plainLine.optional().describe('The mkfs command or the options it was given.'),
    mount_options: plainLine.optional().describe('Mount options as findmnt shows them, or as published.'),
    mountpoint: plainLine.optional(),
    note: plainText.optional(),
  })
  .strict();

/** What the runs ran on. Everything optional: nothing that was not seen or published is guessed. */
export const SystemSchema = z
  .object({
    host: plainLine.optional().describe("A name for the machine (hostname or the source's label)."),
    cpu: CpuSchema.optional(),
    memory: MemorySchema.optional(),
    kernel: plainLine.optional().describe('uname -r'),
    os: plainLine.optional().describe('Distribution and release (os-release PRETTY_NAME).'),
    virtualization: plainLine.optional().describe('kvm, xen, none, ... (systemd-detect-virt).'),
    instance_type: plainLine.optional().describe('Cloud instance type, from DMI or as published.'),
    disks: z.array(DiskSchema).optional(),
    raid: RaidSchema.optional(),
    lvm: plainText.optional().describe('md/LVM/dm layers between the filesystem and the disks.'),
    filesystem: FilesystemSchema.optional(),
    io_scheduler: plainLine.optional(),
    other: z
      .record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'a lowercase_identifier'), plainLine)
      .optional()
      .describe('Anything else that matters for the comparison, as key: value.'),
  })
  .strict();

export type System = z.output<typeof SystemSchema>;

/**
 * Where an imported raw output was taken from: its file in the experiment's `source.repository`,
 * and, when it is an excerpt, the lines. The file holds those bytes unchanged; `sha256` is theirs,
 * so that an edit after the import is caught.
 */
const OriginSchema = z
  .object({
    path: z
      .string()
      .regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[^\0\n]+$/, 'a path inside the repository (no leading / and no ..)')
      .describe('The file in the repository, from its root: logs/host-a/fio_randread.log.'),
    lines: z
      .tuple([z.number().int().positive(), z.number().int().positive()])
      .refine(([first, last]) => first <= last, 'the first line, then the last (first <= last)')
      .optional()
      .describe(
        '[first, last], 1-based and inclusive, when the output is those whole lines of the file, not all of it.',
      ),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'a SHA-256 digest: 64 lowercase hexadecimal digits')
      .describe("The SHA-256 of this output's bytes, which are the source's."),
  })
  .strict();

/** A raw output file of a run, as the tool printed it. */
export const OutputSchema = z
  .object({
    file: z.string().superRefine((name, context) => {
      const problem = outputFileNameIssue(name);
      if (problem !== undefined) {
        context.addIssue({ code: 'custom', message: problem.message, params: { contentCode: problem.code } });
      }
    }),
    tool: z.enum(TOOL_NAMES).optional().describe('The tool that printed it; detected when absent.'),
    format: z
      .string()
      .regex(/^[a-z+]+$/)
      .optional()
      .describe('The output format; detected when absent.'),
    workload: plainLine.optional().describe('What was run, for grouping across runs ("random-write-direct").'),
    repeat: z.number().int().positive().optional().describe('Which repetition of the same configuration (1, 2, ...).'),
    warmup: z
      .boolean()
      .optional()
      .describe('A warm-up repeat (--warmup): kept, and left out of every statistic and chart.'),
    command: plainText.optional().describe('The exact command that printed this file.'),
    truncated: z
      .object({
        accepted: plainText.describe('Why the cut output is published all the same ("the run was stopped at 60 s").'),
      })
      .strict()
      .optional()
      .describe(
        'An output the parser finds cut short (a TRUNCATED warning: a killed run, a copy that stops early) is refused unless this accepts it, with the reason: `truncated: { accepted: "the operator stopped iostat with ^C after the last job" }`.',
      ),
    origin: OriginSchema.optional().describe(
      "An output taken from a public repository: its path there (and lines), and the SHA-256 of its bytes; the repository is the experiment's source.repository.",
    ),
    note: plainText.optional(),
  })
  .strict();

export type Output = z.output<typeof OutputSchema>;

/** `runs/<run>/run.yaml`: one configuration of the variable, the system, and its raw outputs. */
export const RunSchema = z
  .object({
    label: plainLine.describe('How the site names the run ("ext4, tuned").'),
    value: plainLine.describe('The value of the experiment\'s variable in this run ("ext4", "t2.medium").'),
    order: z.number().int().optional().describe('Position in the declared order of runs (charts keep it).'),
    date: partialDate.optional(),
    system: SystemSchema.default({}),
    tools: z
      .record(z.string().regex(/^[a-z][a-z0-9+_-]*$/, 'a tool name'), plainLine)
      .default({})
      .describe('Tool versions as they print them: fio: fio-3.33.'),
    commands: z.array(plainText).default([]).describe('The exact commands, in order.'),
    repeat: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('How many times the same configuration was run; outputs carry `repeat: 1..N`.'),
    started: z.iso.datetime({ offset: true }).optional(),
    ended: z.iso.datetime({ offset: true }).optional(),
    outputs: z.array(OutputSchema).default([]).describe('The raw outputs in this folder, every one of them.'),
    stability: z
      .array(StabilitySchema)
      .optional()
      .describe("Per workload: its repeats' headline numbers, their spread, why repeating stopped, drift."),
    notes: plainText.optional(),
  })
  .strict()
  .superRefine((run, context) => {
    const seen = new Set<string>();
    run.outputs.forEach((output, index) => {
      if (seen.has(output.file)) {
        context.addIssue({
          code: 'custom',
          path: ['outputs', index, 'file'],
          message: `${output.file} is listed twice`,
        });
      }
      seen.add(output.file);
      if (output.repeat !== undefined && (run.repeat === undefined || output.repeat > run.repeat)) {
        context.addIssue({
          code: 'custom',
          path: ['outputs', index, 'repeat'],
          message: `repeat ${output.repeat} is beyond the run's repeat count (${run.repeat ?? 'not set'})`,
        });
      }
    });
  });

export type Run = z.output<typeof RunSchema>;
export type RunInput = z.input<typeof RunSchema>;
