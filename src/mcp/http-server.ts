/**
 * @fileoverview Streamable HTTP for the MCP server: stateless (a fresh server
 * per request from the SDK's createMcpHandler), on loopback by default, with
 * Host and Origin validation against DNS rebinding and an optional bearer
 * token compared in constant time. A non-loopback bind needs a token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';
import { isLoopbackHost, UserError } from '../pipeline/index.js';

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

interface HttpServeOptions {
  /** Address to bind; loopback unless a token is set. */
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Required as `Authorization: Bearer <token>` when set. */
  readonly token?: string;
  readonly onerror?: (error: Error) => void;
}

export interface RunningHttpServer {
  /** e.g. `http://127.0.0.1:7331/mcp`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `factory` at `MCP_HTTP_PATH`; rejects with a UserError when it may not or cannot bind. */
export async function serveHttp(factory: () => McpServer, options: HttpServeOptions): Promise<RunningHttpServer> {
  if (!isLoopbackHost(options.host) && !options.token) {
    throw new UserError(
      `refusing to serve on ${options.host} without a token: anyone who can reach that address could run reviews. ` +
        'Set REVIEW_GUARD_TOKEN (clients then send "Authorization: Bearer <token>"), or bind a loopback address',
    );
  }
  const onerror = options.onerror ? { onerror: options.onerror } : {};
  const handler = createMcpHandler(factory, { ...onerror, maxRequestBodySize: MAX_REQUEST_BODY_BYTES });
  const forward = toNodeHandler(handler, { ...onerror, maxRequestBodySize: MAX_REQUEST_BODY_BYTES });
  // A bound name is allowed alongside loopback names; a wildcard bind allows loopback only (use a token and a proxy).
  const allowed = isLoopbackHost(options.host) || ['0.0.0.0', '::', '[::]'].includes(options.host) ? LOOPBACK_NAMES : [...LOOPBACK_NAMES, bracketed(options.host)];
  const validHost = hostHeaderValidation(allowed);
  const validOrigin = originValidation(allowed);
  const authorized = options.token === undefined ? () => true : bearerCheck(options.token);

  const server = createServer((req, res) => {
    if (pathOf(req) !== MCP_HTTP_PATH) return reject(res, 404, `not found: the MCP endpoint is ${MCP_HTTP_PATH}`);
    if (!validHost(req, res) || !validOrigin(req, res)) return;
    if (!authorized(req.headers.authorization)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="review-guard"');
      return reject(res, 401, 'missing or wrong bearer token');
    }
    void serve(req, res);
  });
  // The body is read here, before the SDK sees the request: answering 413 while the client is
  // still sending makes the server's close reset the connection, and the client may never read it.
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD') return forward(req, res);
    const body = await readBody(req);
    if (body === undefined) {
      res.setHeader('Connection', 'close');
      return reject(res, 413, `Payload Too Large: the request body must not exceed ${MAX_REQUEST_BODY_BYTES} bytes`);
    }
    return forward(replay(req, body), res);
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new UserError(`cannot serve on ${options.host}:${options.port}: ${error.code === 'EADDRINUSE' ? 'the port is in use, choose another with --port' : error.message}`)),
    );
    server.listen(options.port, options.host, resolve);
  });
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
 * The request body, or undefined when it is larger than the limit; then the
 * rest is read and dropped (up to DRAIN_LIMIT_BYTES, after which the
 * connection is cut), so the 413 goes out once the client has finished sending.
 */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > DRAIN_LIMIT_BYTES) {
      req.destroy();
      return undefined;
    }
    if (received <= MAX_REQUEST_BODY_BYTES) chunks.push(chunk);
  }
  return received > MAX_REQUEST_BODY_BYTES ? undefined : Buffer.concat(chunks);
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

function reject(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
}
