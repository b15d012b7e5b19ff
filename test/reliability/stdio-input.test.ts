/**
 * Garbage on the stdio server's stdin — text that is not JSON, cut-off
 * JSON, binary bytes, JSON that is not JSON-RPC, unknown methods — is
 * answered or logged in one short line each, and the server goes on to
 * serve the next valid request.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { CLI_PATH, copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

describe('garbage on the stdio server\'s stdin', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false } });
  });
  after(() => repo.remove());

  it('does not stop the server from answering the next request', async () => {
    const child = spawn(process.execPath, [CLI_PATH, 'serve', '--root', repo.root], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const garbage = [
      'not json at all',
      '{"jsonrpc":"2.0"',
      Buffer.from([0x00, 0xff, 0xfe, 0x80]).toString('latin1'),
      '[1,2,3]',
      '{"jsonrpc":"2.0","id":"u","method":"no/such/method"}',
      `{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":"${'x'.repeat(200_000)}"}}`,
    ];
    for (const line of garbage) child.stdin.write(`${line}\n`);
    const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'garbage', version: '1' } };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init })}\n`);
    const deadline = Date.now() + 15_000;
    while (!stdout.includes('"id":1,') && !stdout.includes('"id":1}') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    child.stdin.end();
    const code = await exited;
    assert.match(stdout, /"serverInfo":\{"name":"review-guard"/, 'the valid request after the garbage was answered');
    assert.match(stdout, /"id":"u","error":\{"code":-32601/);
    assert.equal(code, 0, 'exits 0 when stdin closes');
    // The start line, at most one short line per bad message, and the line saying the host closed stdin.
    const lines = stderr.trim().split('\n');
    assert.ok(lines.length <= garbage.length + 2, `one line per problem, got ${lines.length}: ${stderr.slice(0, 300)}`);
    for (const line of lines) assert.ok(line.length <= 320, `short lines: ${line.slice(0, 80)}…`);
  });
});
