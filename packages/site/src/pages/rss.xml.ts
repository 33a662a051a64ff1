import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { loadCatalog } from '../catalog/site-content.ts';
import { experimentHref } from '../lib/url.ts';

/**
 * `/rss.xml`: every experiment, newest first, as a blog post would be: its title, the question it
 * asks (the summary when it states none), its page, and the date of its runs. Partial dates
 * (`2020-02`, `2014`) stand for their first day.
 */
export async function GET(context: APIContext): Promise<Response> {
  const experiments = await loadCatalog(); // newest first
  return rss({
    title: 'benchfolio experiments',
    description: 'Storage benchmark experiments: what was compared, on what, by whom, and what came out.',
    // Astro always has a site here: astro.config.mjs defaults it.
    site: context.site ?? new URL('http://localhost:4321/'),
    items: experiments.map(({ id, experiment: data }) => ({
      title: data.title,
      description: data.question ?? data.summary,
      link: experimentHref(id),
      pubDate: pubDate(data.date),
      categories: data.tags,
    })),
    customData: '<language>en</language>',
  });
}

/** `2011-07-22`, `2011-07` or `2011` as the first moment it can mean, in UTC. */
function pubDate(date: string): Date {
  const [year = '1970', month = '01', day = '01'] = date.split('-');
  return new Date(`${year}-${month}-${day}T00:00:00Z`);
}
