/**
 * @fileoverview Edits to the JSON (and JSONC) files init merges into,
 * made as text edits with jsonc-parser: the user's comments, key order,
 * indentation and line ends stay as they were, and only the added entry is
 * new text. A file that does not parse, or whose documented keys have the
 * wrong shape, is a UserError naming it — it is never overwritten. So is
 * one nested deeper than any config file (the parser recurses per level), and
 * one whose keys on the way to an entry appear twice (hosts keep the last
 * one, an edit would land in the first).
 */
import { applyEdits, createScanner, findNodeAtLocation, modify, parse, parseTree, printParseErrorCode, SyntaxKind, type FormattingOptions, type JSONPath, type ParseError } from 'jsonc-parser';
import { z } from 'zod';
import { UserError } from '../../pipeline/index.js';

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false } as const;

/** Far deeper than any host's config file, far below what the recursive parser survives. */
const MAX_DEPTH = 100;

/**
 * The parsed value of `text`, checked against `schema` (the keys init reads);
 * `{}` for a missing or blank file. `name` names the file in errors.
 */
export function parseJsonFile<T>(text: string | undefined, name: string, schema: z.ZodType<T>): T {
  if (text === undefined || text.trim() === '') return schema.parse({});
  checkDepth(text, name);
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, PARSE_OPTIONS);
  const [first] = errors;
  if (first) {
    throw new UserError(`${name} is not valid JSON (${printParseErrorCode(first.error)} on line ${lineOf(text, first.offset)}); fix it by hand, then run init again — it is never overwritten`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError(`${name}: "${issue.path.join('.') || '(root)'}" ${issue.message}; init merges into it only when it has the documented shape`);
  }
  return parsed.data;
}

/** Counts brackets with the (iterative) scanner, so a hostile file cannot exhaust the stack before it is refused. */
function checkDepth(text: string, name: string): void {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) depth++;
    else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth--;
    if (depth > MAX_DEPTH) throw new UserError(`${name} is nested more than ${MAX_DEPTH} levels deep (line ${lineOf(text, scanner.getTokenOffset())}); no host config is, so init leaves it alone`);
  }
}

/**
 * Refuses `text` when a key on `path` appears twice in its object: hosts
 * (JSON.parse) read the last one while an edit lands in the first, so the
 * entry would be silently missing. Checked down to the last key of `path`.
 */
export function checkUniqueKeys(text: string | undefined, name: string, path: JSONPath): void {
  if (text === undefined || text.trim() === '') return;
  let node = parseTree(text, undefined, PARSE_OPTIONS);
  for (const key of path) {
    if (node?.type !== 'object') return;
    const matches = (node.children ?? []).filter((property) => property.children?.[0]?.value === key);
    if (matches.length > 1) {
      const lines = matches.map((property) => lineOf(text, property.offset)).join(' and ');
      throw new UserError(`${name}: the key "${key}" appears ${matches.length} times (lines ${lines}); hosts read only the last one, so merge them into one by hand, then run init again`);
    }
    node = matches[0]?.children?.[1];
  }
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** The value at `path` in `text`, or undefined when there is none. */
export function valueAt(text: string | undefined, path: JSONPath): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  const tree = parseTree(text, undefined, PARSE_OPTIONS);
  const node = tree && findNodeAtLocation(tree, path);
  return node && (parse(text.slice(node.offset, node.offset + node.length), [], PARSE_OPTIONS) as unknown);
}

/** Whether the object at `path` in `text` has the key `key`. */
export function hasKey(text: string | undefined, path: JSONPath, key: string): boolean {
  if (text === undefined || text.trim() === '') return false;
  const tree = parseTree(text, undefined, PARSE_OPTIONS);
  return tree !== undefined && findNodeAtLocation(tree, [...path, key]) !== undefined;
}

/**
 * `text` with `value` set at `path` (missing objects on the way are
 * created), or a new file holding `base` with `value` set there when `text`
 * is missing or blank. For an array, a path ending in its length appends.
 */
export function setJsonValue(text: string | undefined, path: JSONPath, value: unknown, base: Record<string, unknown> = {}): string {
  if (text === undefined || text.trim() === '') {
    const empty = JSON.stringify(base, null, 2);
    return `${applyEdits(empty, modify(empty, path, value, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } }))}\n`;
  }
  const isArrayInsertion = typeof path.at(-1) === 'number';
  const [edit, ...more] = modify(text, path, value, { isArrayInsertion });
  // A file kept on one line gets the entry on that line, as compact as the rest.
  if (!text.trim().includes('\n')) return applyEdits(text, [edit!, ...more]);
  // Added after a sibling: indented as that sibling, leaving its line alone (jsonc-parser would reformat the line).
  const container = findNodeAtLocation(parseTree(text, undefined, PARSE_OPTIONS)!, path.slice(0, -1));
  if (container && edit && more.length === 0 && edit.length === 0 && edit.content.startsWith(',')) {
    // A container written on one line gets the entry on that line too.
    if (!text.slice(container.offset, edit.offset).includes('\n')) return applyEdits(text, [edit]);
    const { eol, unit } = formattingOf(text);
    const indent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', edit.offset - 1) + 1))![0];
    const key = isArrayInsertion ? '' : `${JSON.stringify(path.at(-1))}: `;
    const entry = `${indent}${key}${JSON.stringify(value, null, unit).split('\n').join(`${eol}${indent}`)}`;
    // The sibling has a trailing comma (JSONC), maybe a comment after it: the entry goes on the next line, in the same style.
    const trailing = /^[ \t]*,[ \t]*(?:\/\/[^\r\n]*)?(?=\r?\n)/.exec(text.slice(edit.offset));
    if (trailing) return applyEdits(text, [{ offset: edit.offset + trailing[0].length, length: 0, content: `${eol}${entry},` }]);
    return applyEdits(text, [{ ...edit, content: `,${eol}${entry}` }]);
  }
  // The first entry of its object, or a new object on the way: jsonc-parser formats the lines it adds.
  return applyEdits(text, modify(text, path, value, { isArrayInsertion, formattingOptions: formattingOf(text).options }));
}

/** The indentation and line end the file already uses (two spaces when it shows none). */
function formattingOf(text: string): { eol: string; unit: string; options: FormattingOptions } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { eol, unit: '\t', options: { insertSpaces: false, tabSize: 1, eol } };
  const size = indent?.length ?? 2;
  return { eol, unit: ' '.repeat(size), options: { insertSpaces: true, tabSize: size, eol } };
}
