import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../src/tools.ts';
import { allCorpusFiles, CORPUS_DIR_ENV, corpusDir, corpusFiles } from './corpus.ts';

describe('corpus', () => {
  it('lists the outputs of one tool with their name, path and text', () => {
    const files = corpusFiles('fio');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.path.endsWith(`/fio/${file.name}`)).toBe(true);
      expect(file.text.length).toBeGreaterThan(0);
    }
  });

  it("leaves out peer projects' expected results, which are not tool outputs", () => {
    const names = corpusFiles('iostat').map((file) => file.name);
    expect(names).toContain('jc__centos77-iostat-1.txt');
    expect(names.some((name) => name.includes('.expected.'))).toBe(false);
  });

  it('keeps a BOM and CRLF line ends as the file has them', () => {
    const withBom = corpusFiles('sysbench').find((file) => file.name.includes('-bom'));
    expect(withBom?.text.startsWith('\uFEFF')).toBe(true);
  });

  it('lists every tool', () => {
    const tools = new Set(allCorpusFiles().map((file) => file.path.split('/').at(-2)));
    expect([...tools]).toEqual(TOOL_NAMES);
  });

  it(`uses ${CORPUS_DIR_ENV} when it is set`, () => {
    const dir = corpusDir();
    expect(corpusDir({ [CORPUS_DIR_ENV]: dir })).toBe(dir);
  });

  it('says where it looked and how to point elsewhere when the corpus is missing', () => {
    expect(() => corpusDir({ [CORPUS_DIR_ENV]: '/nonexistent/corpus' })).toThrow(
      /not at \/nonexistent\/corpus; set BENCHFOLIO_CORPUS/,
    );
  });
});
