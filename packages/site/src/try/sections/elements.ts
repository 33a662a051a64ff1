// Small element makers for the sections, with the document given: the page's in the browser,
// jsdom's in tests (which have no global window, so no `new Option`).

export function textElement<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  name: K,
  text: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(name);
  element.textContent = text;
  return element;
}

export function option(document: Document, text: string, value: string): HTMLOptionElement {
  const element = textElement(document, 'option', text);
  element.value = value;
  return element;
}

/** A label wrapping its control, the text first: the control is named by it. */
export function labelled(document: Document, text: string, control: HTMLElement): HTMLLabelElement {
  const label = textElement(document, 'label', `${text} `);
  label.append(control);
  return label;
}
