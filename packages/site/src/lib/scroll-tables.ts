import { defineHastPlugin } from 'satteri';

/**
 * Markdown write-ups' tables can be wider than a phone: each is wrapped in a box that scrolls
 * sideways (`.table-scroll`), focusable so that a keyboard can scroll it (axe-core:
 * scrollable-region-focusable) and named as a region. A hast plugin of Astro's Markdown
 * processor (astro.config.mjs `markdown.processor`).
 */
export const scrollTables = defineHastPlugin({
  name: 'benchfolio:scroll-tables',
  before(_root, context) {
    context.data.tableCount = 0;
  },
  element: {
    filter: ['table'],
    visit(table, context) {
      const count = Number(context.data.tableCount ?? 0) + 1;
      context.data.tableCount = count;
      context.wrapNode(table, {
        type: 'element',
        tagName: 'div',
        properties: {
          className: ['table-scroll'],
          tabIndex: 0,
          role: 'region',
          ariaLabel: `Table ${count}, scrollable`,
        },
        children: [],
      });
    },
  },
});
