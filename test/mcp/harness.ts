/**
 * @fileoverview Test harness for the MCP server in process: a copy of the
 * sample repository (optionally with extra files), a fake Ollama, the real
 * review service and task manager, and the server behind the SDK's
 * createMcpHandler. Tests talk to it through the SDK client (both eras) or
 * with raw JSON-RPC over the handler's fetch, as a 2026-07-28 client would.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { randomBytes } from 'node:crypto';
import { createMcpHandler, createRequestStateCodec, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { PendingAnswers } from '../../src/mcp/review-tool.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { TaskManager } from '../../src/mcp/tasks/task-manager.js';
import { InMemoryTaskStore, type InMemoryTaskStoreOptions } from '../../src/mcp/tasks/task-store.js';
import { createReviewService, type ReviewService } from '../../src/pipeline/index.js';
import { startFakeOllama, type FakeOllama, type FakeOllamaOptions, type FakeScript } from '../helpers/fake-ollama.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

export const MODERN = '2026-07-28';
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export interface HarnessOptions {
  readonly script?: FakeScript;
  readonly ollama?: FakeOllamaOptions;
  /** Replaces the sample repo's review-guard.config.json. */
  readonly config?: unknown;
  /** Adds src/gen/file-N.ts (N = 1..extraFiles), each with its own function. */
  readonly extraFiles?: number;
  readonly store?: InMemoryTaskStoreOptions;
  /** Lifetime of a signed requestState (default 600 s; negative: expired as soon as minted). */
  readonly stateTtlSeconds?: number;
}

/** How a test client answers an elicitation, given its message. */
export type ElicitationAnswer = (message: string) => { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string> } | Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string> }>;

export interface JsonRpcReply {
  readonly id?: number | string;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

export interface Harness {
  readonly repo: SampleRepo;
  readonly ollama: FakeOllama;
  readonly store: InMemoryTaskStore;
  readonly tasks: TaskManager;
  readonly handler: McpHttpHandler;
  readonly service: Promise<ReviewService>;
  /** Paths of the extra files, in order. */
  readonly extraFiles: readonly string[];
  /** An SDK client connected in-process, pinned to an era; `answer` makes it answer elicitations. */
  connect(era: 'legacy' | 'modern', answer?: ElicitationAnswer): Promise<Client>;
  /** One raw 2026-07-28 JSON-RPC request; `tasks` declares the Tasks extension in its capabilities. */
  raw(method: string, params: Record<string, unknown>, options?: { readonly tasks?: boolean; readonly elicitation?: boolean }): Promise<JsonRpcReply>;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const repo = await copySampleRepo(options.config);
  const extraFiles = await writeExtraFiles(repo.root, options.extraFiles ?? 0);
  const ollama = await startFakeOllama(options.script ?? [], options.ollama);
  const service = createReviewService({ root: repo.root, env: { OLLAMA_HOST: ollama.url }, watch: false });
  const store = new InMemoryTaskStore(options.store);
  const tasks = new TaskManager(store);
  const stateCodec = createRequestStateCodec<PendingAnswers>({ key: randomBytes(32), ttlSeconds: options.stateTtlSeconds ?? 600 });
  const handler = createMcpHandler((context) => createMcpServer({ service: () => service, tasks, stateCodec }, context));
  const fetchInProcess = (url: string | URL, init?: RequestInit): Promise<Response> => handler.fetch(new Request(url, init));
  const clients: Client[] = [];
  let nextId = 1;
  return {
    repo,
    ollama,
    store,
    tasks,
    handler,
    service,
    extraFiles,
    async connect(era, answer) {
      const client = new Client(
        { name: 'review-guard-test', version: '1.0.0' },
        { versionNegotiation: { mode: era === 'modern' ? { pin: MODERN } : 'legacy' }, ...(answer ? { capabilities: { elicitation: { form: {} } } } : {}) },
      );
      if (answer) client.setRequestHandler('elicitation/create', async (request) => answer(request.params.message));
      await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), { fetch: fetchInProcess }));
      clients.push(client);
      return client;
    },
    async raw(method, params, rawOptions = {}) {
      const id = nextId++;
      const body = { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(rawOptions.tasks === true, rawOptions.elicitation === true) } };
      const name = ['taskId', 'name', 'uri'].map((key) => params[key]).find((value): value is string => typeof value === 'string');
      const response = await handler.fetch(
        new Request('http://127.0.0.1/mcp', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': MODERN,
            'mcp-method': method,
            ...(name !== undefined ? { 'mcp-name': mcpHeaderValue(name) } : {}),
          },
          body: JSON.stringify(body),
        }),
      );
      return finalReply(await response.text(), id);
    },
    async close() {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await handler.close();
      await tasks.close();
      store.close();
      (await service.catch(() => undefined))?.close();
      await ollama.close();
      await repo.remove();
    },
  };
}

/**
 * Collects the params of every progress notification `client` receives, for
 * a test that expects none. It replaces the handler that feeds callTool's
 * `onprogress`, so give it a client of its own.
 */
export function progressReceived(client: Client): unknown[] {
  const received: unknown[] = [];
  client.setNotificationHandler('notifications/progress', (notification) => {
    received.push(notification.params);
  });
  return received;
}

/** A value for an Mcp-* header as the spec encodes it: plain printable ASCII as is, anything else as `=?base64?…?=`. */
export function mcpHeaderValue(value: string): string {
  const plain = value !== '' && value === value.trim() && /^[\t\x20-\x7e]*$/.test(value) && !(value.startsWith('=?base64?') && value.endsWith('?='));
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The 2026-07-28 request envelope (`_meta`), optionally declaring the Tasks extension and form elicitation. */
export function envelope(tasks: boolean, elicitation: boolean): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {
      ...(tasks ? { extensions: { [TASKS_EXTENSION]: {} } } : {}),
      ...(elicitation ? { elicitation: { form: {} } } : {}),
    },
  };
}

/** The JSON-RPC reply with `id`, from a JSON body or an SSE stream. */
export function finalReply(text: string, id: number): JsonRpcReply {
  const messages = text.trimStart().startsWith('{')
    ? [JSON.parse(text) as JsonRpcReply]
    : text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)) as JsonRpcReply);
  const reply = messages.find((m) => m.id === id);
  if (!reply) throw new Error(`no reply with id ${id} in: ${text.slice(0, 500)}`);
  return reply;
}

async function writeExtraFiles(root: string, count: number): Promise<string[]> {
  const files: string[] = [];
  if (count === 0) return files;
  await mkdir(join(root, 'src', 'gen'), { recursive: true });
  for (let n = 1; n <= count; n++) {
    const path = `src/gen/file-${n}.ts`;
    // Distinct bodies and vocabularies (every name and number its own), so the index finds neither copies nor reimplementations among them.
    const word = `weigh${[...String(n)].map((d) => 'abcdefghij'[Number(d)]).join('')}`;
    const body = Array.from({ length: (n % 4) + 3 }, (_, i) => `  ${word}sum += ${word}list[${i}]!.${word}w * ${n * 100 + i + 3};`).join('\n');
    await writeFile(join(root, path), `export function ${word}(${word}list: { ${word}w: number }[]): number {\n  let ${word}sum = ${n * 100 + 7};\n${body}\n  return ${word}sum;\n}\n`);
    files.push(path);
  }
  return files;
}
