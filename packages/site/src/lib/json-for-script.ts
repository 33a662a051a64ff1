/**
 * JSON to embed in a `<script type="application/json">`: `<` is escaped so no text in the data
 * (a job name, a file name) can close the script element early.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}
