/**
 * Streamable HTTP: the SDK client in both eras over a real loopback socket,
 * DNS-rebinding protection (Host and Origin), the optional bearer token,
 * and the refusal to bind a non-loopback address without one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { isLoopbackHost } from '../../../models/ollama-host.js';
import { serveHttp, type RunningHttpServer } from '../../../src/mcp/transport/http-server.js';
import { createMcpServer } from '../../../src/mcp/server.js';
import { UserError } from '../../../src/pipeline/index.js';
import { rawPost, type RawResponse } from '../../reliability/http-support.js';
import { startHarness, type Harness } from '../harness.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** A POST with exactly these headers (fetch would not let a test set Host). */
function post(url: string, headers: Record<string, string>, body: unknown = INITIALIZE): Promise<RawResponse> {
  return rawPost(url, headers, JSON.stringify(body));
}

async function connect(url: string, era: 'legacy' | 'modern', token?: string): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '1.0.0' }, { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {}));
  return client;
}

describe('MCP over Streamable HTTP', () => {
  let h: Harness;
  let open: RunningHttpServer;
  let guarded: RunningHttpServer;
  const token = 'correct horse battery staple';
  before(async () => {
    h = await startHarness({ script: () => ({ content: '{"findings":[]}' }) });
    const factory = () => createMcpServer({ service: () => h.service, tasks: h.tasks });
    open = await serveHttp(factory, { host: '127.0.0.1', port: 0, maxConnections: 64 });
    guarded = await serveHttp(factory, { host: '127.0.0.1', port: 0, maxConnections: 64, token });
  });
  after(async () => {
    await open.close();
    await guarded.close();
    await h.close();
  });

  for (const era of ['legacy', 'modern'] as const) {
    it(`reviews the fixture for a ${era === 'legacy' ? '2025-era' : '2026-07-28'} client and returns structured findings`, async () => {
      const client = await connect(open.url, era);
      try {
        const { tools } = await client.listTools();
        assert.deepEqual(tools.map((t) => t.name).sort(), ['index_status', 'refresh_index', 'review_code', 'search_similar_code']);
        const reply = await client.callTool({ name: 'review_code', arguments: { files: ['src/report/messages.ts'] } });
        assert.equal(reply.isError, false);
        const result = reply.structuredContent as { findings: { rule: string }[] };
        assert.ok(result.findings.some((f) => f.rule === 'max-lines'));
      } finally {
        await client.close();
      }
    });
  }

  it('listens on loopback at /mcp and answers other paths with 404', async () => {
    assert.match(open.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const reply = await post(open.url.replace('/mcp', '/other'), {});
    assert.equal(reply.status, 404);
  });

  it('refuses a Host header that is not loopback (DNS rebinding)', async () => {
    const reply = await post(open.url, { host: 'evil.example' });
    assert.equal(reply.status, 403);
    const ok = await post(open.url, { host: `localhost:${new URL(open.url).port}` });
    assert.equal(ok.status, 200);
  });

  it('refuses a foreign Origin and accepts a loopback one', async () => {
    assert.equal((await post(open.url, { origin: 'http://evil.example' })).status, 403);
    assert.equal((await post(open.url, { origin: 'http://localhost:5173' })).status, 200);
  });

  it('with a token, refuses requests without it or with a wrong one', async () => {
    const missing = await post(guarded.url, {});
    assert.equal(missing.status, 401);
    assert.match(String(missing.headers['www-authenticate']), /^Bearer/);
    assert.equal((await post(guarded.url, { authorization: 'Bearer wrong' })).status, 401);
    assert.equal((await post(guarded.url, { authorization: `Basic ${token}` })).status, 401);
    assert.equal((await post(guarded.url, { authorization: `Bearer ${token}` })).status, 200);
  });

  it('with a token, serves the SDK client that sends it', async () => {
    const client = await connect(guarded.url, 'modern', token);
    try {
      assert.equal((await client.listTools()).tools.length, 4);
    } finally {
      await client.close();
    }
  });

  it('refuses to bind a non-loopback address without a token', async () => {
    const factory = () => createMcpServer({ service: () => h.service });
    await assert.rejects(serveHttp(factory, { host: '0.0.0.0', port: 0, maxConnections: 64 }), (error: Error) => error instanceof UserError && /without a token/.test(error.message));
  });

  it('tells loopback addresses from others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) assert.equal(isLoopbackHost(host), true, host);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '127.0.0.1.example.com']) assert.equal(isLoopbackHost(host), false, host);
  });
});
