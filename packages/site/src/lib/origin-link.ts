/** An imported output's file in its public repository, as a reader follows it. */
export interface OriginLink {
  /** `owner/name@abcdef1:path, lines 1–40`. */
  label: string;
  /** The file at that commit (its lines marked), or the repository when its host's file address is not known. */
  href: string;
  license: string;
}

interface Repository {
  url: string;
  commit: string;
  license: string;
}

interface Origin {
  path: string;
  lines?: [number, number] | undefined;
}

/**
 * Where an imported output was taken from. GitHub and GitLab address a file at a commit, and
 * its lines, the same way but for GitLab's `/-/`; any other host gets the repository's address.
 */
export function originLink(repository: Repository, origin: Origin): OriginLink {
  const root = repository.url.replace(/\/+$/, '');
  const host = new URL(root).hostname;
  const name = new URL(root).pathname.replace(/^\/+/, '');
  const lines = origin.lines === undefined ? '' : `, lines ${origin.lines[0]}–${origin.lines[1]}`;
  const anchor = origin.lines === undefined ? '' : `#L${origin.lines[0]}-L${origin.lines[1]}`;
  const path = origin.path.split('/').map(encodeURIComponent).join('/');
  const blob = host === 'github.com' ? '/blob/' : host === 'gitlab.com' ? '/-/blob/' : undefined;
  return {
    label: `${name}@${repository.commit.slice(0, 7)}:${origin.path}${lines}`,
    href: blob === undefined ? root : `${root}${blob}${repository.commit}/${path}${anchor}`,
    license: repository.license,
  };
}
