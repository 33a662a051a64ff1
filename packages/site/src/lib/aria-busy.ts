// `aria-busy="true"` on an element while any of the work started on it is under way: assistive
// technology waits for it to settle before reading it, and so do the browser tests
// (e2e/helpers/page-ready.ts). Work may overlap (a newer search started before an older one
// ended): the element is busy until the last of it ends, whether it succeeded or failed.

const pending = new WeakMap<Element, number>();

function adjust(element: Element, by: number): void {
  const count = (pending.get(element) ?? 0) + by;
  pending.set(element, count);
  if (count > 0) element.setAttribute('aria-busy', 'true');
  else element.removeAttribute('aria-busy');
}

/** Runs `work` with `elements` busy, and gives its result. */
export async function whileBusy<T>(elements: readonly Element[], work: () => Promise<T>): Promise<T> {
  for (const element of elements) adjust(element, 1);
  try {
    return await work();
  } finally {
    for (const element of elements) adjust(element, -1);
  }
}
