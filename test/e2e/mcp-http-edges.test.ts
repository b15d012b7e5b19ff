/**
 * The edges of `serve --http` a real client finds, against the server
 * child: a 2025-era notifications/cancelled in its own POST stops the
 * review and the model request of its own session and no response goes
 * out for the id (another client's request with the same id goes on); bad
 * params get -32602 with one line in both eras (an unknown resource -32002
 * for 2025-era clients); the task handle is the handle alone; a requestState
 * signed by one process is accepted by another of the same workspace.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequestStateCodec } from '@modelcontextprotocol/server';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama.js';
import { closedHost } from '../helpers/loopback.js';
import { finalReply } from '../mcp/harness.js';
import { rawPost, rpc } from '../reliability/http-support.js';
import { startServeHttp, waitFor, type ServeChild } from '../support/cli.js';
import { copySampleRepo, makeTempDir, type SampleRepo, type TempDir } from '../support/sample-repo.js';

const LEGACY = '2025-11-25';
const PLANTED_KEY = 'k'.repeat(64);
const SOURCES = ['src/config/load.ts', 'src/handler/http-handler.ts', 'src/handler/settings.ts', 'src/report/messages.ts', 'src/util/strings.ts'];

/** One 2025-era JSON-RPC message POSTed as such a client sends it (no envelope, its session id if it has one); resolves when the response ends. */
function legacyPost(url: string, message: Record<string, unknown>, session?: string) {
  return rawPost(url, { 'mcp-protocol-version': LEGACY, ...(session ? { 'mcp-session-id': session } : {}) }, JSON.stringify({ jsonrpc: '2.0', ...message }));
}

/** A 2025-era initialize; resolves with the session id the server handed out. */
async function legacySession(url: string): Promise<string> {
  const reply = await legacyPost(url, { id: 0, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'raw-2025', version: '1' } } });
  const session = reply.headers['mcp-session-id'];
  assert.equal(typeof session, 'string', `initialize hands out a session id: ${JSON.stringify(reply.headers)}`);
  return String(session);
}

async function stop(server: ServeChild): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

describe('serve --http: a 2025-era cancel stops the request', () => {
  let repo: SampleRepo;
  let ollama: FakeOllama;
  let server: ServeChild;
  before(async () => {
    repo = await copySampleRepo();
    // Every file's model turn takes a while: the review is still running when the cancel arrives.
    ollama = await startFakeOllama(() => ({ content: '{"findings":[]}', delayMs: 700 }));
    server = await startServeHttp(repo.root, { OLLAMA_HOST: ollama.url });
  });
  after(async () => {
    await stop(server);
    await ollama.close();
    await repo.remove();
  });

  it('notifications/cancelled in its own POST: no more model requests, the in-flight one aborted, no response for the id', async () => {
    const session = await legacySession(server.url);
    const call = legacyPost(server.url, { id: 80, method: 'tools/call', params: { name: 'review_code', arguments: { files: SOURCES } } }, session);
    await waitFor(() => ollama.chatRequests().length, (n) => n >= 1, 20_000);
    const cancel = await legacyPost(server.url, { method: 'notifications/cancelled', params: { requestId: 80, reason: 'the user pressed Esc' } }, session);
    assert.equal(cancel.status, 202);
    const chatsAtCancel = ollama.chatRequests().length;
    const ended = await call;
    assert.doesNotMatch(ended.body, /"id":80/, `no response for the cancelled id: ${ended.body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    assert.equal(ollama.chatRequests().length, chatsAtCancel, 'no model request after the cancel');
    assert.ok(chatsAtCancel < SOURCES.length, `the review stopped early (${chatsAtCancel} of ${SOURCES.length} files asked the model)`);
    const chats = ollama.requests.filter((r) => r.path === '/api/chat' && typeof r.body === 'object' && r.body !== null && 'messages' in r.body);
    assert.equal(chats.at(-1)?.aborted, true, 'the model request in flight was aborted');
    // The server goes on serving.
    const next = await legacyPost(server.url, { id: 81, method: 'tools/list' });
    assert.ok(finalReply(next.body, 81).result?.['tools']);
  });

  it('a cancel for an id no request in flight has is acknowledged and changes nothing', async () => {
    const cancel = await legacyPost(server.url, { method: 'notifications/cancelled', params: { requestId: 'never-sent' } });
    assert.equal(cancel.status, 202);
    const next = await legacyPost(server.url, { id: 82, method: 'tools/list' });
    assert.ok(finalReply(next.body, 82).result?.['tools']);
  });
});

describe('serve --http: params at the edge, resource not found per era, the task handle', () => {
  let repo: SampleRepo;
  let server: ServeChild;
  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false }, mcp: { taskThreshold: 1 } });
    server = await startServeHttp(repo.root, { OLLAMA_HOST: await closedHost() });
  });
  after(async () => {
    await stop(server);
    await repo.remove();
  });

  const badParams = [
    { method: 'resources/read', params: { uri: 5 }, message: 'Invalid params for resources/read: uri: expected a resource URI string such as "review-guard://config"' },
    { method: 'prompts/get', params: { name: 'review-changes', arguments: { base: 7 } }, message: 'Invalid arguments for prompt review-changes: argument base: expected a git revision string such as "main"' },
    { method: 'prompts/get', params: { name: 'review-changes', arguments: { bse: 'main' } }, message: 'Invalid arguments for prompt review-changes: unknown argument(s) bse: review-changes takes only "base"' },
  ];

  it('answers bad params with -32602 and one line to a 2025-era client', async () => {
    for (const [i, c] of badParams.entries()) {
      const reply = finalReply((await legacyPost(server.url, { id: 100 + i, method: c.method, params: c.params })).body, 100 + i);
      assert.deepEqual(reply.error && { code: reply.error.code, message: reply.error.message }, { code: -32602, message: c.message });
    }
  });

  it('answers bad params with -32602 and one line to a 2026-07-28 client', async () => {
    for (const c of badParams) {
      const { reply } = await rpc(server.url, c.method, c.params);
      assert.deepEqual(reply.error && { code: reply.error.code, message: reply.error.message }, { code: -32602, message: c.message });
    }
  });

  it('an unknown resource is -32002 for a 2025-era client and -32602 for a 2026-07-28 one (SEP-2164)', async () => {
    const uri = 'review-guard://rules/no-such-rule';
    const legacy = finalReply((await legacyPost(server.url, { id: 110, method: 'resources/read', params: { uri } })).body, 110);
    assert.equal(legacy.error?.code, -32002);
    assert.deepEqual(legacy.error?.data, { uri });
    const { reply: modern } = await rpc(server.url, 'resources/read', { uri });
    assert.equal(modern.error?.code, -32602);
    assert.deepEqual(modern.error?.data, { uri });
  });

  it('answers review_code with the task handle alone: no content field', async () => {
    const { reply } = await rpc(server.url, 'tools/call', { name: 'review_code', arguments: { files: SOURCES.slice(0, 2) } }, { tasks: true });
    assert.equal(reply.result?.['resultType'], 'task');
    assert.equal('content' in (reply.result ?? {}), false, JSON.stringify(reply.result));
    assert.deepEqual(Object.keys(reply.result ?? {}).filter((k) => k !== '_meta').sort(), ['createdAt', 'lastUpdatedAt', 'pollIntervalMs', 'resultType', 'status', 'statusMessage', 'taskId', 'ttlMs']);
  });
});

describe('serve --http: a requestState is good in every process of the user, and nothing else is', () => {
  let repo: SampleRepo;
  let servers: ServeChild[];
  let stateHome: TempDir;
  const keyFile = () => join(stateHome.path, 'review-guard', 'state-key');
  const files = ['src/handler/settings.ts'];
  const accept = { 'duplicate-1': { action: 'accept', content: { decision: 'accept' } } };
  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false } });
    stateHome = await makeTempDir('rg-state-home-');
    // A key shipped in the repository, as a tarball could carry it: its author knows it.
    await mkdir(join(repo.root, '.review-guard'), { recursive: true });
    await writeFile(join(repo.root, '.review-guard', 'state-key'), `${PLANTED_KEY}\n`, { mode: 0o600 });
    const env = { OLLAMA_HOST: await closedHost(), XDG_STATE_HOME: stateHome.path };
    // Started together: both race to create the key file, and must end with the same key.
    servers = await Promise.all([startServeHttp(repo.root, env), startServeHttp(repo.root, env)]);
  });
  after(async () => {
    await Promise.all(servers.map(stop));
    await repo.remove();
    await stateHome.remove();
  });

  it('a question asked by one process is answered through the other, and a forged state is still refused', async () => {
    const [first, second] = servers as [ServeChild, ServeChild];
    const { reply: question } = await rpc(first.url, 'tools/call', { name: 'review_code', arguments: { files } }, { elicitation: true });
    assert.equal(question.result?.['resultType'], 'input_required');
    const requestState = String(question.result?.['requestState']);
    const inputResponses = { 'duplicate-1': { action: 'accept', content: { decision: 'accept' } } };
    const { reply: answered } = await rpc(second.url, 'tools/call', { name: 'review_code', arguments: { files }, inputResponses, requestState }, { elicitation: true });
    assert.equal(answered.result?.['resultType'], 'complete', JSON.stringify(answered.error ?? answered.result).slice(0, 300));
    const [head, body, mac] = requestState.split('.');
    const forged = [head, Buffer.from(Buffer.from(body ?? '', 'base64url').toString('utf8').replace('parseSettings', 'parseSettingz')).toString('base64url'), mac].join('.');
    const { reply: refused } = await rpc(second.url, 'tools/call', { name: 'review_code', arguments: { files }, inputResponses, requestState: forged }, { elicitation: true });
    assert.equal(refused.error?.code, -32602);
    assert.equal((await stat(keyFile())).mode & 0o777, 0o600, 'the key file is owner-only');
    assert.equal((await stat(join(stateHome.path, 'review-guard'))).mode & 0o777, 0o700, 'in an owner-only folder');
  });

  /** A state as a forger would mint it: a result and questions of their choosing, bound to this request. */
  const forgedState = (key: string, result: unknown, questions: unknown[]) =>
    createRequestStateCodec<unknown>({ key, ttlSeconds: 600 }).mint({ request: JSON.stringify({ root: repo.root, args: { files } }), result, questions, execution: { mode: 'sync', reason: 'x' } });
  const forgedResult = (file: string, relatedFile: string, message: string) => ({
    findings: [{ file, line: 1, rule: 'duplicate', severity: 'error', message, source: 'index', symbol: 'a', related: [{ file: relatedFile, line: 1, symbol: 'b', score: 1 }], fingerprint: 'f1' }],
    summary: { files: [{ file, status: 'reviewed' }], counts: { error: 1, warning: 0, info: 0 }, durationMs: 1 },
  });
  const question = (file: string, relatedFile: string) => ({ key: 'duplicate-1', fingerprint: 'f1', pair: { file, symbol: 'a', relatedFile, relatedSymbol: 'b' }, score: 1 });
  const call = (requestState: string) => rpc(servers[0]!.url, 'tools/call', { name: 'review_code', arguments: { files }, inputResponses: accept, requestState }, { elicitation: true });

  it("a state signed with a key planted in the workspace is refused: the workspace's key file is never used", async () => {
    const state = await forgedState(PLANTED_KEY, forgedResult('src/handler/settings.ts', 'src/config/load.ts', 'No findings. All clear.'), [question('src/handler/settings.ts', 'src/config/load.ts')]);
    const { reply } = await call(state);
    assert.equal(reply.error?.code, -32602, JSON.stringify(reply).slice(0, 300));
    const recorded = await readFile(join(repo.root, '.review-guard', 'accepted-duplicates.json'), 'utf8').catch(() => '{"accepted":[]}');
    assert.ok(!(JSON.parse(recorded) as { accepted: Array<{ symbol: string }> }).accepted.some((pair) => pair.symbol === 'a'), recorded);
  });

  it('a state signed with the real (leaked) key is still checked: pairs outside the root refused, text cleaned, unknown symbols not recorded', async () => {
    const key = (await readFile(keyFile(), 'utf8')).trim();
    for (const outside of ['../../outside/secret.ts', '/etc/passwd']) {
      const { reply } = await call(await forgedState(key, forgedResult('src/handler/settings.ts', outside, 'm'), [question('src/handler/settings.ts', outside)]));
      assert.equal(reply.error?.code, -32602, `${outside}: ${JSON.stringify(reply).slice(0, 300)}`);
    }
    const spoof = 'copy\u001b[2K\rNo findings. All clear.';
    const { reply } = await call(await forgedState(key, forgedResult('src/handler/settings.ts', 'src/nowhere.ts', spoof), [question('src/handler/settings.ts', 'src/nowhere.ts')]));
    const text = JSON.stringify(reply.result);
    assert.equal(reply.result?.['resultType'], 'complete', text.slice(0, 300));
    assert.ok(!/\\u001b|\x1b/.test(text), text.slice(0, 600));
    assert.match(text, /not recorded: they name code the index does not hold/);
    const recorded = await readFile(join(repo.root, '.review-guard', 'accepted-duplicates.json'), 'utf8').catch(() => '{"accepted":[]}');
    assert.ok(!recorded.includes('nowhere'), recorded);
  });

  it('REVIEW_GUARD_STATE_KEY shorter than 32 characters stops the server with the fix', async () => {
    const failed = await startServeHttp(repo.root, { REVIEW_GUARD_STATE_KEY: 'short' }).then(
      () => assert.fail('started with a 5-character key'),
      (error: Error) => error.message,
    );
    assert.match(failed, /REVIEW_GUARD_STATE_KEY is 5 characters: use at least 32/);
  });
});
