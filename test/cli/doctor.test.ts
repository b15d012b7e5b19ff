/**
 * `review-guard doctor` as users run it: a child process against a copied
 * sample repo and the fake Ollama; its lines, its JSON and its exit code.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HealthReportSchema } from '../../src/pipeline/index.js';
import { fakeOllamaForFile, type FakeOllama } from '../helpers/fake-ollama.js';
import { closedHost } from '../helpers/loopback.js';
import { runCli, type CliRun } from '../support/cli.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const startOllama = fakeOllamaForFile();
const cli = (cwd: string, ollamaHost: string, ...args: string[]): Promise<CliRun> => runCli(cwd, args, { env: { OLLAMA_HOST: ollamaHost } });

describe('review-guard doctor', () => {
  let repo: SampleRepo;
  let ollama: FakeOllama;
  before(async () => {
    repo = await copySampleRepo();
    ollama = await startOllama([], { models: ['qwen3-coder:30b'] });
  });
  after(() => repo.remove());

  it('warns about the missing index (exit 1), then passes once it is built (exit 0)', async () => {
    const before = await cli(repo.root, ollama.url, 'doctor');
    assert.equal(before.code, 1);
    assert.match(before.stdout, /^warn  index       no index yet in \.review-guard\/index.* → fix: review-guard index$/m);
    assert.match(before.stdout, /^1 check\(s\) need attention \(exit 1\)\.$/m);

    assert.equal((await cli(repo.root, ollama.url, 'index')).code, 0);
    const afterIndex = await cli(join(repo.root, 'src'), ollama.url, 'doctor');
    assert.equal(afterIndex.code, 0, afterIndex.stdout);
    const lines = afterIndex.stdout.trim().split('\n');
    assert.equal(lines[0], `review-guard doctor: ${repo.root}`);
    assert.deepEqual(lines.slice(1, -1).map((l) => l.slice(0, 18)), [
      'ok    config      ',
      'ok    workspace   ',
      'ok    syntax      ',
      'ok    ollama      ',
      'ok    chat-model  ',
      'ok    embedder    ',
      'ok    index       ',
    ]);
    assert.match(afterIndex.stdout, new RegExp(`workspace   ${repo.root}: the nearest folder above ${repo.root}/src holding review-guard\\.config\\.json`));
    assert.equal(lines.at(-1), 'Everything review-guard needs is in place.');
  });

  it('exits 1 naming the unreachable host', async () => {
    const host = await closedHost();
    const { code, stdout } = await cli(repo.root, host, 'doctor');
    assert.equal(code, 1);
    assert.match(stdout, new RegExp(`^warn  ollama      Ollama is not reachable at ${host} \\(connection refused\\) → fix: start Ollama`, 'm'));
  });

  it('prints the report as JSON with --json, naming the missing model and its pull command', async () => {
    const other = await startOllama([], { models: ['llama3.2:3b'] });
    const { code, stdout } = await cli(repo.root, other.url, 'doctor', '--json');
    assert.equal(code, 1);
    const report = HealthReportSchema.parse(JSON.parse(stdout));
    assert.equal(report.verdict, 'attention');
    const chat = report.checks.find((c) => c.id === 'chat-model');
    assert.deepEqual([chat?.status, chat?.fix, chat?.details?.['model']], ['warn', 'ollama pull qwen3-coder:30b', 'qwen3-coder:30b']);
  });

  it('exits 2 on a broken config, naming the key, and still prints the other checks', async () => {
    const broken = await copySampleRepo({ model: { turns: 3 } });
    try {
      const { code, stdout } = await cli(broken.root, ollama.url, 'doctor');
      assert.equal(code, 2);
      assert.match(stdout, /^error config      review-guard\.config\.json: unknown key "model\.turns" \(did you mean "model\.maxTurns"\?/m);
      assert.match(stdout, /^info  ollama      not checked until the config is valid$/m);
      assert.match(stdout, /^The config is invalid: fix it first \(exit 2\)\.$/m);
      const json = await cli(broken.root, ollama.url, 'doctor', '--json');
      assert.equal(json.code, 2);
      assert.equal(HealthReportSchema.parse(JSON.parse(json.stdout)).verdict, 'broken-config');
    } finally {
      await broken.remove();
    }
  });

  it('exits 2 for a review with a broken config too, with the key in the message', async () => {
    await writeFile(join(repo.root, 'review-guard.config.json'), JSON.stringify({ index: { duplicateThreshold: 2 } }));
    const { code, stderr } = await cli(repo.root, ollama.url, 'review', '--no-model', 'src/util/strings.ts');
    assert.equal(code, 2);
    assert.equal(stderr.trim(), 'review-guard: review-guard.config.json: "index.duplicateThreshold" is 2; expected a number from 0.5 to 1');
  });
});
