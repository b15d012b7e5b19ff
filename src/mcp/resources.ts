/**
 * @fileoverview Resources an agent can read: the effective configuration
 * (defaults filled in) and the rule catalog with each rule's documentation.
 */
import { ResourceNotFoundError, ResourceTemplate, type McpServer, type ReadResourceResult } from '@modelcontextprotocol/server';
import { ruleCatalog, ruleDocs, UserError, type ReviewService } from '../pipeline/index.js';

const CONFIG_URI = 'review-guard://config';
const RULES_URI = 'review-guard://rules';

function json(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }] };
}

export function registerResources(mcp: McpServer, service: () => Promise<ReviewService>): void {
  mcp.registerResource(
    'config',
    CONFIG_URI,
    { title: 'Effective configuration', description: 'review-guard.config.json with every default filled in, and the file it came from.', mimeType: 'application/json' },
    async () => {
      try {
        const { loaded, root } = await service();
        return json(CONFIG_URI, { root, source: loaded.source ?? null, config: loaded.config });
      } catch (error) {
        // A broken config is what the reader needs to see, not a protocol failure.
        if (error instanceof UserError) return json(CONFIG_URI, { error: error.message });
        throw error;
      }
    },
  );
  mcp.registerResource(
    'rules',
    RULES_URI,
    { title: 'Rule catalog', description: 'Every rule: id, kind (deterministic or model-judged), default severity, description.', mimeType: 'application/json' },
    () => json(RULES_URI, ruleCatalog()),
  );
  mcp.registerResource(
    'rule-docs',
    new ResourceTemplate(`${RULES_URI}/{id}`, {
      list: () => ({
        resources: ruleCatalog().map((rule) => ({ uri: `${RULES_URI}/${rule.id}`, name: rule.id, title: `Rule ${rule.id}`, description: rule.description, mimeType: 'text/markdown' })),
      }),
    }),
    { title: 'Rule documentation', description: 'The documentation of one rule: why, options, examples.', mimeType: 'text/markdown' },
    async (uri, variables) => {
      const id = String(variables['id'] ?? '');
      const text = await ruleDocs(id);
      if (text === undefined) throw new ResourceNotFoundError(uri.href);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
    },
  );
}
