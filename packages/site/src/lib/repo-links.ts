/**
 * Links into the repository the site is built from (`BENCHFOLIO_REPO_URL`, which the Pages
 * workflow sets), at build time; undefined without it, and pages then name the file instead.
 */
export function contributingUrl(repoUrl: string | undefined = process.env.BENCHFOLIO_REPO_URL): string | undefined {
  const root = repoUrl?.replace(/\/+$/, '');
  return root ? `${root}/blob/HEAD/CONTRIBUTING.md` : undefined;
}

/** docs/05-lint-rules.md on the repository: every lint rule, its threshold and its sources. */
export function lintRulesDocUrl(repoUrl: string | undefined = process.env.BENCHFOLIO_REPO_URL): string | undefined {
  const root = repoUrl?.replace(/\/+$/, '');
  return root ? `${root}/blob/HEAD/docs/05-lint-rules.md` : undefined;
}

/**
 * The entry of a lint rule in docs/05-lint-rules.md on the repository, whose heading is
 * `## BF102: <title>`: GitHub's anchor for it is the heading lower-cased, its punctuation dropped
 * and its spaces made hyphens. Undefined without the repository's address.
 */
export function lintRuleUrl(
  rule: { id: string; title: string },
  repoUrl: string | undefined = process.env.BENCHFOLIO_REPO_URL,
): string | undefined {
  const page = lintRulesDocUrl(repoUrl);
  if (page === undefined) return undefined;
  const anchor = `${rule.id}: ${rule.title}`
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
  return `${page}#${anchor}`;
}
