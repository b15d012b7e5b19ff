/**
 * `review-guard serve --http` as a user runs it, attacked over its socket:
 * it binds loopback only, refuses foreign Host and Origin headers, wants the
 * bearer token when one is set (any length of wrong token is a 401, not a
 * crash), refuses bodies over the limit and keeps serving, answers errors
 * without stack traces or paths of this machine, and never runs the code
 * it reviews.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MAX_REQUEST_BODY_BYTES } from '../../src/mcp/transport/http-server.js';
import { CONFIG_FILE_NAME } from '../../src/pipeline/index.js';
import { closedHost } from '../helpers/loopback.js';
import { startServeHttp, type ServeChild } from '../support/cli.js';
import { copySampleRepo, REPO_ROOT, type SampleRepo } from '../support/sample-repo.js';
import { rawPost, rpc, statusForBody } from './http-support.js';

const TOKEN = 'a-token-for-the-http-security-test';

/** Code that leaves `marker` behind if anything runs, imports or requires it. */
function plantedCode(marker: string): Record<string, string> {
  const path = JSON.stringify(marker);
  return {
    'src/planted.ts': `import { writeFileSync } from 'node:fs';\nwriteFileSync(${path}, 'ts');\nexport function planted(): number {\n  return 1;\n}\n`,
    'src/planted.js': `require('node:fs').writeFileSync(${path}, 'js');\nmodule.exports = function plantedJs() { return 2; };\n`,
    'src/planted.py': `open(${path}, 'w').write('py')\n\ndef planted_py():\n    return 3\n`,
  };
}

/** What no error reply may carry: stack lines and paths of the server's machine. */
function assertNothingLeaks(body: string, root: string, what: string): void {
  for (const secret of [root, REPO_ROOT.replace(/\/$/, ''), tmpdir()]) assert.ok(!body.includes(secret), `${what}: reply names ${secret}: ${body.slice(0, 400)}`);
  assert.doesNotMatch(body, /\bat [^\s]+ \(|\bat (file|node):|\.js:\d+:\d+/, `${what}: reply carries a stack trace: ${body.slice(0, 400)}`);
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('serve --http under attack', () => {
  let repo: SampleRepo;
  let server: ServeChild;
  let marker: string;
  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false } });
    marker = join(repo.root, 'EXECUTED');
    for (const [path, text] of Object.entries(plantedCode(marker))) await writeFile(join(repo.root, path), text);
    server = await startServeHttp(repo.root, { REVIEW_GUARD_TOKEN: TOKEN, OLLAMA_HOST: await closedHost() });
  });
  after(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await repo.remove();
  });

  it('binds loopback only by default', async () => {
    const url = new URL(server.url);
    assert.equal(url.hostname, '127.0.0.1');
    const port = Number(url.port);
    assert.equal(await accepts('127.0.0.1', port), true);
    const outside = Object.values(networkInterfaces()).flat().filter((a) => a && !a.internal && a.family === 'IPv4');
    for (const address of outside) assert.equal(await accepts(address!.address, port), false, `reachable on ${address!.address}`);
  });

  it('refuses foreign Host and Origin headers with 403, before the token is even looked at', async () => {
    const port = new URL(server.url).port;
    const auth = { authorization: `Bearer ${TOKEN}` };
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.example:${port}`, `localhost.evil.example:${port}`]) {
      assert.equal((await rawPost(server.url, { ...auth, host }, ping)).status, 403, `Host: ${host}`);
    }
    for (const origin of ['http://evil.example', `http://evil.example:${port}`, 'https://127.0.0.1.evil.example', 'null']) {
      assert.equal((await rawPost(server.url, { ...auth, origin }, ping)).status, 403, `Origin: ${origin}`);
    }
    assert.equal((await rawPost(server.url, { host: 'evil.example' }, ping)).status, 403, 'Host is checked before the token');
  });

  it('wants the bearer token: missing or wrong of any length is 401, the right one is served', async () => {
    const call = (authorization?: string) => rawPost(server.url, authorization ? { authorization } : {}, '{}');
    for (const authorization of [undefined, 'Bearer', 'Bearer ', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Bearer ${'x'.repeat(10_000)}`, `Token ${TOKEN}`, TOKEN]) {
      const reply = await call(authorization);
      assert.equal(reply.status, 401, `Authorization: ${String(authorization).slice(0, 40)}`);
      assert.match(reply.body, /missing or wrong bearer token/);
    }
    const { raw, reply } = await rpc(server.url, 'tools/list', {}, { token: TOKEN });
    assert.equal(raw.status, 200);
    assert.ok(Array.isArray(reply.result?.['tools']));
  });

  it('refuses a body over the limit with 413, with or without Content-Length, and keeps serving', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(5 * 1024 * 1024) } });
    assert.ok(Buffer.byteLength(huge) > MAX_REQUEST_BODY_BYTES);
    for (const chunked of [false, true]) {
      assert.match(await statusForBody(server.url, { authorization: `Bearer ${TOKEN}` }, Buffer.from(huge), { chunked }), /^HTTP\/1\.1 413 /, chunked ? 'chunked' : 'with Content-Length');
    }
    const { reply: after } = await rpc(server.url, 'tools/list', {}, { token: TOKEN });
    assert.ok(Array.isArray(after.result?.['tools']), 'the next request is served');
  });

  it('answers errors without stack traces or paths of this machine', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const bodies: [string, string][] = [];
    for (const [what, body] of [
      ['malformed JSON', '{"jsonrpc":"2.0","id":1,"method":'],
      ['not JSON-RPC', '[1,2,3]'],
      ['binary', Buffer.from([0, 0xff, 0xfe]).toString('latin1')],
    ] as const) {
      bodies.push([what, (await rawPost(server.url, auth, body)).body]);
    }
    const calls: [string, string, Record<string, unknown>][] = [
      ['unknown method', 'no/such/method', {}],
      ['unknown tool', 'tools/call', { name: 'no_such_tool', arguments: {} }],
      ['bad arguments', 'tools/call', { name: 'review_code', arguments: { files: 42 } }],
      ['a missing file', 'tools/call', { name: 'review_code', arguments: { files: ['src/missing.ts', join(tmpdir(), 'outside.ts'), '../../etc/passwd'] } }],
      ['an unknown task', 'tasks/get', { taskId: 'nope' }],
    ];
    for (const [what, method, params] of calls) {
      const { raw } = await rpc(server.url, method, params, { token: TOKEN, tasks: true });
      assert.ok(raw.body.length > 0, what);
      bodies.push([what, raw.body]);
    }
    for (const [what, body] of bodies) assertNothingLeaks(body.replaceAll(join(tmpdir(), 'outside.ts'), '<echoed input>'), repo.root, what);
  });

  it('never runs the code it reviews or indexes', async () => {
    const files = ['src/planted.ts', 'src/planted.js', 'src/planted.py'];
    const { reply } = await rpc(server.url, 'tools/call', { name: 'review_code', arguments: { files } }, { token: TOKEN });
    const result = reply.result?.['structuredContent'] as { summary: { files: { file: string }[] } };
    assert.deepEqual(result.summary.files.map((f) => f.file).sort(), [...files].sort());
    await rpc(server.url, 'tools/call', { name: 'refresh_index', arguments: {} }, { token: TOKEN });
    await rpc(server.url, 'tools/call', { name: 'search_similar_code', arguments: { code: 'export function planted(): number {\n  return 1;\n}' } }, { token: TOKEN });
    assert.equal(existsSync(marker), false, 'the planted code ran');
  });
});

describe('serve --http with a broken config', () => {
  let repo: SampleRepo;
  let server: ServeChild;
  before(async () => {
    repo = await copySampleRepo({ rules: { 'max-lines': 'fatal' }, model: { host: 42 } });
    server = await startServeHttp(repo.root);
  });
  after(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await repo.remove();
  });

  it('reports the problem without stack traces or paths of this machine, and keeps serving', async () => {
    const { raw, reply } = await rpc(server.url, 'tools/call', { name: 'review_code', arguments: { files: ['src/report/messages.ts'] } });
    assert.equal(raw.status, 200);
    const result = reply.result as { isError?: boolean; content?: Array<{ text?: string }> } | undefined;
    // A server that ignored the broken config would review the file and report its max-lines finding instead.
    assert.equal(result?.isError, true, 'a broken config is an error result, not a review');
    assert.match(result?.content?.[0]?.text ?? '', /"rules\.max-lines"|"model\.host"/, 'names the broken key');
    assertNothingLeaks(raw.body, repo.root, 'a broken config');
    const { reply: again } = await rpc(server.url, 'tools/list', {});
    assert.ok(Array.isArray(again.result?.['tools']));
  });

  it('reviews with the fixed config at the next call once the file is fixed, without a restart', async () => {
    const review = () => rpc(server.url, 'tools/call', { name: 'review_code', arguments: { files: ['src/report/messages.ts'] } });
    const unchanged = (await review()).reply.result as { isError?: boolean };
    assert.equal(unchanged.isError, true, 'while the file is as it was, the error stands');
    await writeFile(join(repo.root, CONFIG_FILE_NAME), JSON.stringify({ rules: { 'max-lines': ['error', { max: 20 }] }, model: { enabled: false } }));
    const { reply } = await review();
    const result = reply.result as { isError?: boolean; structuredContent?: { findings: { rule: string }[] } } | undefined;
    assert.equal(result?.isError, false, JSON.stringify(reply).slice(0, 300));
    assert.ok(result?.structuredContent?.findings.some((f) => f.rule === 'max-lines'), 'the fixed config is the one applied');
  });
});
