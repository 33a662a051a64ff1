import { type Document, isCollection, isNode, LineCounter, type Node, parseDocument, visit } from 'yaml';
import type { z } from 'zod';
import { CONTENT_LIMITS } from './content-limits.ts';
import type { ContentIssueCode } from './issue-codes.ts';

/** A problem in a content file, at a 1-based line and column. */
export interface ContentIssue {
  file: string;
  line: number;
  column: number;
  message: string;
  /**
   * What kind of problem: a ContentIssueCode, or for a raw output the parser's ParseErrorCode or
   * warning code. Absent on the older checks (a schema's, a measurements.csv row's).
   */
  code?: string | undefined;
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
  const limit = yamlLimitIssue(doc);
  if (limit !== undefined) {
    return {
      data: undefined,
      issues: [{ file, ...at(limit.offset), message: limit.message, code: limit.code }],
      locate,
    };
  }
  if (doc.errors.length > 0) {
    return {
      data: undefined,
      issues: doc.errors.map((error) => ({ file, ...at(error.pos[0]), message: firstLine(error.message) })),
      locate,
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: CONTENT_LIMITS.yamlAliases });
  } catch {
    // The yaml package's only throw here: aliases expanding beyond maxAliasCount.
    return {
      data: undefined,
      issues: [{ file, ...at(aliasBombOffset(doc)), message: ALIAS_MESSAGE, code: 'YAML_ALIASES' }],
      locate,
    };
  }
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data, issues: [], locate };
  const issues = result.error.issues.map((issue) => {
    const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
    const where = path.length > 0 ? `${path.join('.')}: ` : '';
    const message = issue.code === 'unrecognized_keys' ? issue.message : `${where}${issue.message}`;
    // A refinement may name its ContentIssueCode (run-schema.ts's file names).
    const code = issue.code === 'custom' ? (issue.params?.contentCode as ContentIssueCode | undefined) : undefined;
    return { file, ...locate(path), message, ...(code === undefined ? {} : { code }) };
  });
  return { data: undefined, issues, locate };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

const ALIAS_MESSAGE = `YAML aliases here stand for more than ${CONTENT_LIMITS.yamlAliases} values, the limit (an alias of a collection of aliases counts them all): write the values out`;

/**
 * A nesting deeper than CONTENT_LIMITS.yamlDepth, at its first collection too deep. Checked before
 * the parser's own errors: nested some hundreds deep, the yaml package stops with "Maximum call
 * stack size exceeded", which names no limit.
 */
function yamlLimitIssue(doc: Document): { offset: number; message: string; code: ContentIssueCode } | undefined {
  let offset: number | undefined;
  visit(doc, {
    Collection(_key, node, path) {
      const depth = path.filter((ancestor) => isCollection(ancestor)).length + 1;
      if (depth <= CONTENT_LIMITS.yamlDepth) return undefined;
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  if (offset === undefined) return undefined;
  return {
    offset,
    message: `YAML nested deeper than ${CONTENT_LIMITS.yamlDepth} levels, the limit: content files are a few levels deep`,
    code: 'YAML_DEPTH',
  };
}

/** Where an alias bomb starts: the first alias of a value that holds aliases itself, else the first alias. */
function aliasBombOffset(doc: Document): number {
  let first: number | undefined;
  let nested: number | undefined;
  visit(doc, {
    Alias(_key, alias) {
      const offset = alias.range?.[0] ?? 0;
      first ??= offset;
      const target = alias.resolve(doc) as Node | undefined;
      let holdsAlias = false;
      if (target !== undefined && isCollection(target)) {
        visit(target, {
          Alias() {
            holdsAlias = true;
            return visit.BREAK;
          },
        });
      }
      if (!holdsAlias) return undefined;
      nested = offset;
      return visit.BREAK;
    },
  });
  return nested ?? first ?? 0;
}
