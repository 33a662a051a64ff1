import { JSDOM } from 'jsdom';

let document: Document | undefined;

/**
 * The document charts are drawn with at build time. One for the whole build: charts build
 * detached elements and pages keep only their markup, so nothing is ever attached to it.
 */
export function serverDocument(): Document {
  document ??= new JSDOM('').window.document;
  return document;
}
