import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportedResults, exportResults, queryJson } from '../../../test/dataset-export.ts';

// The schema as documented, in the README.md an export writes into its folder and in the
// package README, against the columns DuckDB finds in the files actually written.

const PACKAGE_README = new URL('../../../README.md', import.meta.url);
const TABLES = ['measurements', 'runs', 'experiments'] as const;

let exported: ExportedResults;
/** Each table's `[column, type]` as DuckDB's DESCRIBE gives them. */
const described = new Map<string, string[][]>();
beforeAll(async () => {
  exported = await exportResults();
  const tables = await Promise.all(TABLES.map((table) => queryJson(exported, `DESCRIBE ${table}`)));
  for (const [index, rows] of tables.entries()) {
    described.set(
      TABLES[index] ?? '',
      rows.map((row) => [String(row.column_name), String(row.column_type)]),
    );
  }
});
afterAll(() => exported?.remove());

/** The `| \`column\` | \`TYPE\` | meaning |` rows under each table's heading (`## runs`, `#### runs`). */
function documentedColumns(markdown: string): Map<string, string[][]> {
  const tables = new Map<string, string[][]>();
  let current: string[][] | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,4} (\S+)$/.exec(line);
    if (heading) {
      current = (TABLES as readonly string[]).includes(heading[1] ?? '') ? [] : undefined;
      if (current) tables.set(heading[1] ?? '', current);
      continue;
    }
    const row = /^\| `([^`]+)` \| `([^`]+)` \|/.exec(line);
    if (row && current) current.push([row[1] ?? '', row[2] ?? '']);
  }
  return tables;
}

describe('the documented schema of an export', () => {
  it("the export's README.md lists every column of every table written, with its type, in order", () => {
    const documented = documentedColumns(readFileSync(join(exported.dataDir, 'README.md'), 'utf8'));
    for (const table of TABLES) expect(documented.get(table), table).toEqual(described.get(table));
  });

  it("the package README's schema tables list the same columns and types", () => {
    const documented = documentedColumns(readFileSync(PACKAGE_README, 'utf8'));
    for (const table of TABLES) expect(documented.get(table), table).toEqual(described.get(table));
  });

  it('the package README gives each column the meaning the export writes', () => {
    const readme = readFileSync(PACKAGE_README, 'utf8');
    const datasetReadme = readFileSync(join(exported.dataDir, 'README.md'), 'utf8');
    const rows = datasetReadme.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(readme).toContain(row);
  });
});
