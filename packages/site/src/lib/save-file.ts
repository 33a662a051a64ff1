// Offering a file made in the browser as a download: the figures' SVG and PNG, /try's zip.

/** Offers `blob` as a download named `name`, from `document`'s window. */
export function saveFile(document: Document, blob: Blob, name: string): void {
  const view = document.defaultView;
  if (!view) return;
  const url = view.URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the blob after click() returns.
  view.setTimeout(() => view.URL.revokeObjectURL(url), 60_000);
}
