/**
 * End to end: a host built on the TypeScript SDK v2 (`@modelcontextprotocol/client`
 * 2.4) that declares the Tasks extension, driving `serve --http` through
 * `@modelcontextprotocol/ext-tasks` 0.2.2 as its package guide says: for a
 * 2026-07-28 server the host hands ext-tasks a raw request path
 * (`rawDispatch`) and its request framing. The host's raw path here is what
 * such a host owns: a POST with the routing headers ext-tasks asks for.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome, type JsonRpcResponse, type RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';
import { fakeOllamaForFile } from '../helpers/fake-ollama.js';
import { finalReply, mcpHeaderValue, MODERN, TASKS_EXTENSION } from '../mcp/harness.js';
import { rawPost } from '../reliability/http-support.js';
import { serveHttpForSuite } from '../support/cli.js';

const FILES = ['src/handler/settings.ts', 'src/handler/http-handler.ts', 'src/report/messages.ts', 'src/config/load.ts', 'src/util/strings.ts'];
const CAPABILITIES = { extensions: { [TASKS_EXTENSION]: {} } };
const CLIENT_INFO = { name: 'v2-tasks-host', version: '1.0.0' };

interface Dispatched {
  readonly method: string;
  readonly resultType: unknown;
  readonly status: unknown;
}

/** The host's raw request path: one POST per request, the reply with its id; every dispatch is logged. */
function rawPathTo(url: string, log: Dispatched[]): RawClientDispatch {
  let id = 0;
  return async (request, options) => {
    const body = { ...(request as { method: string; params?: { name?: unknown } }), jsonrpc: '2.0', id: ++id };
    const raw = await rawPost(
      url,
      {
        'mcp-protocol-version': MODERN,
        'mcp-method': body.method,
        ...(typeof body.params?.name === 'string' ? { 'mcp-name': mcpHeaderValue(body.params.name) } : {}),
        ...(options?.context?.headers ?? {}),
      },
      JSON.stringify(body),
    );
    const reply = finalReply(raw.body, body.id);
    log.push({ method: body.method, resultType: reply.result?.['resultType'], status: reply.result?.['status'] });
    return (reply.error ? { kind: 'error', error: reply.error } : { kind: 'result', result: reply.result ?? {} }) as JsonRpcResponse;
  };
}

async function hostFor(url: string, log: Dispatched[]) {
  const client = new Client(CLIENT_INFO, { capabilities: CAPABILITIES, versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  assert.equal(client.getProtocolEra(), 'modern');
  const session = createTaskSessionFromClient(client, {
    endpointId: 'review-guard',
    rawDispatch: rawPathTo(url, log),
    v2RequestFraming: { protocolVersion: MODERN, clientInfo: CLIENT_INFO, clientCapabilities: CAPABILITIES },
  });
  return { client, session };
}

describe('a TS SDK v2 host with @modelcontextprotocol/ext-tasks', () => {
  describe('on a review over the task threshold', () => {
    const state = serveHttpForSuite();

    it('gets the review through the task: created, polled with tasks/get, decoded', async () => {
      const log: Dispatched[] = [];
      const { client, session } = await hostFor(state.server.url, log);
      try {
        const execution = await session.callTool('review_code', { files: FILES });
        const { outcome } = await execution.settle();
        assert.equal(outcome.status, 'completed', JSON.stringify(outcome).slice(0, 400));
        const result = resultFromTaskOutcome(outcome) as { structuredContent?: { findings: { rule: string }[] }; _meta?: Record<string, { mode?: string }> };
        assert.equal(result._meta?.['review-guard/execution']?.mode, 'task');
        assert.ok(result.structuredContent?.findings.some((f) => f.rule === 'duplicate'), 'the duplicate of the sample repo is in the decoded result');
        assert.deepEqual(log[0], { method: 'tools/call', resultType: 'task', status: 'working' });
        assert.ok(log.some((d) => d.method === 'tasks/get' && d.resultType === 'complete' && d.status === 'completed'), JSON.stringify(log));
      } finally {
        await session.close();
        await client.close();
      }
    });
  });

  describe('while the model is still thinking', () => {
    const startFake = fakeOllamaForFile();
    const state = serveHttpForSuite(undefined, async () => ({ OLLAMA_HOST: (await startFake(() => ({ content: '{"findings":[]}', delayMs: 30_000 }))).url }));

    it('cancels the task: tasks/cancel is acknowledged and the outcome is cancelled', async () => {
      const log: Dispatched[] = [];
      const { client, session } = await hostFor(state.server.url, log);
      try {
        const execution = await session.callTool('review_code', { files: FILES });
        await execution.cancel();
        const { outcome } = await execution.settle();
        assert.equal(outcome.status, 'cancelled', JSON.stringify(outcome).slice(0, 400));
        assert.ok(log.some((d) => d.method === 'tasks/cancel' && d.resultType === 'complete'), JSON.stringify(log));
      } finally {
        await session.close();
        await client.close();
      }
    });
  });
});
