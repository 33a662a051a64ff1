// Small element makers for the sections, with the document given: the page's in the browser,
// jsdom's in tests (which have no global window, so no `new Option`).

export interface ElementProps {
  text?: string;
  className?: string;
  /** `data-*` attributes, by their dataset names (`figureKey` is `data-figure-key`). */
  data?: Record<string, string>;
}

export function element<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  name: K,
  { text, className, data }: ElementProps = {},
): HTMLElementTagNameMap[K] {
  const made = document.createElement(name);
  if (text !== undefined) made.textContent = text;
  if (className !== undefined) made.className = className;
  Object.assign(made.dataset, data);
  return made;
}

export function option(document: Document, text: string, value: string): HTMLOptionElement {
  const made = element(document, 'option', { text });
  made.value = value;
  return made;
}

/** A label wrapping its control, the text first: the control is named by it. */
export function labelled(document: Document, text: string, control: HTMLElement): HTMLLabelElement {
  const label = element(document, 'label', { text: `${text} ` });
  label.append(control);
  return label;
}
