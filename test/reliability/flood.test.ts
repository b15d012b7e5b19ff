/**
 * One file cannot end the batch: a generated ~980 KB file (under the 1 MiB
 * limit) with over 100,000 naming findings, reviewed between two ordinary
 * files through the real CLI (text, JSON, SARIF), the stdio MCP server and
 * the Claude Code hook. Before the fix an array spread of its findings
 * overflowed the call stack: exit 70 with a stack trace, MCP -32603 with
 * every other file's findings lost, and a hook exit 1 the model never sees.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Finding, ReviewResult } from '../../src/pipeline/index.js';
import { runCli } from '../support/cli.js';
import { CLI_PATH, copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const HUGE = 'src/huge.ts';
const OTHERS = ['src/handler/settings.ts', 'src/handler/http-handler.ts'];
const BATCH = [OTHERS[0]!, HUGE, OTHERS[1]!];
const CAP = 200;
const STACK_LINE = /\n\s+at .+[(:]\d+/;

/** `let a_0,a_1,…;` lines up to ~980 KB: every name breaks the camelCase convention. */
function floodSource(): { text: string; names: number } {
  const lines: string[] = [];
  let names = 0;
  let size = 0;
  while (size < 980 * 1000) {
    const line = `let ${Array.from({ length: 20 }, () => `a_${(names++).toString(36)}`).join(',')};\n`;
    lines.push(line);
    size += line.length;
  }
  return { text: lines.join(''), names };
}

function fingerprintsOf(findings: readonly Finding[], files: readonly string[]): string[] {
  return findings.filter((f) => files.includes(f.file)).map((f) => f.fingerprint).sort();
}

/** The flood file's findings: at most the cap listed, plus summaries that carry the rest in the counts. */
function assertCapped(result: ReviewResult, names: number): void {
  const huge = result.findings.filter((f) => f.file === HUGE);
  const listed = huge.filter((f) => f.omitted === undefined);
  assert.equal(listed.length, CAP);
  assert.ok(listed.some((f) => f.rule === 'max-lines' && f.severity === 'error'), 'the error is listed first');
  const naming = huge.find((f) => f.rule === 'naming' && f.omitted !== undefined);
  assert.ok(naming && naming.omitted! + listed.filter((f) => f.rule === 'naming').length >= names, `naming summary: ${JSON.stringify(naming)}`);
  assert.match(naming.message, /^and \d{2,3},\d{3} more naming finding\(s\) in this file, not listed: at most 200 findings are listed per file/);
  assert.ok(result.summary.counts.warning >= names);
  assert.ok(result.summary.files.every((f) => f.status === 'reviewed'), JSON.stringify(result.summary.files));
}

describe('a file with 100k findings in a batch', () => {
  let repo: SampleRepo;
  let names: number;
  /** The other two files' findings, reviewed without the flood file. */
  let alone: string[];
  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false } });
    const flood = floodSource();
    names = flood.names;
    assert.ok(names >= 100_000 && flood.text.length < 1024 * 1024, `${names} names in ${flood.text.length} bytes`);
    await writeFile(join(repo.root, HUGE), flood.text);
    const { code, stdout, stderr } = await runCli(repo.root, ['review', '--no-model', '--format', 'json', ...OTHERS]);
    // 1 with an error finding among them, 0 without: either way a review, not a crash.
    assert.ok(code === 0 || code === 1, stderr);
    alone = fingerprintsOf((JSON.parse(stdout) as ReviewResult).findings, OTHERS);
    assert.ok(alone.length >= 3);
  });
  after(() => repo.remove());

  it('CLI text: exit 1, every finding of the other files, no stack trace', async () => {
    const { code, stdout, stderr } = await runCli(repo.root, ['review', '--no-model', ...BATCH]);
    assert.equal(code, 1, stderr);
    assert.doesNotMatch(stderr + stdout, STACK_LINE);
    assert.match(stdout, new RegExp(`^  ${HUGE} +warning and [\\d,]+ more naming finding\\(s\\) in this file`, 'm'));
    assert.match(stdout, /^\d+ finding\(s\): 1 error, \d{6,} warning, \d+ info in 3 reviewed file\(s\)/m);
    assert.ok(stdout.length < 200_000, `${stdout.length} characters of text`);
  });

  it('CLI JSON: the other files\' findings are exactly those of a review without the flood file', async () => {
    const { code, stdout, stderr } = await runCli(repo.root, ['review', '--no-model', '--format', 'json', ...BATCH]);
    assert.equal(code, 1, stderr);
    assert.equal(stderr, '');
    const result = JSON.parse(stdout) as ReviewResult;
    assert.deepEqual(fingerprintsOf(result.findings, OTHERS), alone);
    assertCapped(result, names);
  });

  it('CLI SARIF: a valid log with the summaries as results that say how many they stand for', async () => {
    const { code, stdout, stderr } = await runCli(repo.root, ['review', '--no-model', '--format', 'sarif', ...BATCH]);
    assert.equal(code, 1, stderr);
    const run = (JSON.parse(stdout) as { runs: { results: { ruleId: string; properties: { omitted?: number } }[]; invocations: { executionSuccessful: boolean }[] }[] }).runs[0]!;
    assert.equal(run.invocations[0]!.executionSuccessful, true);
    const summary = run.results.find((r) => r.ruleId === 'naming' && r.properties.omitted !== undefined);
    assert.ok(summary && summary.properties.omitted! > 100_000);
    assert.ok(run.results.length < CAP + alone.length + 10, `${run.results.length} results`);
  });

  it('MCP over stdio: a normal result (isError false) with every file reviewed and the others\' findings all there', async () => {
    const client = new Client({ name: 'review-guard-flood', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'serve', '--root', repo.root], env: { ...(process.env as Record<string, string>), OLLAMA_HOST: '' }, stderr: 'pipe' });
    await client.connect(transport);
    try {
      const reply = await client.callTool({ name: 'review_code', arguments: { files: BATCH } });
      assert.equal(reply.isError === true, false);
      const result = reply.structuredContent as unknown as ReviewResult;
      assert.deepEqual(fingerprintsOf(result.findings, OTHERS), alone);
      assertCapped(result, names);
      const text = (reply.content as { text: string }[]).map((c) => c.text).join('\n');
      assert.doesNotMatch(text, STACK_LINE);
    } finally {
      await client.close();
    }
  });

  it('hook: exit 2 with the error finding on stderr for the model, the rest counted, no stack trace', async () => {
    const input = JSON.stringify({ hook_event_name: 'PostToolUse', cwd: repo.root, tool_name: 'Write', tool_input: { file_path: join(repo.root, HUGE) } });
    const { code, stdout, stderr } = await runCli(repo.root, ['hook', 'claude-code'], { input });
    assert.equal(code, 2, stderr);
    assert.equal(stdout, '');
    assert.match(stderr, /^review-guard: 1 error finding\(s\) in src\/huge\.ts after this edit:\n- src\/huge\.ts:\d+ \d+ code lines \(limit 250\)/);
    assert.match(stderr, /\((\d{6,}) warning\/info finding\(s\) not shown/);
    assert.doesNotMatch(stderr, STACK_LINE);
  });
});
