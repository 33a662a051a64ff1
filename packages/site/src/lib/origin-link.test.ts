import { describe, expect, it } from 'vitest';
import { originLink } from './origin-link.ts';

// dyu/vps-comparison (MIT) at ce27c16: logs/do-5bucks-ubuntu/fio_randread.log, whose lines 1-40
// are the first fio run appended there (packages/parsers/fixtures/corpus/fio/vps-comparison__*).
const repository = {
  url: 'https://github.com/dyu/vps-comparison',
  commit: 'ce27c160b48e8f285fe58a515b38509b4f9ccc6f',
  license: 'MIT',
};

describe('originLink', () => {
  it('links a GitHub file at its commit with its lines marked, and says which in words', () => {
    const link = originLink(repository, { path: 'logs/do-5bucks-ubuntu/fio_randread.log', lines: [1, 40] });
    expect(link).toEqual({
      label: 'dyu/vps-comparison@ce27c16:logs/do-5bucks-ubuntu/fio_randread.log, lines 1–40',
      href: 'https://github.com/dyu/vps-comparison/blob/ce27c160b48e8f285fe58a515b38509b4f9ccc6f/logs/do-5bucks-ubuntu/fio_randread.log#L1-L40',
      license: 'MIT',
    });
  });

  it("uses GitLab's /-/blob/, escapes the path, and gives other hosts the repository itself", () => {
    const gitlab = originLink({ ...repository, url: 'https://gitlab.com/a/b/' }, { path: 'r 1/fio#2.txt' });
    expect(gitlab.href).toBe(`https://gitlab.com/a/b/-/blob/${repository.commit}/r%201/fio%232.txt`);
    const other = originLink({ ...repository, url: 'https://git.example.org/a/b' }, { path: 'x.txt' });
    expect(other.href).toBe('https://git.example.org/a/b');
  });
});
