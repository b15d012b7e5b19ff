/**
 * End to end: `review-guard serve --http` as a child process, the SDK
 * client over the printed URL, and the usage errors of the serve options.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { closedHost } from '../helpers/loopback.js';
import { startServeHttp } from '../support/cli.js';
import { CLI_PATH, copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

function envWithout(...names: string[]): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of names) delete env[name];
  return env;
}

describe('review-guard serve --http', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo();
  });
  after(() => repo.remove());

  it('serves review_code at the URL it prints and exits cleanly on SIGTERM', async () => {
    const server = await startServeHttp(repo.root, { OLLAMA_HOST: await closedHost() });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/, 'a loopback URL by default');
      const client = new Client({ name: 'e2e-http', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const reply = await client.callTool({ name: 'review_code', arguments: { files: ['src/report/messages.ts'] } });
      const result = reply.structuredContent as { findings: { rule: string }[] };
      assert.ok(result.findings.some((f) => f.rule === 'max-lines'));
      await client.close();
    } finally {
      server.child.kill('SIGTERM');
    }
    assert.equal((await server.exited).code, 0);
  });

  for (const [args, message] of [
    [['--http', '--host', '0.0.0.0', '--port', '0'], /refusing to serve on 0\.0\.0\.0 without a token/],
    [['--http', '--port', 'eighty'], /--port eighty: expected a port number/],
    [['--http', '--port', '70000'], /--port 70000: expected a port number/],
    [['--port', '8080'], /--port and --host need --http/],
    [['--http', '--host', '127.0.0.1', '--host', '::1'], /--host given more than once; serve binds one address/],
  ] as const) {
    it(`exits 2 for serve ${args.join(' ')}`, () => {
      const run = spawnSync(process.execPath, [CLI_PATH, 'serve', ...args, '--root', repo.root], { env: envWithout('REVIEW_GUARD_TOKEN'), encoding: 'utf8', timeout: 20_000 });
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, message);
    });
  }
});
