/**
 * @fileoverview Config validation problems as messages a person can act on:
 * each names the key, the value found there and the values allowed (read
 * from the generated JSON Schema, so they match what editors offer), and an
 * unknown key comes with the nearest known one.
 */
import type { z } from 'zod';
import { describeAllowed, knownKeys, schemaAt, type JsonSchemaNode } from './json-schema.js';
import { ConfigError } from '../errors.js';

// More problems than this at once are summarised; the first ones usually explain the rest.
const MAX_LISTED = 5;
const MAX_VALUE_CHARS = 60;

/** Where a validated value sits: its key path in the config and its JSON Schema (default: the whole config). */
interface IssueScope {
  readonly prefix: readonly PropertyKey[];
  readonly schema?: JsonSchemaNode;
}

/** One ConfigError for every issue of a failed parse of `input`; its `key` is the first issue's. */
export function configErrorFromIssues(error: z.ZodError, input: unknown, origin: string, scope: IssueScope = { prefix: [] }): ConfigError {
  const problems = error.issues.flatMap((issue) => describeIssue(issue, input, scope));
  const first = problems[0]!;
  if (problems.length === 1) return new ConfigError(`${origin}: ${first.text}`, first.key);
  const listed = problems.slice(0, MAX_LISTED).map((p) => p.text);
  if (problems.length > MAX_LISTED) listed.push(`and ${problems.length - MAX_LISTED} more`);
  return ConfigError.listing(`${origin}: ${problems.length} problems:`, listed, first.key);
}

interface Problem {
  readonly key: string;
  readonly text: string;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, scope: IssueScope): Problem[] {
  const branch = fittingBranch(issue);
  if (branch) return branch.flatMap((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] }, input, scope));
  return [describeOne(issue, input, scope)];
}

/**
 * For a union none of whose forms matched: the issues of the one form the
 * value has the shape of (it failed deeper inside, e.g. a bad option in
 * `["error", {...}]`), so the message points at the real problem; undefined
 * when the value fits no form's shape or several.
 */
function fittingBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] | undefined {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return undefined;
  const deeper = issue.errors.filter((branch) => branch.some((inner) => inner.path.length > 0));
  return deeper.length === 1 ? deeper[0] : undefined;
}

function describeOne(issue: z.core.$ZodIssue, input: unknown, scope: IssueScope): Problem {
  const path = [...scope.prefix, ...issue.path];
  const key = keyName(path);
  const allowedAt = (p: readonly PropertyKey[]) => schemaAt(p.slice(scope.prefix.length), scope.schema);
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeys(allowedAt(path));
    const names = issue.keys.map((k) => keyName([...path, k]));
    const hints = issue.keys.map((k) => closestName(k, known)).filter((h): h is string => h !== undefined);
    const mean = hints.length > 0 ? `did you mean ${hints.map((h) => `"${keyName([...path, h])}"`).join(', ')}? ` : '';
    return {
      key: names[0]!,
      text: `unknown key ${names.map((n) => `"${n}"`).join(', ')} (${mean}allowed${key === '' ? '' : ` in "${key}"`}: ${known.join(', ')})`,
    };
  }
  const value = valueAt(input, issue.path);
  const found = value === undefined ? 'is missing' : `is ${show(value)}`;
  // A refinement's own message says what is expected better than the schema can.
  const expected = issue.code === 'custom' ? issue.message : `expected ${describeAllowed(allowedAt(path))}`;
  return { key: key || '(root)', text: `"${key || '(root)'}" ${found}; ${expected}` };
}

/** Dotted key, e.g. `index.semantic.model`, with array positions as `[n]`. */
function keyName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, segment) => {
    if (typeof segment === 'number') return `${name}[${segment}]`;
    return name === '' ? String(segment) : `${name}.${String(segment)}`;
  }, '');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/**
 * The known name `word` most likely misspells: a small edit distance
 * (about a third of its length) or one name containing the other
 * (`turns` → `maxTurns`); undefined when nothing is close.
 */
export function closestName(word: string, known: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const other = name.toLowerCase();
    const contains = Math.min(lower.length, other.length) >= 3 && (other.includes(lower) || lower.includes(other));
    const distance = contains ? 0.5 : editDistance(lower, other);
    if (distance <= Math.max(1, Math.floor(lower.length / 3)) && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Edit distance counting insertions, deletions, substitutions and swaps of neighbours (`modle` → `model` is 1). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row[j] = best;
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
