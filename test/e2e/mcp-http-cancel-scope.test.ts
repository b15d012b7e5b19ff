/**
 * End to end: a 2025-era cancel over Streamable HTTP stops its sender's
 * request only. Two real TS SDK v1 clients (`@modelcontextprotocol/sdk`
 * 1.32) against the `serve --http` child count their request ids alike;
 * each got its own Mcp-Session-Id from initialize, and the server scopes
 * a cancel to it.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama.js';
import { startServeHttp, waitFor, type ServeChild } from '../support/cli.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const A_FILES = ['src/config/load.ts', 'src/handler/http-handler.ts', 'src/util/strings.ts'];
const B_FILES = [1, 2, 3, 4].map((n) => `src/gen/b-${n}.ts`);

interface V1Client {
  readonly client: Client;
  /** The id of every request this client POSTed, by method. */
  readonly ids: Map<string, (string | number)[]>;
}

async function connectV1(url: string): Promise<V1Client> {
  const ids = new Map<string, (string | number)[]>();
  // Records what the client sends, so the test knows the id the SDK gave a request.
  const recording = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (typeof init?.body === 'string') {
      const message = JSON.parse(init.body) as { id?: string | number; method?: string };
      if (message.id !== undefined && message.method) ids.set(message.method, [...(ids.get(message.method) ?? []), message.id]);
    }
    return fetch(input, init);
  };
  const client = new Client({ name: 'v1-cancel-scope', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: recording }));
  return { client, ids };
}

/** Chat requests whose prompt names one of `files`. */
function chatsFor(ollama: FakeOllama, files: readonly string[]): number {
  return ollama.chatRequests().filter((r) => r.messages.some((m) => m.role === 'user' && files.some((f) => m.content.includes(f)))).length;
}

interface Reviewed {
  readonly summary: { readonly files: readonly { readonly file: string; readonly model?: string }[] };
}

describe('serve --http: a 2025-era cancel stops its sender\'s request only (v1 SDK clients)', () => {
  let repo: SampleRepo;
  let ollama: FakeOllama;
  let server: ServeChild;
  before(async () => {
    repo = await copySampleRepo();
    await mkdir(join(repo.root, 'src', 'gen'), { recursive: true });
    for (const [n, file] of B_FILES.entries()) {
      await writeFile(join(repo.root, file), `export function scale${n}(value: number): number {\n  return value * ${n + 2} + ${n};\n}\n`);
    }
    // Each model turn takes a while: the reviews are in flight when the cancels arrive.
    ollama = await startFakeOllama(() => ({ content: '{"findings":[]}', delayMs: 600 }));
    server = await startServeHttp(repo.root, { OLLAMA_HOST: ollama.url });
  });
  after(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await ollama.close();
    await repo.remove();
  });

  it("client B's cancel of an id it already had answered does not stop client A's request with that id", async () => {
    const a = await connectV1(server.url);
    const b = await connectV1(server.url);
    try {
      const review = a.client.callTool({ name: 'review_code', arguments: { files: A_FILES } }, undefined, { timeout: 60_000 });
      await waitFor(() => chatsFor(ollama, A_FILES), (n) => n >= 1, 20_000);
      const id = a.ids.get('tools/call')?.[0];
      assert.notEqual(id, undefined);
      // B's own request with the same id is answered; then B cancels that id (a late or stray cancel).
      await b.client.listTools();
      assert.deepEqual(b.ids.get('tools/list'), [id], 'both clients count their ids alike');
      await b.client.notification({ method: 'notifications/cancelled', params: { requestId: id as string | number, reason: 'stray' } });
      const reply = await review;
      const result = reply.structuredContent as unknown as Reviewed;
      assert.deepEqual(result.summary.files.map((f) => [f.file, f.model]), A_FILES.map((f) => [f, 'completed']), "A's review ran to its end");
    } finally {
      await Promise.all([a.client.close(), b.client.close()]);
    }
  });

  it("two clients' requests in flight with the same id: B's abort stops B's review, A's review completes", async () => {
    const a = await connectV1(server.url);
    const b = await connectV1(server.url);
    try {
      const reviewA = a.client.callTool({ name: 'review_code', arguments: { files: A_FILES } }, undefined, { timeout: 60_000 });
      const abort = new AbortController();
      const reviewB = b.client.callTool({ name: 'review_code', arguments: { files: B_FILES } }, undefined, { signal: abort.signal, timeout: 60_000 });
      const failedB = reviewB.then(
        () => 'answered',
        () => 'aborted',
      );
      await waitFor(() => chatsFor(ollama, B_FILES), (n) => n >= 1, 20_000);
      assert.deepEqual(b.ids.get('tools/call'), a.ids.get('tools/call'), 'the two reviews share their request id');
      abort.abort(new Error('the user pressed Esc'));
      const chatsAtCancel = chatsFor(ollama, B_FILES);
      assert.equal(await failedB, 'aborted');
      const result = (await reviewA).structuredContent as unknown as Reviewed;
      assert.deepEqual(result.summary.files.map((f) => [f.file, f.model]), A_FILES.map((f) => [f, 'completed']), "A's review ran to its end");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // The cancel travels in its own POST: one more file may have started before it arrived, never the rest.
      const chatsForB = chatsFor(ollama, B_FILES);
      assert.ok(chatsForB <= chatsAtCancel + 1 && chatsForB < B_FILES.length, `B's review stopped: ${chatsForB} of ${B_FILES.length} files asked the model`);
    } finally {
      await Promise.all([a.client.close(), b.client.close()]);
    }
  });
});
