import { isNode, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';

/** A problem in a content file, at a 1-based line and column. */
export interface ContentIssue {
  file: string;
  line: number;
  column: number;
  message: string;
  /** A warning is shown but does not fail validation (runs differing beyond the variable). */
  severity?: 'error' | 'warning' | undefined;
}

export interface CheckedYaml<T> {
  data: T | undefined;
  issues: ContentIssue[];
  /** Line and column of the value at a path (or of its closest stated parent), for later checks. */
  locate(path: readonly (string | number)[]): { line: number; column: number };
}

/**
 * Parses YAML text and checks it against a schema. Every problem comes back with the line and
 * column of the key or value it is about, so a reviewer can jump to it.
 */
export function checkYaml<S extends z.ZodType>(text: string, file: string, schema: S): CheckedYaml<z.output<S>> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  // Point at the value of the key when it exists, else at the closest parent that does.
  const locate = (path: readonly (string | number)[]) => {
    let node: unknown;
    for (let length = path.length; length >= 0 && !isNode(node); length--) {
      node = length === 0 ? doc.contents : doc.getIn(path.slice(0, length), true);
    }
    return at(isNode(node) && node.range ? node.range[0] : 0);
  };
  if (doc.errors.length > 0) {
    return {
      data: undefined,
      issues: doc.errors.map((error) => ({ file, ...at(error.pos[0]), message: firstLine(error.message) })),
      locate,
    };
  }
  const result = schema.safeParse(doc.toJS());
  if (result.success) return { data: result.data, issues: [], locate };
  const issues = result.error.issues.map((issue) => {
    const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
    const where = path.length > 0 ? `${path.join('.')}: ` : '';
    const message = issue.code === 'unrecognized_keys' ? issue.message : `${where}${issue.message}`;
    return { file, ...locate(path), message };
  });
  return { data: undefined, issues, locate };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
