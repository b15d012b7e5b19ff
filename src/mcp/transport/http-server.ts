/**
 * @fileoverview Streamable HTTP for the MCP server: stateless (a fresh server
 * per request from the SDK's createMcpHandler), on loopback by default, with
 * Host and Origin validation against DNS rebinding and an optional bearer
 * token compared in constant time. A non-loopback bind needs a token.
 * Every request ends on its own: a client that hangs up mid-body, resets
 * or sends too slowly costs that request only, never the server.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, INVALID_REQUEST, type McpRequestContext, type McpServer } from '@modelcontextprotocol/server';
import { isLoopbackHost, UserError } from '../../pipeline/index.js';
import { httpBatchRefusal } from './batch-policy.js';
import { HttpCancellation } from './http-cancel.js';
import { capConnections } from './http-connections.js';

const MCP_HTTP_PATH = '/mcp';
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
/**
 * Largest request body read (the SDK's default, stated here so it is ours):
 * 200 paths of 4 KiB fit, and so does the signed state of a duplicate question.
 * A larger body is answered 413 before it is parsed.
 */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;
// An oversized body is read on and dropped up to this much, then the connection is cut.
const DRAIN_LIMIT_BYTES = 4 * MAX_REQUEST_BODY_BYTES;
/**
 * Slow clients (slow loris): the request headers must arrive within 10 s of
 * the connection, the whole request within 30 s — a 4 MiB body takes
 * milliseconds on loopback. Node answers 408 and closes the connection (an
 * idle kept-alive one closes after Node's 5 s keepAliveTimeout). The
 * response may take as long as the review does: these bound only what the
 * client sends.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
// How often Node checks those timeouts (its default, 30 s, would let a slow client stay three times as long).
const TIMEOUT_CHECK_INTERVAL_MS = 1000;
/** What a client over the connection cap is told to wait before it tries again. */
const RETRY_AFTER_SECONDS = 1;
/**
 * A Host header is `host[:port]` (RFC 9112 §3.2, RFC 3986 authority without
 * user info): a name, an IPv4 address or a bracketed IPv6 one. Anything else
 * (`evil.example@127.0.0.1`, a path) is a 400, as the RFC asks; the SDK's
 * check would read past the user info and let the request through.
 */
const HOST_HEADER = /^(?:\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::\d{1,5})?$/i;

interface HttpServeOptions {
  /** Address to bind; loopback unless a token is set. */
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Required as `Authorization: Bearer <token>` when set. */
  readonly token?: string;
  /** Connections served at once (`mcp.maxConnections`); a request on one more is answered 503. */
  readonly maxConnections: number;
  readonly onerror?: (error: Error) => void;
}

export interface RunningHttpServer {
  /** e.g. `http://127.0.0.1:7331/mcp`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `factory` at `MCP_HTTP_PATH`; rejects with a UserError when it may not or cannot bind. */
export async function serveHttp(factory: (context: McpRequestContext) => McpServer, options: HttpServeOptions): Promise<RunningHttpServer> {
  if (!isLoopbackHost(options.host) && !options.token) {
    throw new UserError(
      `refusing to serve on ${options.host} without a token: anyone who can reach that address could run reviews. ` +
        'Set REVIEW_GUARD_TOKEN (clients then send "Authorization: Bearer <token>"), or bind a loopback address',
    );
  }
  const onerror = options.onerror ? { onerror: options.onerror } : {};
  const cancellation = new HttpCancellation(options.onerror);
  const adopted = (context: McpRequestContext): McpServer => {
    const server = factory(context);
    cancellation.adopt(server);
    return server;
  };
  const handler = createMcpHandler(adopted, { ...onerror, maxRequestBodySize: MAX_REQUEST_BODY_BYTES });
  const forward = toNodeHandler(handler, { ...onerror, maxRequestBodySize: MAX_REQUEST_BODY_BYTES });
  // A bound name is allowed alongside loopback names; a wildcard bind allows loopback only (use a token and a proxy).
  const allowed = isLoopbackHost(options.host) || ['0.0.0.0', '::', '[::]'].includes(options.host) ? LOOPBACK_NAMES : [...LOOPBACK_NAMES, bracketed(options.host)];
  const validHost = hostHeaderValidation(allowed);
  const validOrigin = originValidation(allowed);
  const authorized = options.token === undefined ? () => true : bearerCheck(options.token);

  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    (req, res) => void handle(req, res).catch((error: unknown) => failed(res, error)),
  );
  const overCap = capConnections(server, options.maxConnections);
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (overCap(req)) {
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.setHeader('Connection', 'close');
      return reject(res, 503, `Service Unavailable: ${options.maxConnections} connections are open (mcp.maxConnections); retry in ${RETRY_AFTER_SECONDS} s, or close idle connections`);
    }
    if (pathOf(req) !== MCP_HTTP_PATH) return reject(res, 404, `not found: the MCP endpoint is ${MCP_HTTP_PATH}`);
    const host = req.headers.host;
    if (host !== undefined && !HOST_HEADER.test(host)) {
      return reject(res, 400, `Bad Request: the Host header must be host[:port], without user info or a path (got ${JSON.stringify(host.slice(0, 100))})`);
    }
    if (!validHost(req, res) || !validOrigin(req, res)) return;
    if (!authorized(req.headers.authorization)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="review-guard"');
      return reject(res, 401, 'missing or wrong bearer token');
    }
    return serve(req, res);
  };
  // The body is read here, before the SDK sees the request: answering 413 while the client is
  // still sending makes the server's close reset the connection, and the client may never read it.
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD') return forward(req, res);
    const body = await readBody(req);
    if (body === 'gone') return void res.destroy();
    if (body === 'too-large') {
      res.setHeader('Connection', 'close');
      return reject(res, 413, `Payload Too Large: the request body must not exceed ${MAX_REQUEST_BODY_BYTES} bytes`);
    }
    const refusal = httpBatchRefusal(body, req.headers);
    if (refusal !== undefined) return reject(res, 400, refusal, INVALID_REQUEST);
    return cancellation.serve(body, req.headers, (name, value) => res.setHeader(name, value), () => forward(replay(req, body), res));
  };
  // Anything else that fails is ours: reported, and answered 500 if nothing was sent yet.
  const failed = (res: ServerResponse, error: unknown): void => {
    options.onerror?.(error instanceof Error ? error : new Error(String(error)));
    if (res.headersSent || res.destroyed) res.destroy();
    else reject(res, 500, 'Internal server error');
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new UserError(`cannot serve on ${options.host}:${options.port}: ${error.code === 'EADDRINUSE' ? 'the port is in use, choose another with --port' : error.message}`)),
    );
    server.listen(options.port, options.host, resolve);
  });
  // Once listening, a server error (accept failing for want of file descriptors) is reported, not thrown.
  server.removeAllListeners('error');
  server.on('error', (error: Error) => options.onerror?.(error));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${bracketed(options.host)}:${port}${MCP_HTTP_PATH}`,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Compares digests, so neither the token's content nor its length leaks through timing. */
function bearerCheck(token: string): (header: string | undefined) => boolean {
  const expected = createHash('sha256').update(token).digest();
  return (header) => {
    const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
    if (!match?.[1]) return false;
    return timingSafeEqual(createHash('sha256').update(match[1].trim()).digest(), expected);
  };
}

/**
 * The request body; 'too-large' when it is larger than the limit (the rest
 * is read and dropped up to DRAIN_LIMIT_BYTES, after which the connection is
 * cut), so the 413 goes out once the client has finished sending; 'gone'
 * when the client hung up, reset or timed out before the body was complete.
 */
async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large' | 'gone'> {
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > DRAIN_LIMIT_BYTES) {
        req.destroy();
        return 'too-large';
      }
      if (received <= MAX_REQUEST_BODY_BYTES) chunks.push(chunk);
    }
  } catch {
    return 'gone';
  }
  return received > MAX_REQUEST_BODY_BYTES ? 'too-large' : Buffer.concat(chunks);
}

/** The request with its body already read, as the SDK's adapter reads one: headers, method, URL and the body stream. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  return Object.assign(Readable.from(body.length > 0 ? [body] : []), { headers: req.headers, method: req.method, url: req.url }) as unknown as IncomingMessage;
}

function pathOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?')[0] ?? '/';
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function reject(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}
