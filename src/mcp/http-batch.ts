/**
 * @fileoverview JSON-RPC batches over HTTP. MCP 2025-06-18 removed them; the
 * SDK refuses a batch under 2026-07-28 headers but still serves one to a
 * 2025-era request of any version, so one POST could start a hundred
 * reviews. A batch is refused for every protocol version that removed
 * batching; 2025-03-26, which had them, keeps them.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';

/** The first protocol version without JSON-RPC batching. Versions are ISO dates: they compare as strings. */
const FIRST_VERSION_WITHOUT_BATCHES = '2025-06-18';
/** What a server assumes of a request without `MCP-Protocol-Version` (Streamable HTTP, "Protocol Version Header"). */
const ASSUMED_VERSION = '2025-03-26';

/** Why the body may not be served as it is (a batch under a version without batches), or undefined. */
export function batchRefusal(body: Buffer, headers: IncomingHttpHeaders): string | undefined {
  // Only a body that starts with '[' can be a batch: everything else is parsed once, by the SDK.
  if (body.toString('latin1', 0, Math.min(body.length, 64)).trimStart()[0] !== '[') return undefined;
  let batch: unknown;
  try {
    batch = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined; // the SDK answers it as a parse error
  }
  if (!Array.isArray(batch)) return undefined;
  const version = declaredVersion(headers, batch);
  if (version < FIRST_VERSION_WITHOUT_BATCHES) return undefined;
  return `Invalid Request: a JSON-RPC batch (an array of ${batch.length} messages) is not part of MCP ${version}: batching was removed in ${FIRST_VERSION_WITHOUT_BATCHES}; send each request in its own POST`;
}

/** The header's version, else what an initialize or a request envelope in the batch names, else the assumed one. */
function declaredVersion(headers: IncomingHttpHeaders, batch: readonly unknown[]): string {
  const header = headers['mcp-protocol-version'];
  if (typeof header === 'string' && header.length > 0) return header;
  for (const message of batch) {
    const params = typeof message === 'object' && message !== null ? (message as { params?: unknown }).params : undefined;
    if (typeof params !== 'object' || params === null) continue;
    const { protocolVersion, _meta } = params as { protocolVersion?: unknown; _meta?: Record<string, unknown> };
    if ((message as { method?: unknown }).method === 'initialize' && typeof protocolVersion === 'string') return protocolVersion;
    const claimed = _meta?.[PROTOCOL_VERSION_META_KEY];
    if (typeof claimed === 'string') return claimed;
  }
  return ASSUMED_VERSION;
}
