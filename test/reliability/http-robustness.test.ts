/**
 * `review-guard serve --http` against clients that misbehave, as a real
 * child process on loopback: requests cut off midway (closed, reset, slow
 * and then gone) end that request only; a client that never finishes its
 * headers is timed out; connections and tasks over their caps are refused
 * with a clear answer; JSON-RPC batches are refused for the protocol
 * versions that removed them.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { HEADERS_TIMEOUT_MS } from '../../src/mcp/transport/http-server.js';
import { fakeOllamaForFile } from '../helpers/fake-ollama.js';
import { serveHttpForSuite, waitFor, type ServeChild } from '../support/cli.js';
import { cutOffRequest, keptAliveConnection, rawPost, rpc, type HangUp } from './http-support.js';

const startFake = fakeOllamaForFile();

async function assertServes(server: ServeChild, what: string): Promise<void> {
  assert.equal(server.child.exitCode, null, `${what}: the server exited: ${server.stderr()}`);
  const { raw, reply } = await rpc(server.url, 'tools/list', {});
  assert.equal(raw.status, 200, what);
  assert.ok(Array.isArray(reply.result?.['tools']), `${what}: tools/list is answered`);
}

describe('serve --http with clients that hang up', () => {
  const state = serveHttpForSuite({ model: { enabled: false } });

  it('survives 1,000 requests cut off mid-body in a row (closed, reset, dribbled), then answers the next client', async () => {
    const started = Date.now();
    const ways: HangUp[] = ['close', 'reset'];
    // Twenty at a time: fast enough to stay within seconds, and many aborts land while others are being read.
    for (let batch = 0; batch < 50; batch++) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => cutOffRequest(state.server.url, ways[(batch + i) % 2]!)));
    }
    assert.ok(Date.now() - started < 60_000, `took ${Date.now() - started} ms`);
    await assertServes(state.server, 'after 1,000 cut-off requests');
    assert.doesNotMatch(state.server.stderr(), /aborted|ECONNRESET|Error:/, 'a client hanging up is not an error of the server');
  });

  it('survives slow clients that send part of a body and disconnect', async () => {
    await Promise.all(Array.from({ length: 10 }, () => cutOffRequest(state.server.url, 'slow')));
    await assertServes(state.server, 'after slow clients hung up');
  });

  it('answers 408 and closes a connection whose headers do not arrive in time (slow loris)', async () => {
    const { hostname, port } = new URL(state.server.url);
    const started = Date.now();
    const statusLine = await new Promise<string>((resolve) => {
      const socket = connect({ host: hostname, port: Number(port) });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
      // Half a request line and one header, and then nothing more.
      socket.write(`POST /mcp HTTP/1.1\r\nhost: ${hostname}:${port}\r\n`);
    });
    const waited = Date.now() - started;
    assert.equal(statusLine, 'HTTP/1.1 408 Request Timeout');
    assert.ok(waited >= HEADERS_TIMEOUT_MS - 500 && waited < HEADERS_TIMEOUT_MS + 5000, `closed after ${waited} ms`);
    await assertServes(state.server, 'after a slow-loris client');
  });

  it('refuses a Host with user info with 400, not a 500', async () => {
    const { port } = new URL(state.server.url);
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    for (const host of [`evil.example@127.0.0.1:${port}`, `127.0.0.1:${port}@evil.example`, `user:pass@localhost:${port}`, `127.0.0.1:${port}/mcp`]) {
      const reply = await rawPost(state.server.url, { host }, ping);
      assert.equal(reply.status, 400, `Host: ${host}: ${reply.body}`);
      assert.match(reply.body, /the Host header must be host\[:port\], without user info or a path/, host);
    }
    await assertServes(state.server, 'after bad Host headers');
  });
});

describe('serve --http refuses JSON-RPC batches where MCP removed them', () => {
  const state = serveHttpForSuite({ model: { enabled: false } });
  const listBatch = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list' })));
  const reviewBatch = JSON.stringify(
    Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'review_code', arguments: { files: ['src/report/messages.ts'] } } })),
  );

  for (const version of ['2025-06-18', '2025-11-25']) {
    it(`refuses a batch under MCP-Protocol-Version ${version} with -32600 naming why`, async () => {
      for (const body of [listBatch(2), reviewBatch]) {
        const reply = await rawPost(state.server.url, { 'mcp-protocol-version': version }, body);
        assert.equal(reply.status, 400, reply.body);
        const error = (JSON.parse(reply.body) as { error: { code: number; message: string } }).error;
        assert.equal(error.code, -32600);
        assert.match(error.message, new RegExp(`not part of MCP ${version}: batching was removed in 2025-06-18; send each request in its own POST`));
      }
    });
  }

  it('refuses a batch whose initialize asks for 2025-06-18, and one under 2026-07-28 headers', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
    const viaInitialize = await rawPost(state.server.url, {}, JSON.stringify([initialize]));
    assert.equal(viaInitialize.status, 400);
    assert.match(viaInitialize.body, /not part of MCP 2025-06-18/);
    const modern = await rawPost(state.server.url, { 'mcp-protocol-version': '2026-07-28' }, listBatch(2));
    assert.equal(modern.status, 400);
    assert.match(modern.body, /not part of MCP 2026-07-28/);
  });

  it('still serves a batch under 2025-03-26, which had batching', async () => {
    const reply = await rawPost(state.server.url, { 'mcp-protocol-version': '2025-03-26' }, listBatch(2));
    assert.equal(reply.status, 200, reply.body);
    assert.match(reply.body, /"tools"/);
  });

  it('refuses an empty batch under every version, 2025-03-26 too, with -32600', async () => {
    for (const version of ['2025-03-26', '2025-11-25']) {
      const reply = await rawPost(state.server.url, { 'mcp-protocol-version': version }, '[]');
      assert.equal(reply.status, 400, reply.body);
      assert.match(reply.body, /"code":-32600,"message":"Invalid Request: an empty JSON-RPC batch; send each request in its own POST"/);
    }
  });
});

describe('serve --http caps open connections', () => {
  const state = serveHttpForSuite({ model: { enabled: false }, mcp: { maxConnections: 2 } });

  it('answers 503 with Retry-After on a connection over mcp.maxConnections, and serves again once one closes', async () => {
    const held = await Promise.all([keptAliveConnection(state.server.url), keptAliveConnection(state.server.url)]);
    assert.deepEqual(
      held.map((h) => h.status),
      ['HTTP/1.1 404 Not Found', 'HTTP/1.1 404 Not Found'],
      'both connections within the cap are served',
    );
    const over = await rawPost(state.server.url, {}, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    assert.equal(over.status, 503, over.body);
    assert.equal(over.headers['retry-after'], '1');
    assert.match(over.body, /Service Unavailable: 2 connections are open \(mcp\.maxConnections\); retry in 1 s/);
    held[0]!.socket.destroy();
    await waitFor(
      () => rawPost(state.server.url, {}, '{}').then((r) => r.status),
      (status) => status !== 503,
    );
    held[1]!.socket.destroy();
    await assertServes(state.server, 'after the held connections closed');
  });
});

describe('serve --http caps running tasks', () => {
  const FILES = ['src/handler/settings.ts', 'src/report/messages.ts'];
  // The model answers after 30 s: a task stays running until it is cancelled.
  const state = serveHttpForSuite({ mcp: { taskThreshold: 1, maxTasks: 1 } }, async () => ({
    OLLAMA_HOST: (await startFake(() => ({ content: '{"findings":[]}', delayMs: 30_000 }))).url,
  }));
  const startTask = () => rpc(state.server.url, 'tools/call', { name: 'review_code', arguments: { files: FILES } }, { tasks: true });

  it('refuses a task over mcp.maxTasks as busy, and takes one again once a task has ended', async () => {
    const first = await startTask();
    assert.equal(first.reply.result?.['resultType'], 'task', JSON.stringify(first.reply).slice(0, 300));
    const taskId = String(first.reply.result?.['taskId']);

    const second = await startTask();
    const refused = second.reply.result as { isError?: boolean; content?: Array<{ text?: string }> };
    assert.equal(refused.isError, true, JSON.stringify(second.reply).slice(0, 300));
    assert.match(refused.content?.[0]?.text ?? '', /^the server is busy: 1 task\(s\) running \(mcp\.maxTasks 1\); poll them with tasks\/get/);

    await rpc(state.server.url, 'tasks/cancel', { taskId }, { tasks: true });
    await waitFor(
      async () => (await rpc(state.server.url, 'tasks/get', { taskId }, { tasks: true })).reply.result?.['status'],
      (status) => status === 'cancelled',
      15_000,
    );
    const third = await startTask();
    assert.equal(third.reply.result?.['resultType'], 'task', 'a slot is free again');
    await rpc(state.server.url, 'tasks/cancel', { taskId: String(third.reply.result?.['taskId']) }, { tasks: true });
  });
});
