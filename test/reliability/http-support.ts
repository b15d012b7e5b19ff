/**
 * @fileoverview Helpers for the HTTP reliability tests (the server itself
 * is started by test/support/cli.ts): requests with exactly the headers a
 * test sets (fetch would not let it set Host), a raw 2026-07-28 JSON-RPC
 * call over the socket, and misbehaving clients: requests cut off midway,
 * connections held open.
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { envelope, finalReply, mcpHeaderValue, MODERN, type JsonRpcReply } from '../mcp/harness.js';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A POST of `body` (sent as is) with the JSON-RPC content headers plus `headers`. */
export function rawPost(url: string, headers: Record<string, string>, body: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    // The server may answer and close before a large body is sent: the status is what counts.
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The status line a server answers to a POST of `body` over a plain socket.
 * A server that refuses a large body answers and closes before reading it;
 * an HTTP client would report only its own broken pipe, this reads the answer.
 */
export function statusForBody(url: string, headers: Record<string, string>, body: Buffer, options: { readonly chunked?: boolean } = {}): Promise<string> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
    const head = Object.entries({ host: `${hostname}:${port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(options.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }), ...headers })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(`POST ${pathname} HTTP/1.1\r\n${head}\r\nconnection: close\r\n\r\n`);
    // Chunked: no length up front, so the server has to count what arrives.
    socket.end(options.chunked ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]) : body);
  });
}

let nextId = 1;

/** One 2026-07-28 JSON-RPC request over the socket; resolves with the HTTP response and the reply with its id. */
export async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: { readonly token?: string; readonly tasks?: boolean; readonly elicitation?: boolean } = {},
): Promise<{ readonly raw: RawResponse; readonly reply: JsonRpcReply }> {
  const id = nextId++;
  const name = ['taskId', 'name', 'uri'].map((key) => params[key]).find((value): value is string => typeof value === 'string');
  const raw = await rawPost(
    url,
    {
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(name !== undefined ? { 'mcp-name': mcpHeaderValue(name) } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(options.tasks === true, options.elicitation === true) } }),
  );
  return { raw, reply: finalReply(raw.body, id) };
}

/** How a client gives up on a request it has started: closing, resetting, or dribbling the body first. */
export type HangUp = 'close' | 'reset' | 'slow';

/**
 * Sends the headers of a POST announcing a 1,000-byte body and part of that
 * body, then hangs up as `how` says; resolves once the socket is closed.
 */
export function cutOffRequest(url: string, how: HangUp): Promise<void> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
    socket.write(`POST ${pathname} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: 1000\r\n\r\n{"jsonrpc":"2.0","id":1,`);
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
    void (async () => {
      if (how === 'slow') {
        for (let i = 0; i < 5; i++) {
          await pause(60);
          socket.write('"pad":"x",');
        }
      } else {
        await pause(2);
      }
      if (how === 'reset') socket.resetAndDestroy();
      else socket.destroy();
    })();
  });
}

/** A connection that has had one request answered and is kept alive; resolves with the socket and the status line. */
export function keptAliveConnection(url: string): Promise<{ readonly socket: Socket; readonly status: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`the connection closed: ${received}`)));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      // The 404 for another path is complete with its last (empty) chunk.
      if (received.endsWith('\r\n0\r\n\r\n')) resolve({ socket, status: received.split('\r\n')[0] ?? '' });
    });
    socket.write(`GET /keep-alive HTTP/1.1\r\nhost: ${hostname}:${port}\r\n\r\n`);
  });
}
