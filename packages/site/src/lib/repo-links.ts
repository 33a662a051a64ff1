/**
 * Links into the repository the site is built from (`BENCHFOLIO_REPO_URL`, which the Pages
 * workflow sets), at build time; undefined without it, and pages then name the file instead.
 */
export function contributingUrl(repoUrl: string | undefined = process.env.BENCHFOLIO_REPO_URL): string | undefined {
  const root = repoUrl?.replace(/\/+$/, '');
  return root ? `${root}/blob/HEAD/CONTRIBUTING.md` : undefined;
}
