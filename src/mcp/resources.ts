/**
 * @fileoverview Resources an agent can read: the effective configuration
 * (defaults filled in), the rule catalog and each rule's documentation.
 * Served on the low-level server with params checked at the edge: the
 * SDK's McpServer checks them against the wire schema and answers a wrong
 * type (`{"uri": 5}`) with -32603 and a raw schema dump; here it is -32602
 * with one line naming the field. An unknown resource is a
 * ResourceNotFoundError (-32602 with `{uri}`; -32002 to 2025-era clients,
 * wire-fixes.ts).
 */
import { z } from 'zod';
import { ResourceNotFoundError, type McpServer, type ReadResourceResult, type Resource } from '@modelcontextprotocol/server';
import { ruleCatalog, ruleDocs, UserError, type ReviewService } from '../pipeline/index.js';
import { ListParams } from './list-params.js';

const CONFIG_URI = 'review-guard://config';
const RULES_URI = 'review-guard://rules';
const RULE_DOCS_TEMPLATE = `${RULES_URI}/{id}`;
const RULE_DOCS_PREFIX = `${RULES_URI}/`;

const ReadParams = z.looseObject({ uri: z.string({ error: `expected a resource URI string such as "${CONFIG_URI}"` }).min(1, 'expected a resource URI, got an empty string') });

const FIXED: readonly Resource[] = [
  { uri: CONFIG_URI, name: 'config', title: 'Effective configuration', description: 'review-guard.config.json with every default filled in, and the file it came from.', mimeType: 'application/json' },
  { uri: RULES_URI, name: 'rules', title: 'Rule catalog', description: 'Every rule: id, kind (deterministic or model-judged), default severity, description.', mimeType: 'application/json' },
];

function json(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }] };
}

export function registerResources(mcp: McpServer, service: () => Promise<ReviewService>): void {
  mcp.server.setRequestHandler('resources/list', { params: ListParams }, () => ({
    resources: [
      ...FIXED,
      ...ruleCatalog().map((rule) => ({ uri: `${RULE_DOCS_PREFIX}${rule.id}`, name: rule.id, title: `Rule ${rule.id}`, description: rule.description, mimeType: 'text/markdown' })),
    ],
  }));
  mcp.server.setRequestHandler('resources/templates/list', { params: ListParams }, () => ({
    resourceTemplates: [{ uriTemplate: RULE_DOCS_TEMPLATE, name: 'rule-docs', title: 'Rule documentation', description: 'The documentation of one rule: why, options, examples.', mimeType: 'text/markdown' }],
  }));
  mcp.server.setRequestHandler('resources/read', { params: ReadParams }, async ({ uri }) => {
    if (uri === CONFIG_URI) return readConfig(service);
    if (uri === RULES_URI) return json(RULES_URI, ruleCatalog());
    const id = uri.startsWith(RULE_DOCS_PREFIX) ? uri.slice(RULE_DOCS_PREFIX.length) : undefined;
    const text = id && !id.includes('/') ? await ruleDocs(id) : undefined;
    if (text === undefined) throw new ResourceNotFoundError(uri, `Resource not found: ${uri} (resources/list names every resource)`);
    return { contents: [{ uri, mimeType: 'text/markdown', text }] };
  });
}

async function readConfig(service: () => Promise<ReviewService>): Promise<ReadResourceResult> {
  try {
    const { loaded, root } = await service();
    return json(CONFIG_URI, { root, source: loaded.source ?? null, config: loaded.config });
  } catch (error) {
    // A broken config is what the reader needs to see, not a protocol failure.
    if (error instanceof UserError) return json(CONFIG_URI, { error: error.message });
    throw error;
  }
}
