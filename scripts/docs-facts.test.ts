import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAX_DD_INPUT_CHARS, MAX_LINE_CHARS } from '@benchfolio/parsers';
import { CONTENT_LIMITS, RAW_OUTPUT_EXTENSIONS, sizeText } from '@benchfolio/parsers/content';
import { MAX_OUTPUT_BYTES } from '@benchfolio/parsers/node';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../packages/parsers/src/node/load-content.ts';
import { PAGE_CSP_HEADER, RAW_FILE_CSP } from '../packages/site/src/lib/content-security-policy.ts';

// What the docs promise a submitter and a host is what the code enforces: the allowed raw file
// types, the limits, and the headers. A change to one of them fails here until the docs follow.

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(`${REPO_ROOT}${path}`, 'utf8');

describe('CONTRIBUTING.md states what validate enforces', () => {
  const contributing = read('CONTRIBUTING.md');

  it.each(RAW_OUTPUT_EXTENSIONS.map((extension) => [extension]))('lists the raw output type *%s', (extension) => {
    expect(contributing).toContain(`\`*${extension}\``);
  });

  it('states each size limit of the content files', () => {
    const limits = contributing.slice(contributing.indexOf('#### Limits'));
    expect(limits).toContain(`| \`experiment.yaml\`, \`run.yaml\` | ${sizeText(CONTENT_LIMITS.yamlBytes)} each |`);
    expect(limits).toContain(`| \`index.md\` | ${sizeText(CONTENT_LIMITS.markdownBytes)} |`);
    expect(limits).toContain(`| \`measurements.csv\` | ${sizeText(CONTENT_LIMITS.csvBytes)} |`);
    expect(limits).toContain(`| a raw output | ${sizeText(MAX_OUTPUT_BYTES)} |`);
    expect(limits).toContain(`| a dd output | ${sizeText(MAX_DD_INPUT_CHARS)} `);
    expect(limits).toContain(`${MAX_LINE_CHARS.toLocaleString('en-US')} characters`);
    expect(limits).toContain(`at most ${CONTENT_LIMITS.yamlAliases} values`);
    expect(limits).toContain(`| YAML nesting | ${CONTENT_LIMITS.yamlDepth} levels`);
    expect(limits).toContain(`| ${CONTENT_LIMITS.markdownDepth} levels`);
  });
});

describe('the hosting docs give the headers the site sends', () => {
  it.each([['SECURITY.md'], ['docs/02-hosting.md']])('%s gives the pages’ and the raw files’ policies', (path) => {
    const text = read(path);
    expect(text).toContain(PAGE_CSP_HEADER);
    expect(text).toContain(RAW_FILE_CSP);
    expect(text).toContain('X-Content-Type-Options');
    expect(text).toContain('text/plain; charset=utf-8');
  });
});

describe('the README says what content/results holds', () => {
  it('gives the number of experiments, those with numbers by kind of variable, and those awaiting runs', async () => {
    const { experiments } = await loadContent(`${REPO_ROOT}content/results`);
    const published = experiments.filter((loaded) => loaded.experiment.status === 'published');
    const kinds = published.map((loaded) => loaded.experiment.variable.kind as string);
    const count = (...of: string[]) => kinds.filter((kind) => of.includes(kind)).length;
    const filesystem = count('filesystem', 'mount-options', 'mkfs-options');
    const raid = count('raid-level', 'raid-controller');
    const disk = count('disk-model');
    const instance = count('instance-type');
    const other = published.length - filesystem - raid - disk - instance;
    const awaiting = experiments.length - published.length;
    expect(read('README.md').replace(/\s+/g, ' ')).toContain(
      `holds ${experiments.length} experiments: ${published.length} with numbers (${filesystem} vary the filesystem or its options, ${raid} the RAID level or controller, ${disk} the disk model, ${instance} the cloud instance type, ${other} something else) and ${awaiting} awaiting runs`,
    );
  }, 120_000);
});
