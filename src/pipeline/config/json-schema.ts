/**
 * @fileoverview The configuration's JSON Schema, generated from the zod
 * schema (the one source of truth), and what it says about one key: where
 * a config error points, which values it allows, which keys sit beside it.
 * The same JSON Schema is committed as review-guard.schema.json for editor
 * completion (a test fails when that file is stale; `npm run schema`).
 */
import { z } from 'zod';
import { listRules } from '../../../rules/index.js';
import { ConfigSchema } from './schema.js';

/** The subset of JSON Schema that `z.toJSONSchema` writes for the config. */
export interface JsonSchemaNode {
  readonly type?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly properties?: Readonly<Record<string, JsonSchemaNode>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: JsonSchemaNode | boolean;
  readonly items?: JsonSchemaNode;
  readonly prefixItems?: readonly JsonSchemaNode[];
  readonly anyOf?: readonly JsonSchemaNode[];
  readonly oneOf?: readonly JsonSchemaNode[];
}

/** The config's JSON Schema as editors read it: input shape, so defaulted keys are optional. */
export function configJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(ConfigSchema, { io: 'input' }) as Record<string, unknown>;
  // Each rule's catalog severity as its `default`, for editors and the docs (zod's own `.meta({default})`
  // is dropped for some option schemas); parsing is unaffected: an unlisted rule keeps that severity anyway.
  const rules = (generated['properties'] as Record<string, { properties: Record<string, Record<string, unknown>> }>)['rules']!;
  for (const meta of listRules()) rules.properties[meta.id]!['default'] = meta.defaultSeverity;
  const { $schema, ...rest } = generated;
  return { $schema, title: 'review-guard configuration', ...rest };
}

let cached: JsonSchemaNode | undefined;
function rootNode(): JsonSchemaNode {
  return (cached ??= configJsonSchema() as JsonSchemaNode);
}

/** The schema of the value at `path` (e.g. `['model', 'maxTurns']`), or undefined when no key there is known. */
export function schemaAt(path: readonly PropertyKey[], node: JsonSchemaNode = rootNode()): JsonSchemaNode | undefined {
  let current: JsonSchemaNode | undefined = node;
  for (const segment of path) {
    if (!current) return undefined;
    current = childOf(current, segment);
  }
  return current;
}

function childOf(node: JsonSchemaNode, segment: PropertyKey): JsonSchemaNode | undefined {
  const branches = node.oneOf ?? node.anyOf;
  if (branches) {
    // A key that several branches define (a discriminator) allows what any of them allows.
    const found = branches.map((branch) => childOf(branch, segment)).filter((n): n is JsonSchemaNode => n !== undefined);
    return found.length > 1 ? { anyOf: found } : found[0];
  }
  if (typeof segment === 'number') return node.prefixItems?.[segment] ?? node.items;
  const key = String(segment);
  if (node.properties && Object.hasOwn(node.properties, key)) return node.properties[key];
  return typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
}

/** The keys an object at `node` may hold (every branch's, for a union); `$comment`, a note and never a mistyped setting, left out. */
export function knownKeys(node: JsonSchemaNode | undefined): string[] {
  if (!node) return [];
  const branches = node.oneOf ?? node.anyOf;
  if (branches) return [...new Set(branches.flatMap(knownKeys))];
  return Object.keys(node.properties ?? {}).filter((key) => key !== '$comment');
}

/** What values `node` allows, in words: `an integer from 1 to 20`, `"off", "info", "warning" or "error"`. */
export function describeAllowed(node: JsonSchemaNode | undefined): string {
  if (!node) return 'nothing (the key is unknown)';
  const branches = node.oneOf ?? node.anyOf;
  if (branches) {
    if (branches.every((b) => b.const !== undefined)) return orList(branches.map((b) => JSON.stringify(b.const)));
    return orList([...new Set(branches.map(describeForm))]);
  }
  if (node.enum) return orList(node.enum.map((v) => JSON.stringify(v)));
  if (node.const !== undefined) return JSON.stringify(node.const);
  switch (node.type) {
    case 'boolean':
      return 'true or false';
    case 'integer':
    case 'number':
      return `${node.type === 'integer' ? 'an integer' : 'a number'}${range(node.minimum, node.maximum)}`;
    case 'string':
      return node.minLength ? 'a non-empty string' : 'a string';
    case 'array':
      return node.items?.type === 'string' ? 'an array of strings' : 'an array';
    case 'object': {
      const keys = knownKeys(node);
      return keys.length > 0 ? `an object with the keys ${keys.join(', ')}` : 'an object';
    }
    default:
      return node.description ?? 'any value';
  }
}

/** One form of a union, in words; `[a, b]` for a tuple, by what its items allow. */
function describeForm(node: JsonSchemaNode): string {
  if (node.type === 'array' && node.prefixItems) return `[${node.prefixItems.map((item) => (item.enum ? 'level' : 'options')).join(', ')}]`;
  if (node.type === 'object' && node.properties) return `{${Object.keys(node.properties).map((k) => `"${k}"`).join(', ')}}`;
  return describeAllowed(node);
}

function range(min: number | undefined, max: number | undefined): string {
  // zod writes MAX_SAFE_INTEGER as the maximum of every unbounded integer.
  const hasMax = max !== undefined && max < Number.MAX_SAFE_INTEGER;
  if (min !== undefined && hasMax) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` ≥ ${min}`;
  return hasMax ? ` ≤ ${max}` : '';
}

function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
