import { join } from 'node:path';
import { libraryCodeDigest, sourceTreeDigest } from '@benchfolio/parsers/node';
import { repoRoot } from './repo-root.ts';

let digest: string | undefined;

/**
 * A SHA-256 of the code that turns an experiment into what the catalog keeps of it: the site's
 * sources (`packages/site/src`, tests left out) and the library's (libraryCodeDigest). A catalog
 * entry made by other code is never read back.
 */
export function siteCodeDigest(): string {
  const siteSources = join(repoRoot(), 'packages', 'site', 'src');
  digest ??= `${libraryCodeDigest()}-${sourceTreeDigest(siteSources, (name) => /\.(?:ts|astro|css|json)$/.test(name))}`;
  return digest;
}
