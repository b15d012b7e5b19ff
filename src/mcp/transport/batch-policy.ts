/**
 * @fileoverview JSON-RPC batches, for both transports. MCP 2025-06-18
 * removed them; the SDK refuses a batch under 2026-07-28 headers but still
 * serves one to a 2025-era HTTP request of any version (and stdio reads no
 * batch at all), so one message could start a hundred reviews. A batch is
 * refused for every protocol version that removed batching; 2025-03-26,
 * which had them, keeps them.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';

/** The first protocol version without JSON-RPC batching. Versions are ISO dates: they compare as strings. */
const FIRST_VERSION_WITHOUT_BATCHES = '2025-06-18';
/** What a server assumes of a message that names no version (Streamable HTTP, "Protocol Version Header"). */
const ASSUMED_VERSION = '2025-03-26';
/** The most messages one batch may hold where batches are served: the SDK's cap over HTTP, ours on stdio. */
const MAX_BATCH_MESSAGES = 100;

/**
 * Why `batch` may not be served under `version` (the negotiated or declared
 * one; absent: what an initialize or request envelope in the batch names,
 * else the assumed 2025-03-26), or undefined when it may. `instead` says
 * how this transport sends messages one by one.
 */
export function batchRefusal(batch: readonly unknown[], version: string | undefined, instead: string): string | undefined {
  const effective = version ?? versionClaimedBy(batch) ?? ASSUMED_VERSION;
  if (batch.length === 0) return `Invalid Request: an empty JSON-RPC batch; ${instead}`;
  if (effective < FIRST_VERSION_WITHOUT_BATCHES) {
    return batch.length > MAX_BATCH_MESSAGES ? `Invalid Request: a JSON-RPC batch of ${batch.length} messages; at most ${MAX_BATCH_MESSAGES} are served in one batch` : undefined;
  }
  return `Invalid Request: a JSON-RPC batch (an array of ${batch.length} messages) is not part of MCP ${effective}: batching was removed in ${FIRST_VERSION_WITHOUT_BATCHES}; ${instead}`;
}

/** Why an HTTP body may not be served as it is (a batch under a version without batches), or undefined. */
export function httpBatchRefusal(body: Buffer, headers: IncomingHttpHeaders): string | undefined {
  // Only a body that starts with '[' can be a batch: everything else is parsed once, by the SDK.
  if (body.toString('latin1', 0, Math.min(body.length, 64)).trimStart()[0] !== '[') return undefined;
  let batch: unknown;
  try {
    batch = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined; // the SDK answers it as a parse error
  }
  if (!Array.isArray(batch)) return undefined;
  const header = headers['mcp-protocol-version'];
  return batchRefusal(batch, typeof header === 'string' && header.length > 0 ? header : undefined, 'send each request in its own POST');
}

/** The version an initialize or a request envelope in the batch names. */
function versionClaimedBy(batch: readonly unknown[]): string | undefined {
  for (const message of batch) {
    const params = typeof message === 'object' && message !== null ? (message as { params?: unknown }).params : undefined;
    if (typeof params !== 'object' || params === null) continue;
    const { protocolVersion, _meta } = params as { protocolVersion?: unknown; _meta?: Record<string, unknown> };
    if ((message as { method?: unknown }).method === 'initialize' && typeof protocolVersion === 'string') return protocolVersion;
    const claimed = _meta?.[PROTOCOL_VERSION_META_KEY];
    if (typeof claimed === 'string') return claimed;
  }
  return undefined;
}
