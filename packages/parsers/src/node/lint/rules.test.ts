import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../load-content.ts';
import { lint } from './lint.ts';
import { LINT_RULES } from './rules.ts';

// docs/05-lint-rules.md has one entry per rule, with the rule's id, title and severity, in the
// order of the list; ids are BF and three digits, each once.

const DOCS = readFileSync(new URL('../../../../../docs/05-lint-rules.md', import.meta.url), 'utf8');

/** Each `## BF001: title` entry of the page, with the severity listed under it. */
function documentedRules(): { id: string; title: string; severity: string | undefined }[] {
  const entries = DOCS.split(/^## /m).slice(1);
  return entries
    .filter((entry) => /^BF\d{3}: /.test(entry))
    .map((entry) => {
      const [heading = '', ...body] = entry.split('\n');
      const [id = '', title = ''] = heading.split(/: (.*)/s);
      const severity = /^- Severity: (\w+)$/m.exec(body.join('\n'))?.[1];
      return { id, title, severity };
    });
}

describe('the lint rules', () => {
  it('have ids BF and three digits, each once, with a why and sources', () => {
    const ids = LINT_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of LINT_RULES) {
      expect(rule.id).toMatch(/^BF\d{3}$/);
      expect(rule.why.length).toBeGreaterThan(20);
      expect(rule.sources.length).toBeGreaterThan(0);
    }
  });

  it('are documented in docs/05-lint-rules.md, one entry each, with their titles and severities', () => {
    const expected = LINT_RULES.map(({ id, title, severity }) => ({ id, title, severity }));
    expect(documentedRules()).toEqual(expected);
  });
});

describe("the docs' account of content/results", () => {
  it('gives the totals `benchfolio lint content/results` finds, by severity and by rule', async () => {
    const { experiments } = await loadContent(
      fileURLToPath(new URL('../../../../../content/results', import.meta.url)),
    );
    const findings = lint(experiments);
    const count = (severity: string) => findings.filter((found) => found.severity === severity).length;
    const text = DOCS.replace(/\s+/g, ' ');
    expect(text).toContain(
      `gives ${findings.length} findings (exit status 1): ${count('error')} errors, ${count('warning')} warnings, ${count('note')} notes`,
    );
    const byRule = new Map<string, number>();
    for (const found of findings) byRule.set(found.rule, (byRule.get(found.rule) ?? 0) + 1);
    const section = text.slice(text.indexOf('## What it finds in content/results'));
    for (const [rule, n] of byRule) expect(section, rule).toContain(`${rule} ${n} `);
  }, 120_000);
});
