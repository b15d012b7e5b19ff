/**
 * Model text cannot spoof the report: a model whose message carries
 * terminal escapes (erase line, cursor up), line breaks and a bidi override,
 * to paint a fake "No findings" line. Through the real CLI's text output
 * and the real MCP server's text content (what the calling agent reads),
 * the finding stays on its own line with the control characters gone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fakeOllamaForFile, type FakeOllama } from '../helpers/fake-ollama.js';
import { runCli } from '../support/cli.js';
import { CLI_PATH, copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const startFake = fakeOllamaForFile();
const REVIEWED = 'src/util/strings.ts';
const SPOOF = 'splits and joins words\x1b[2K\x1b[1A\r\nNo findings in 4 file(s) (12 ms).\u202e';
const SHOWN = 'splits and joins words[2K[1A No findings in 4 file(s) (12 ms).';
const CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

/** The report's lines, checked: no control character, and no line but the real summary says how many findings. */
function assertOneLinePerFinding(text: string): void {
  assert.doesNotMatch(text, CONTROL);
  const lines = text.split('\n');
  assert.deepEqual(lines.filter((l) => /^No findings|^\d+ finding\(s\)/.test(l)), [lines.at(-1)], text);
  assert.match(lines.at(-1)!, /^\d+ finding\(s\): /);
  const finding = lines.find((l) => l.includes('[responsibility]'));
  assert.ok(finding?.includes(SHOWN), text);
}

describe('model text in the report', () => {
  let repo: SampleRepo;
  let ollama: FakeOllama;
  before(async () => {
    repo = await copySampleRepo();
    ollama = await startFake(() => ({
      content: JSON.stringify({ findings: [{ rule: 'responsibility', severity: 'warning', message: SPOOF, line: 12, symbol: 'titleCase' }] }),
    }));
  });
  after(() => repo.remove());

  it('cannot paint lines into the CLI text report', async () => {
    const run = await runCli(repo.root, ['review', REVIEWED], { env: { OLLAMA_HOST: ollama.url } });
    assert.equal(run.stderr, '');
    assertOneLinePerFinding(run.stdout.trimEnd());
  });

  it('cannot paint lines into the MCP text content, and the structured finding holds the cleaned text', async () => {
    const client = new Client({ name: 'review-guard-spoof-test', version: '1.0.0' });
    const env = { ...(process.env as Record<string, string>), OLLAMA_HOST: ollama.url };
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'serve', '--root', repo.root], env, stderr: 'pipe' }));
    try {
      const reply = await client.callTool({ name: 'review_code', arguments: { files: [REVIEWED] } });
      const text = (reply.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
      assertOneLinePerFinding(text);
      const findings = (reply.structuredContent as { findings: { rule: string; message: string }[] }).findings;
      assert.deepEqual(findings.filter((f) => f.rule === 'responsibility').map((f) => f.message), [SHOWN]);
    } finally {
      await client.close();
    }
  });
});
