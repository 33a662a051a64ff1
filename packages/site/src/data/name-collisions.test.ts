import { describe, expect, test } from 'vitest';
import { siteNameCollisions } from './name-collisions.ts';

const ID = '2011-07-ext3-ext4-xfs-fio-msa70';
const DIR = `/content/${ID}`;

describe('siteNameCollisions', () => {
  test('finds none for runs and raw outputs named as the content has them', () => {
    const runs = [
      { id: 'ext3', files: ['fio--ext3.txt'] },
      { id: 'ext4', files: ['fio--ext4.txt', 'index.txt', 'run.json', 'ext4.json'] },
      { id: 'host1.performance', files: ['fio--x.html'] },
    ];
    expect(siteNameCollisions(ID, DIR, runs)).toEqual([]);
  });

  test('a raw output named index.html collides with the run page', () => {
    expect(siteNameCollisions(ID, DIR, [{ id: 'ext3', files: ['fio--ext3.txt', 'index.html'] }])).toEqual([
      { path: `${DIR}/runs/ext3/index.html`, message: expect.stringContaining('rename this raw output') },
    ]);
  });

  test('run folders beta and beta.json: beta.json is refused, once', () => {
    const runs = [
      { id: 'beta', files: ['fio--beta.txt'] },
      { id: 'beta.json', files: ['fio--beta.txt'] },
    ];
    expect(siteNameCollisions(ID, DIR, runs)).toEqual([
      { path: `${DIR}/runs/beta.json`, message: expect.stringContaining('may not end in ".json"') },
    ]);
  });

  test('run folders x and x.sections would both claim runs/x.sections.json', () => {
    const runs = [
      { id: 'x', files: [] },
      { id: 'x.sections', files: [] },
    ];
    expect(siteNameCollisions(ID, DIR, runs).map(({ path }) => path)).toEqual([`${DIR}/runs/x.sections`]);
  });
});
