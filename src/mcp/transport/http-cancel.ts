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
 * A cancel stops only its sender's request. Every client counts its ids
 * from 0 or 1 and the bearer token is one per server, so neither the id nor
 * the credentials tell two clients apart: each 2025-era `initialize` is
 * answered with an `Mcp-Session-Id` of its own (a random UUID; Streamable
 * HTTP 2025-03-26 on: the client "MUST include it" on every later request),
 * and a request is known by its id, its session and its Authorization
 * header. The server stays stateless: the session names the client, it
 * holds nothing, and a request without one is served as before. A cancel
 * that carries no session id cannot be told from another client's and
 * stops nothing (reported); neither does one whose id two requests of the
 * same session share.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PROTOCOL_VERSION_META_KEY, type McpServer } from '@modelcontextprotocol/server';

/** The servers the factory made while one POST was served (one; a request never needs more). */
interface Exchange {
  readonly servers: McpServer[];
}

type RequestId = string | number;

/** A POST body as far as cancellation cares. */
type Parsed = { readonly kind: 'request'; readonly id: RequestId; readonly initialize: boolean } | { readonly kind: 'cancel'; readonly requestId: RequestId } | { readonly kind: 'other' };

/** The response header that hands a 2025-era client its session id, and the request header it comes back in. */
const SESSION_HEADER = 'mcp-session-id';

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
   * registered until it is answered, and an initialize gets its session id
   * (`setHeader`, before the SDK writes the response); a 2025-era cancel of
   * the sender's own request in flight closes that request's server first.
   */
  async serve(body: Buffer, headers: IncomingHttpHeaders, setHeader: (name: string, value: string) => void, serve: () => Promise<void>): Promise<void> {
    const parsed = parse(body);
    if (parsed.kind === 'cancel') this.cancel(headers, parsed.requestId);
    if (parsed.kind !== 'request') return serve();
    if (parsed.initialize) setHeader(SESSION_HEADER, randomUUID());
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

  private cancel(headers: IncomingHttpHeaders, requestId: RequestId): void {
    if (!sessionOf(headers)) {
      this.onerror?.(new Error(`notifications/cancelled for request ${JSON.stringify(requestId)} carries no Mcp-Session-Id, so it cannot be told from another client's; nothing was stopped (send the session id initialize returned)`));
      return;
    }
    const matching = this.inFlight.get(keyOf(headers, requestId));
    if (!matching) return; // answered already, or never here: nothing to stop
    if (matching.size > 1) {
      this.onerror?.(new Error(`notifications/cancelled names a request id that ${matching.size} requests in flight share; none was stopped`));
      return;
    }
    for (const exchange of matching) for (const server of exchange.servers) void server.close().catch((error: Error) => this.onerror?.(error));
  }
}

function sessionOf(headers: IncomingHttpHeaders): string {
  const session = headers[SESSION_HEADER];
  return typeof session === 'string' ? session : '';
}

function keyOf(headers: IncomingHttpHeaders, id: RequestId): string {
  return JSON.stringify([headers.authorization ?? '', sessionOf(headers), id]);
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
  if (typeof method === 'string' && isRequestId(id)) return { kind: 'request', id, initialize: method === 'initialize' };
  return { kind: 'other' };
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}
