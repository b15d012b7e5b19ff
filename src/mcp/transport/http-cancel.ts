/**
 * @fileoverview `notifications/cancelled` over HTTP for 2025-era requests.
 * The SDK serves each 2025-era POST with a fresh server (stateless), so a
 * cancel arriving in its own POST reaches a server that never saw the
 * request and is dropped; the review and the model request go on and the
 * result is sent. Here the request's POST remembers the server the factory
 * made for it (AsyncLocalStorage: the factory runs inside that POST's
 * handling), and a cancel naming its id closes that server: the handler's
 * AbortSignal fires (the review stops at the next file boundary, the model
 * request is aborted) and the SDK sends no response for the id; the
 * response stream ends. 2025-11-25: the receiver "SHOULD stop processing
 * the cancelled request … not send a response".
 *
 * Stateless HTTP names no client, so a request is known by its id plus the
 * Authorization and Mcp-Session-Id headers; when two requests in flight
 * share all three (two clients counting from 1), a cancel stops neither
 * and is reported: stopping the wrong client's review would be worse.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import { PROTOCOL_VERSION_META_KEY, type McpServer } from '@modelcontextprotocol/server';

/** The servers the factory made while one POST was served (one; a request never needs more). */
interface Exchange {
  readonly servers: McpServer[];
}

type RequestId = string | number;

/** A POST body as far as cancellation cares. */
type Parsed = { readonly kind: 'request'; readonly id: RequestId } | { readonly kind: 'cancel'; readonly requestId: RequestId } | { readonly kind: 'other' };

export class HttpCancellation {
  private readonly current = new AsyncLocalStorage<Exchange>();
  private readonly inFlight = new Map<string, Set<Exchange>>();

  constructor(private readonly onerror?: (error: Error) => void) {}

  /** Call from the server factory: the server belongs to the POST being served. */
  adopt(server: McpServer): void {
    this.current.getStore()?.servers.push(server);
  }

  /**
   * Serves one POST (`serve` forwards it to the SDK). A 2025-era request is
   * registered until it is answered; a 2025-era cancel of one in flight
   * closes that request's server first.
   */
  async serve(body: Buffer, headers: IncomingHttpHeaders, serve: () => Promise<void>): Promise<void> {
    const parsed = parse(body);
    if (parsed.kind === 'cancel') this.cancel(keyOf(headers, parsed.requestId));
    if (parsed.kind !== 'request') return serve();
    const key = keyOf(headers, parsed.id);
    const exchange: Exchange = { servers: [] };
    const same = this.inFlight.get(key) ?? new Set<Exchange>();
    same.add(exchange);
    this.inFlight.set(key, same);
    try {
      await this.current.run(exchange, serve);
    } finally {
      same.delete(exchange);
      if (same.size === 0) this.inFlight.delete(key);
    }
  }

  private cancel(key: string): void {
    const matching = this.inFlight.get(key);
    if (!matching) return; // answered already, or never here: nothing to stop
    if (matching.size > 1) {
      this.onerror?.(new Error(`notifications/cancelled names a request id that ${matching.size} requests in flight share; none was stopped`));
      return;
    }
    for (const exchange of matching) for (const server of exchange.servers) void server.close().catch((error: Error) => this.onerror?.(error));
  }
}

function keyOf(headers: IncomingHttpHeaders, id: RequestId): string {
  return JSON.stringify([headers.authorization ?? '', headers['mcp-session-id'] ?? '', id]);
}

/** What the body is, for a single 2025-era message (one that claims no 2026 envelope); anything else is 'other'. */
function parse(body: Buffer): Parsed {
  let message: unknown;
  try {
    message = JSON.parse(body.toString('utf8'));
  } catch {
    return { kind: 'other' };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return { kind: 'other' };
  const { id, method, params } = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown; _meta?: Record<string, unknown> } };
  if (typeof params?._meta?.[PROTOCOL_VERSION_META_KEY] === 'string') return { kind: 'other' };
  if (method === 'notifications/cancelled' && id === undefined && isRequestId(params?.requestId)) return { kind: 'cancel', requestId: params.requestId };
  if (typeof method === 'string' && isRequestId(id)) return { kind: 'request', id };
  return { kind: 'other' };
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}
