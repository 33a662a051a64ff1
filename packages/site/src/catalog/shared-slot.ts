// Where the build's catalog lives between the module graphs of one `astro build` process (the
// content loader's, the pages', the integrations'): shared-content.ts writes it, and the
// integrations read it once the pages are written. A file of its own, importing nothing at run time, so that
// an integration can read the slot without loading the content code into Astro's config.

import type { SiteCatalog } from './catalog.ts';

export const SHARED_CONTENT_SLOT = Symbol.for('benchfolio.shared-content');

/** The catalog this build read, if the content loader ran in this process. */
export function builtCatalog(): Promise<SiteCatalog> | undefined {
  return (globalThis as { [SHARED_CONTENT_SLOT]?: Promise<SiteCatalog> })[SHARED_CONTENT_SLOT];
}
