/**
 * A path within the site, under the base path the site is served from (Astro `base`, set by
 * `BENCHFOLIO_BASE`: GitHub project pages live under `/<repo>/`). Every internal link goes through
 * this, so the same build works at a domain's root or under a folder:
 * `href('experiments/2011-07-x/')` is `/experiments/2011-07-x/`, or `/benchfolio/experiments/2011-07-x/`.
 * A leading slash on `path` is allowed and means the same.
 */
export function href(path: string, base: string = import.meta.env.BASE_URL): string {
  return joinBase(base, path);
}

/** `base` and `path` joined with exactly one slash between them; `base` alone ends with one. */
export function joinBase(base: string, path: string): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return `${root}${path.replace(/^\/+/, '')}`;
}

/** The link to an experiment's page. */
export function experimentHref(id: string, base: string = import.meta.env.BASE_URL): string {
  return href(`experiments/${encodeURIComponent(id)}/`, base);
}

/**
 * The absolute address of a site path, when the site's address is known (Astro `site`, from
 * `BENCHFOLIO_SITE_URL`); undefined otherwise, so no page claims an address it may not have.
 */
export function absoluteUrl(path: string, site: URL | undefined): string | undefined {
  return site === undefined ? undefined : new URL(path, site).href;
}

declare global {
  interface ImportMetaEnv {
    /** Set by astro.config.mjs: whether `BENCHFOLIO_SITE_URL` gave the site's address. */
    readonly BENCHFOLIO_HAS_SITE_URL: boolean;
  }
}
