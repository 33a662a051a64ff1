import { readFileSync } from 'node:fs';
import { TOOL_NAMES as LIBRARY_TOOL_NAMES, parse, type ToolName } from '@benchfolio/parsers';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { experimentView } from '../data/experiment-view.ts';
import { loadRealExperiments, repoPath } from '../data/test-content.ts';
import { yourSections } from '../try/your-run.ts';
import { descriptorOf, TOOL_DESCRIPTORS, TOOL_NAMES, TOOLS, toolTitle, toolTitlesText } from './index.ts';

describe('the tool descriptors', () => {
  it('have one descriptor per tool of the library, under its name, and its names as names.ts has them', () => {
    expectTypeOf<keyof typeof TOOL_DESCRIPTORS>().toEqualTypeOf<ToolName>();
    expect(Object.keys(TOOL_DESCRIPTORS).sort()).toEqual([...LIBRARY_TOOL_NAMES].sort());
    for (const [tool, descriptor] of Object.entries(TOOL_DESCRIPTORS)) {
      expect(descriptor.tool).toBe(tool);
      const names = TOOL_NAMES[descriptor.tool];
      expect([descriptor.title, descriptor.groupNoun, descriptor.compareKey]).toEqual([
        names.title,
        names.groupNoun,
        names.compareKey,
      ]);
    }
  });

  it("list the tools in page order, the library's (TOOLS), and name them so in a sentence", () => {
    expect(TOOLS.map((tool) => tool.tool)).toEqual(LIBRARY_TOOL_NAMES);
    const titles = TOOLS.map((tool) => tool.title);
    expect(titles.slice(0, 2)).toEqual(['fio', 'bonnie++']);
    const listed = titles.slice(0, -1).join(', ');
    expect(toolTitlesText('and')).toBe(`${listed} and ${titles.at(-1)}`);
    expect(toolTitlesText('or')).toBe(`${listed} or ${titles.at(-1)}`);
  });

  it('name a tool without a descriptor as it is named, and give it none', () => {
    expect([toolTitle('bonnie'), toolTitle('dd'), toolTitle('nginx')]).toEqual(['bonnie++', 'dd', 'nginx']);
    expect(descriptorOf('nginx')).toBeUndefined();
  });

  it.each(TOOLS.map((tool) => [tool.title, tool] as const))(
    'title and explain every headline metric of %s in one line',
    (_, tool) => {
      expect(tool.metrics.headline.length).toBeGreaterThan(0);
      for (const metric of tool.metrics.headline) {
        expect(tool.metrics.title(metric), metric).not.toBe(metric);
        const explanation = tool.metrics.explain(metric);
        expect(explanation, metric).toMatch(/^[^\n]{10,200}$/);
      }
      expect(tool.metrics.explain('no.such.metric')).toBeUndefined();
    },
  );

  it('say which way fio, bonnie++ and sysbench figures improve: rates up, latencies and CPU use down', () => {
    const { fio, bonnie, sysbench } = TOOL_DESCRIPTORS;
    expect(['write.iops', 'read.bw', 'write.clat.mean', 'read.lat.p99'].map(fio.metrics.betterIs)).toEqual([
      'higher',
      'higher',
      'lower',
      'lower',
    ]);
    expect(['put_block', 'seeks', 'put_block.cpu', 'seeks.latency'].map(bonnie.metrics.betterIs)).toEqual([
      'higher',
      'higher',
      'lower',
      'lower',
    ]);
    expect(['events', 'write.bw', 'latency.avg', 'latency.p95'].map(sysbench.metrics.betterIs)).toEqual([
      'higher',
      'higher',
      'lower',
      'lower',
    ]);
  });

  it('explain fio’s latencies apart: completion from submission, total from creation', () => {
    const { explain, title } = TOOL_DESCRIPTORS.fio.metrics;
    expect(explain('write.clat.mean')).toMatch(
      /^Completion latency: the time from submitting an I\/O to its completion\./,
    );
    expect(explain('write.lat.mean')).toMatch(/^Total latency: .*submission and completion together\./);
    // fio's "99.90th=[...]" percentile keeps its decimals in the title.
    expect(title('read.clat.p99.9')).toBe('Read completion latency, p99.9');
    expect(title('write.lat.p99')).toBe('Write total latency, p99');
    expect(explain('read.clat.p99.9')).toMatch(/99\.9 % of the I\/Os took at most this long\.$/);
  });

  it('turn the version an output prints into run.yaml’s', () => {
    const versions = TOOLS.map((tool) => tool.submission.runYamlVersion('1.2.3'));
    expect(versions).toEqual([
      'fio-1.2.3',
      'bonnie++ 1.2.3',
      'sysbench 1.2.3',
      'sysstat 1.2.3',
      'dd (coreutils) 1.2.3',
      'sysstat 1.2.3',
      'fio-1.2.3',
    ]);
    expect(TOOL_DESCRIPTORS.fio.submission.runYamlVersion('fio-3.33')).toBe('fio-3.33');
  });
});

describe('sections built from measurements', () => {
  it('give every bar chart of content/results the unit its measurements carry', async () => {
    let charts = 0;
    for (const loaded of await loadRealExperiments()) {
      const units = new Map<string, string>();
      for (const run of loaded.runs) {
        for (const output of run.outputs) {
          for (const measurement of output.parsed.measurements) {
            units.set(`${measurement.tool}|${measurement.metric}`, measurement.unit);
          }
        }
      }
      for (const section of experimentView(loaded).sections) {
        if (section.origin !== 'raw') continue;
        for (const metric of section.metrics) {
          expect(metric.unit, `${loaded.id}: ${section.tool} ${metric.metric}`).toBe(
            units.get(`${section.tool}|${metric.metric}`),
          );
          charts++;
        }
      }
    }
    expect(charts).toBeGreaterThan(20);
  });

  it('read a fio output’s typed result through its accessor, and no other tool’s', () => {
    // fio 3.33 with --output-format=terse,json: each run printed twice, its JSON read.
    const text = readFileSync(repoPath('packages/parsers/fixtures/fio/fio-3.33--randread.terse4-json.txt'), 'utf8');
    const fio = parse(text);
    expect(fio.format).toBe('mixed');
    expect(TOOL_DESCRIPTORS.fio.try.readFormats?.(fio)).toEqual(['json']);
    const iostat = parse(
      readFileSync(repoPath('packages/parsers/fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt'), 'utf8'),
    );
    expect(TOOL_DESCRIPTORS.fio.try.readFormats?.(iostat)).toBeUndefined();
  });
});

describe('dd, the fifth tool', () => {
  // Real dd 9.1 outputs (packages/parsers/fixtures/dd/make-fixtures.sh): an 8 MiB copy with
  // oflag=direct, and three dd runs in one file under a `dd --version` line.
  const fixture = (name: string) => readFileSync(repoPath(`packages/parsers/fixtures/dd/${name}`), 'utf8');

  it('draws throughput, time and bytes from measurements: 8388608 B over 0.0161144 s', () => {
    const text = fixture('dd-9.1--direct.input.txt');
    const parsed = parse(text);
    expect(parsed.tool).toBe('dd');
    const [section] = yourSections([{ name: 'dd--direct.txt', sizeBytes: text.length, parsed }]);
    expect(section?.title).toBe('dd');
    const values = Object.fromEntries(
      (section?.metrics ?? []).map((metric) => [metric.metric, [metric.unit, metric.cells[0]?.value]]),
    );
    // 8388608 bytes (8.4 MB, 8.0 MiB) copied, 0.0161144 s, 521 MB/s: the bars' rate is exact,
    // and within the 3 figures dd printed of its own.
    expect(values).toEqual({
      bw: ['B/s', 8388608 / 0.0161144],
      elapsed: ['s', 0.0161144],
      bytes: ['B', 8388608],
    });
    expect(Math.round(8388608 / 0.0161144 / 1e6)).toBe(521);
    expect(TOOL_DESCRIPTORS.dd.metrics.betterIs('elapsed')).toBe('lower');
  });

  it('counts each dd run of a looping script as a repeat of the same workload', () => {
    const text = fixture('dd-9.1--loop-with-version.input.txt');
    const parsed = parse(text);
    const runs = parsed.tool === 'dd' ? parsed.result.runs : [];
    const [section] = yourSections([{ name: 'dd--loop.txt', sizeBytes: text.length, parsed }]);
    const bw = section?.metrics.find((metric) => metric.metric === 'bw');
    expect(bw?.cells).toHaveLength(1);
    expect(runs.length).toBeGreaterThan(1);
    expect(bw?.cells[0]?.repeats).toBe(runs.length);
    expect(bw?.cells[0]?.spread).toBe('min-max');
    expect(TOOL_DESCRIPTORS.dd.submission.runYamlVersion(parsed.toolVersion ?? '')).toBe('dd (coreutils) 9.1');
  });
});
