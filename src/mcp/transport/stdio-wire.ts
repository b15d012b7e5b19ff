/**
 * @fileoverview The stdio wire under the SDK's serveStdio: reads stdin one
 * line (one JSON-RPC message) at a time and answers every message that
 * cannot be served, as JSON-RPC 2.0 asks, instead of dropping it with a
 * stderr line. The SDK's own reader ends the server on a line over its
 * 10 MiB buffer, or stops reading; here:
 *
 * - a line over the limit is dropped as it streams in (nothing over the
 *   limit is held) and answered with an error naming the limit, with the
 *   request id when the line starts with it, else null; the next line is
 *   served as usual;
 * - text that is not JSON → -32700; JSON that is not a request,
 *   notification or response → -32600 (with its id when it has a usable one);
 * - a batch (an array) under a protocol version that removed batching, or
 *   an empty one → one -32600; under 2025-03-26 each message is served and
 *   the replies go back as one array, as JSON-RPC batches do. The version
 *   is the connection's: what initialize negotiated (or, for a 2026-07-28
 *   client that never initializes, what its first envelope claimed); a
 *   later message's `_meta` claiming another version changes nothing.
 * A message that is a response is never answered (two peers must not
 * answer each other's errors forever): it is reported only.
 */
import { INVALID_REQUEST, PARSE_ERROR, PROTOCOL_VERSION_META_KEY, isJSONRPCErrorResponse, isJSONRPCResultResponse, parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import { isJsonObject } from '../../pipeline/index.js';
import { batchRefusal } from './batch-policy.js';

/** How much of an oversized line is kept to find its id. */
const HEAD_BYTES = 512;
const NEWLINE = 0x0a;

type RequestId = string | number;

interface WireOptions {
  readonly maxLineBytes: number;
  /** Called once when the wire closes (stdin ended or broke, or close()): the host is gone. */
  readonly onClosed?: () => void;
  readonly stdin?: NodeJS.ReadableStream;
  readonly stdout?: NodeJS.WritableStream;
}

/** Replies still owed to one 2025-03-26 batch, sent as one array once all are in. */
interface OpenBatch {
  readonly owed: Set<RequestId>;
  readonly replies: unknown[];
}

export class StdioWire implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly stdin: NodeJS.ReadableStream;
  private readonly stdout: NodeJS.WritableStream;
  private readonly maxLineBytes: number;
  private readonly onClosed: (() => void) | undefined;
  /** The line read so far (below the limit). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The rest of the current line is dropped (it went over the limit and was answered). */
  private dropping = false;
  /** The version the SDK negotiated (setProtocolVersion): final. */
  private negotiated: string | undefined;
  /** Until then: what the connection's initialize asked for, or its first 2026-07-28 envelope claimed. */
  private provisional: string | undefined;
  private readonly batches = new Map<RequestId, OpenBatch>();
  private closed = false;

  constructor(options: WireOptions) {
    this.maxLineBytes = options.maxLineBytes;
    this.onClosed = options.onClosed;
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
  }

  async start(): Promise<void> {
    // A stdin already at its end (the host closed it before we started) closes the wire at once.
    const stdin = this.stdin as NodeJS.ReadableStream & { readableEnded?: boolean; destroyed?: boolean };
    if (stdin.readableEnded || stdin.destroyed) setImmediate(this.onEnd);
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('close', this.onEnd);
    this.stdout.on('error', this.onStreamError);
  }

  /** The version initialize negotiated: it decides whether a batch is served. */
  setProtocolVersion(version: string): void {
    this.negotiated = version;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const id = isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message) ? message.id : undefined;
    const batch = id === undefined ? undefined : this.batches.get(id);
    if (batch && id !== undefined) {
      this.batches.delete(id);
      batch.owed.delete(id);
      batch.replies.push(message);
      return batch.owed.size === 0 ? this.write(batch.replies) : undefined;
    }
    return this.write(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('close', this.onEnd);
    // The stdout error listener stays: a late write failing on a closed pipe must not crash the process.
    this.stdin.pause();
    this.pending = [];
    this.onclose?.();
    this.onClosed?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE, start); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      this.take(bytes.subarray(start, end), true);
      start = end + 1;
    }
    if (start < bytes.length) this.take(bytes.subarray(start), false);
  };

  /** Adds a piece of the current line; `ends`: the line ends after it. */
  private take(piece: Buffer, ends: boolean): void {
    if (!this.dropping && this.pendingBytes + piece.length > this.maxLineBytes) {
      this.refuseOversized(headOf([...this.pending, piece]));
      this.pending = [];
      this.pendingBytes = 0;
      this.dropping = true;
    }
    if (this.dropping) {
      if (ends) this.dropping = false;
      return;
    }
    this.pending.push(piece);
    this.pendingBytes += piece.length;
    if (!ends) return;
    const line = Buffer.concat(this.pending).toString('utf8');
    this.pending = [];
    this.pendingBytes = 0;
    this.serveLine(line);
  }

  private refuseOversized(head: Buffer): void {
    const id = idAtStart(head.toString('latin1', 0, HEAD_BYTES));
    const limit = this.maxLineBytes;
    this.report(`a stdio message over ${limit} bytes was dropped${id === null ? '' : ` (request id ${JSON.stringify(id)})`}`);
    this.reply(errorReply(id, INVALID_REQUEST, `Invalid Request: the message is larger than the stdio limit of ${limit} bytes (${formatMiB(limit)}); it was dropped. Send smaller messages, or start the server with a larger --max-message-bytes`));
  }

  private serveLine(text: string): void {
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.report(`a stdio line is not JSON: ${(error as Error).message}`);
      this.reply(errorReply(null, PARSE_ERROR, `Parse error: the message is not valid JSON (${(error as Error).message}); send one JSON-RPC message per line`));
      return;
    }
    if (Array.isArray(value)) return this.serveBatch(value);
    const checked = this.validate(value);
    if ('message' in checked) this.deliver(checked.message);
    else if (checked.refusal) this.reply(checked.refusal);
  }

  private deliver(message: JSONRPCMessage): void {
    // The server negotiates asynchronously; a batch read right after initialize must already know the version.
    // Only the connection's opening message names it: initialize, or a 2026-07-28 client's first request.
    if (this.provisional === undefined || isInitialize(message)) this.provisional = versionNamedBy(message) ?? this.provisional;
    this.onmessage?.(message);
  }

  /** The message, or the error reply for an invalid one (none for an invalid response). */
  private validate(value: unknown): { readonly message: JSONRPCMessage } | { readonly refusal?: unknown } {
    try {
      return { message: parseJSONRPCMessage(value) };
    } catch {
      const problem = invalidRequestProblem(value);
      this.report(`an invalid JSON-RPC message on stdio: ${problem}`);
      return looksLikeResponse(value) ? {} : { refusal: errorReply(usableId(value), INVALID_REQUEST, `Invalid Request: ${problem}`) };
    }
  }

  private serveBatch(batch: readonly unknown[]): void {
    const refusal = batchRefusal(batch, this.negotiated ?? this.provisional, 'send each message on its own line');
    if (refusal) {
      this.report(refusal);
      this.reply(errorReply(null, INVALID_REQUEST, refusal));
      return;
    }
    const open: OpenBatch = { owed: new Set(), replies: [] };
    const messages: JSONRPCMessage[] = [];
    for (const value of batch) {
      const checked = this.validate(value);
      if (!('message' in checked)) {
        if (checked.refusal) open.replies.push(checked.refusal);
        continue;
      }
      messages.push(checked.message);
      // Every request of the batch owes one reply; the array goes out when the last is in.
      const id = 'method' in checked.message && 'id' in checked.message ? checked.message.id : undefined;
      if (id !== undefined && !this.batches.has(id)) {
        open.owed.add(id);
        this.batches.set(id, open);
      }
    }
    for (const message of messages) this.deliver(message);
    // A batch of notifications (and refusals only) is complete at once; one of notifications only gets no reply.
    if (open.owed.size === 0 && open.replies.length > 0) this.reply(open.replies);
  }

  /** Writes a reply of the wire's own; a failed write is reported, never thrown. */
  private reply(payload: unknown): void {
    this.write(payload).catch((error: Error) => this.onerror?.(error));
  }

  private write(payload: unknown): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the stdio transport is closed'));
    return new Promise((resolve, reject) => {
      const settle = (error?: Error | null): void => {
        this.stdout.off('drain', settle);
        this.stdout.off('error', settle);
        if (error) reject(error);
        else resolve();
      };
      // A full pipe waits for drain; a broken one rejects (and onStreamError closes the wire).
      this.stdout.once('error', settle);
      if (this.stdout.write(`${JSON.stringify(payload)}\n`)) settle();
      else this.stdout.once('drain', settle);
    });
  }

  private report(message: string): void {
    this.onerror?.(new Error(message));
  }

  private readonly onStreamError = (error: Error): void => {
    if (this.closed) return;
    this.onerror?.(error);
    void this.close();
  };

  private readonly onEnd = (): void => void this.close();
}

/** The version an initialize asks for or a 2026-07-28 envelope claims (what the server will serve). */
function versionNamedBy(message: JSONRPCMessage): string | undefined {
  const params = 'params' in message && isJsonObject(message.params) ? message.params : undefined;
  if (!params) return undefined;
  if (isInitialize(message)) return typeof params['protocolVersion'] === 'string' ? params['protocolVersion'] : undefined;
  const meta = isJsonObject(params['_meta']) ? params['_meta'] : undefined;
  const claimed = meta?.[PROTOCOL_VERSION_META_KEY];
  return typeof claimed === 'string' ? claimed : undefined;
}

function isInitialize(message: JSONRPCMessage): boolean {
  return 'method' in message && message.method === 'initialize';
}

/** The first HEAD_BYTES of the pieces of a line, without copying the rest. */
function headOf(pieces: readonly Buffer[]): Buffer {
  const head: Buffer[] = [];
  let length = 0;
  for (const piece of pieces) {
    if (length >= HEAD_BYTES) break;
    head.push(piece.subarray(0, HEAD_BYTES - length));
    length += head[head.length - 1]!.length;
  }
  return Buffer.concat(head);
}

function errorReply(id: RequestId | null, code: number, message: string): unknown {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/**
 * The request id of a line that starts with it (`{"jsonrpc":"2.0","id":7,…`,
 * or `{"id":7,…`, or after the method), else null: the rest of the line was
 * never read, so an id further in cannot be trusted.
 */
function idAtStart(head: string): RequestId | null {
  const match = /^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"\\]{0,100}"\s*,)*\s*"id"\s*:\s*(-?\d{1,16}|"[^"\\]{0,200}")\s*[,}]/.exec(head);
  if (!match?.[1]) return null;
  return match[1].startsWith('"') ? match[1].slice(1, -1) : Number(match[1]);
}

/** An id a reply may carry (JSON-RPC: a string or a number; null is not a request id). */
function usableId(value: unknown): RequestId | null {
  const id = isJsonObject(value) ? value['id'] : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

function looksLikeResponse(value: unknown): boolean {
  return isJsonObject(value) && !('method' in value) && ('result' in value || 'error' in value);
}

/** What is wrong with a message the schema refused, in a sentence. */
function invalidRequestProblem(value: unknown): string {
  const expected = 'expected {"jsonrpc":"2.0","id":<string or number>,"method":<string>,"params"?:<object>}';
  if (!isJsonObject(value)) return `a JSON-RPC message is an object, got ${value === null ? 'null' : typeof value}; ${expected}`;
  if (value['jsonrpc'] !== '2.0') return `"jsonrpc" must be "2.0" (got ${shown(value['jsonrpc'])}); ${expected}`;
  if ('id' in value && usableId(value) === null) return `"id" must be a string or a number (got ${shown(value['id'])}); ${expected}`;
  if (!('method' in value) && !looksLikeResponse(value)) return `no "method"; ${expected}`;
  if ('method' in value && typeof value['method'] !== 'string') return `"method" must be a string; ${expected}`;
  if ('params' in value && !isJsonObject(value['params'])) return `"params" must be an object; ${expected}`;
  return `not a request, notification or response; ${expected}`;
}

/** A value as JSON, cut to a length a one-line message can carry. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function formatMiB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
}
