/**
 * The edges of the stdio transport, driven with raw lines against the real
 * server child: every message that is not a notification is answered
 * (JSON-RPC 2.0), a line over the limit is answered and dropped and the
 * server goes on serving, batches follow the negotiated version, and bad
 * params get -32602 with one readable line.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { envelope } from '../mcp/harness.js';
import { runCli, startServeStdio, waitFor, type StdioChild } from '../support/cli.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const MiB = 1024 * 1024;

function initialize(id: number, protocolVersion: string): unknown {
  return { jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-stdio', version: '1' } } };
}

/** A ping whose params pad it to about `bytes`; `idFirst` puts the id where a reader of the line's start sees it. */
function paddedPing(id: number, bytes: number, idFirst: boolean): string {
  const pad = 'x'.repeat(bytes);
  return idFirst ? `{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"pad":"${pad}"}}` : `{"method":"ping","params":{"pad":"${pad}"},"jsonrpc":"2.0","id":${id}}`;
}

describe('stdio: every message answered, no server wedged', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false } });
  });
  after(() => repo.remove());

  async function session(version: string, args: readonly string[] = []): Promise<StdioChild> {
    const server = startServeStdio(repo.root, args);
    server.send(initialize(1, version));
    assert.ok((await server.reply(1)).result, 'initialize answered');
    server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return server;
  }

  it('answers a 12 MiB line with an error naming the limit, then answers tools/list', async () => {
    const server = await session('2025-11-25');
    server.send(paddedPing(7, 12 * MiB, true));
    server.send(paddedPing(8, 11 * MiB, false));
    server.send({ jsonrpc: '2.0', id: 9, method: 'tools/list' });
    const oversized = await server.reply(7);
    assert.equal(oversized.error?.code, -32600);
    assert.match(oversized.error?.message ?? '', /larger than the stdio limit of 10485760 bytes \(10 MiB\).*--max-message-bytes/);
    // The id is at the end of that line: it was never read, so the reply says null.
    const unnamed = await server.reply(null);
    assert.match(unnamed.error?.message ?? '', /larger than the stdio limit/);
    const tools = await server.reply(9);
    assert.ok(Array.isArray(tools.result?.['tools']) && (tools.result['tools'] as unknown[]).length === 4, 'tools/list answered after the oversized lines');
    assert.equal(server.child.exitCode, null, 'still running');
    assert.equal(await server.close(), 0);
    assert.match(server.stderr(), /a stdio message over 10485760 bytes was dropped \(request id 7\)/);
  });

  it('takes its limit from --max-message-bytes, and refuses a limit it cannot use', async () => {
    const server = await session('2025-11-25', ['--max-message-bytes', '100000']);
    server.send(paddedPing(2, 150_000, true));
    server.send(paddedPing(3, 90_000, true));
    assert.match((await server.reply(2)).error?.message ?? '', /limit of 100000 bytes/);
    assert.deepEqual((await server.reply(3)).result, {}, 'a line under the limit is served');
    await server.close();
    const tooSmall = await runCli(repo.root, ['serve', '--max-message-bytes', '12']);
    assert.equal(tooSmall.code, 2);
    assert.match(tooSmall.stderr, /--max-message-bytes 12: expected a whole number of bytes, at least 65536/);
    const withHttp = await runCli(repo.root, ['serve', '--http', '--max-message-bytes', '100000']);
    assert.equal(withHttp.code, 2);
    assert.match(withHttp.stderr, /--max-message-bytes is for stdio/);
  });

  it('answers malformed JSON with -32700 and invalid requests with -32600, never silence', async () => {
    const server = await session('2025-11-25');
    const cases: { line: string; code: number; id: string | number | null; says: RegExp }[] = [
      { line: '{"jsonrpc":"2.0","id":20,"method":"tools/li', code: -32700, id: null, says: /Parse error: the message is not valid JSON/ },
      { line: '{"hello":"world"}', code: -32600, id: null, says: /"jsonrpc" must be "2\.0"/ },
      { line: '{"jsonrpc":"2.0","id":null,"method":"ping"}', code: -32600, id: null, says: /"id" must be a string or a number \(got null\)/ },
      { line: '{"jsonrpc":"1.0","id":21,"method":"ping"}', code: -32600, id: 21, says: /"jsonrpc" must be "2\.0" \(got "1\.0"\)/ },
      { line: '{"jsonrpc":"2.0","id":22,"method":"ping","params":5}', code: -32600, id: 22, says: /"params" must be an object/ },
    ];
    for (const c of cases) {
      const before = server.messages().length;
      server.send(c.line);
      await waitFor(() => server.messages().length, (n) => n > before);
      const reply = server.messages().at(-1) as { id: unknown; error?: { code: number; message: string } };
      assert.equal(reply.id, c.id, c.line);
      assert.equal(reply.error?.code, c.code, c.line);
      assert.match(reply.error?.message ?? '', c.says, c.line);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(server.messages().length, 1 + cases.length, 'one reply to each');
    // A response the server never asked for gets no reply (two peers must not answer each other forever).
    server.send('{"jsonrpc":"2.0","id":"nobody-asked","result":{"x":1}}');
    server.send({ jsonrpc: '2.0', id: 23, method: 'ping' });
    await server.reply(23);
    assert.equal(server.messages().some((m) => (m as { id?: unknown }).id === 'nobody-asked'), false);
    await server.close();
  });

  it('refuses a batch under 2025-06-18 and later, and serves one under 2025-03-26 with one array of replies', async () => {
    const current = await session('2025-11-25');
    current.send([{ jsonrpc: '2.0', id: 30, method: 'ping' }, { jsonrpc: '2.0', id: 31, method: 'tools/list' }]);
    const refused = await current.reply(null);
    assert.equal(refused.error?.code, -32600);
    assert.match(refused.error?.message ?? '', /batching was removed in 2025-06-18/);
    current.send([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.match(JSON.stringify(current.messages().at(-1)), /an empty JSON-RPC batch/);
    await current.close();

    const old = await session('2025-03-26');
    old.send([{ jsonrpc: '2.0', id: 40, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/whatever' }, { hello: 'world' }, { jsonrpc: '2.0', id: 41, method: 'tools/list' }]);
    await old.reply(41);
    const batchReply = old.messages().find(Array.isArray) as { id: unknown; result?: unknown; error?: { code: number } }[] | undefined;
    assert.ok(batchReply, 'the replies came back as one array');
    assert.deepEqual(batchReply.map((r) => r.id).sort(), [40, 41, null].sort());
    assert.equal(batchReply.find((r) => r.id === null)?.error?.code, -32600);
    await old.close();
  });

  it('the negotiated version decides the batch rule: a later message claiming 2025-03-26 in its _meta does not turn batches back on', async () => {
    const server = await session('2025-06-18');
    const claiming = { 'io.modelcontextprotocol/protocolVersion': '2025-03-26' };
    server.send({ jsonrpc: '2.0', id: 70, method: 'ping', params: { _meta: claiming } });
    await server.reply(70);
    server.send([{ jsonrpc: '2.0', id: 71, method: 'ping' }, { jsonrpc: '2.0', id: 72, method: 'tools/list', params: { _meta: claiming } }]);
    const refused = await server.reply(null);
    assert.equal(refused.error?.code, -32600);
    assert.match(refused.error?.message ?? '', /not part of MCP 2025-06-18: batching was removed in 2025-06-18/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(server.messages().some((m) => Array.isArray(m) || (m as { id?: unknown }).id === 71), false, 'neither message of the batch was served');
    await server.close();
  });

  it('answers bad params on resources/read and prompts/get with -32602 and one line, and an unknown resource with -32002', async () => {
    const server = await session('2025-11-25');
    server.send({ jsonrpc: '2.0', id: 50, method: 'resources/read', params: { uri: 5 } });
    server.send({ jsonrpc: '2.0', id: 51, method: 'prompts/get', params: { name: 'review-changes', arguments: { base: 7 } } });
    server.send({ jsonrpc: '2.0', id: 52, method: 'resources/read', params: { uri: 'review-guard://rules/no-such-rule' } });
    server.send({ jsonrpc: '2.0', id: 53, method: 'tools/call', params: { name: 5 } });
    server.send({ jsonrpc: '2.0', id: 54, method: 'tools/list', params: { cursor: 5 } });
    const uri = await server.reply(50);
    assert.deepEqual(uri.error && { code: uri.error.code, message: uri.error.message }, {
      code: -32602,
      message: 'Invalid params for resources/read: uri: expected a resource URI string such as "review-guard://config"',
    });
    const base = await server.reply(51);
    assert.deepEqual(base.error && { code: base.error.code, message: base.error.message }, {
      code: -32602,
      message: 'Invalid arguments for prompt review-changes: argument base: expected a git revision string such as "main"',
    });
    const missing = await server.reply(52);
    assert.equal(missing.error?.code, -32002, '2025-11-25 names -32002 for resource not found');
    assert.deepEqual(missing.error?.data, { uri: 'review-guard://rules/no-such-rule' });
    const name = await server.reply(53);
    assert.equal(name.error?.code, -32602);
    assert.equal(name.error?.message, 'Invalid tools/call request: params.name: Invalid input: expected string, received number');
    assert.equal((await server.reply(54)).error?.code, -32602);
    for (const id of [50, 51, 53, 54]) assert.doesNotMatch((await server.reply(id)).error?.message ?? '', /[[{\n]/, 'no schema dump');
    await server.close();
  });

  it('answers a 2026-07-28 client the same: -32602 with one line, and -32602 for an unknown resource (SEP-2164)', async () => {
    const server = startServeStdio(repo.root);
    const modern = (id: number, method: string, params: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(false, false) } });
    server.send(modern(60, 'resources/read', { uri: 5 }));
    server.send(modern(61, 'prompts/get', { name: 'review-changes', arguments: { base: 7 } }));
    server.send(modern(62, 'resources/read', { uri: 'review-guard://rules/no-such-rule' }));
    assert.equal((await server.reply(60)).error?.message, 'Invalid params for resources/read: uri: expected a resource URI string such as "review-guard://config"');
    assert.equal((await server.reply(61)).error?.code, -32602);
    const missing = await server.reply(62);
    assert.equal(missing.error?.code, -32602);
    assert.deepEqual(missing.error?.data, { uri: 'review-guard://rules/no-such-rule' });
    await server.close();
  });
});
