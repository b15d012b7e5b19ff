/**
 * The starter config `init` writes, against the fake Ollama: the model
 * stage is on only when Ollama answers and has the chat model pulled;
 * otherwise it is off with a `$comment` that says why and how to turn it
 * on, and the config still loads (a review runs with it).
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { fakeOllamaForFile } from '../../helpers/fake-ollama.js';
import { closedHost, serveHttp } from '../../helpers/loopback.js';
import { runCli } from '../../support/cli.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';

const startFakeOllama = fakeOllamaForFile();

describe('review-guard init: the starter config', () => {
  let dir: TempDir;
  const initWith = async (ollamaHost: string) => {
    const run = await runCli(dir.path, ['init', '--yes'], { env: { OLLAMA_HOST: ollamaHost } });
    assert.equal(run.code, 0, run.stderr);
    return JSON.parse(await readFile(join(dir.path, 'review-guard.config.json'), 'utf8')) as { model: Record<string, unknown> };
  };
  beforeEach(async () => {
    dir = await makeTempDir('rg-init-config-');
    await mkdir(join(dir.path, '.git'));
  });
  afterEach(() => dir.remove());

  it('Ollama answers and the model is pulled: the model stage is on', async () => {
    const ollama = await startFakeOllama([], { models: ['qwen3-coder:30b'] });
    const config = await initWith(ollama.url);
    assert.deepEqual(config.model, { enabled: true, model: 'qwen3-coder:30b' });
    assert.ok(ollama.requests.some((r) => r.method === 'GET' && r.path === '/api/tags'), 'the pulled models were asked for');
  });

  it('the model is not pulled: off, with a comment naming the pull command', async () => {
    const ollama = await startFakeOllama([], { models: ['llama3.2:latest'] });
    const config = await initWith(ollama.url);
    assert.equal(config.model['enabled'], false);
    assert.equal(
      config.model['$comment'],
      `Off: qwen3-coder:30b is not pulled on Ollama at ${ollama.url}. To turn the model stage on: run ollama pull qwen3-coder:30b, then set "enabled": true (review-guard doctor checks it).`,
    );
    // The loader accepts the comment: a review runs with the starter config.
    await writeFile(join(dir.path, 'a.ts'), 'export const answer = 42;\n');
    const review = await runCli(dir.path, ['review', 'a.ts'], { env: { OLLAMA_HOST: ollama.url } });
    assert.equal(review.code, 0, review.stderr);
    assert.equal(ollama.chatRequests().length, 0, 'the model stage stays off');
  });

  it('Ollama is not running: off, with a comment on starting it', async () => {
    const config = await initWith(await closedHost());
    assert.equal(config.model['enabled'], false);
    assert.match(String(config.model['$comment']), /^Off: Ollama did not answer at http:\/\/127\.0\.0\.1:\d+\. To turn the model stage on: start Ollama \(ollama serve\), run ollama pull qwen3-coder:30b, then set "enabled": true/);
  });

  it('an Ollama that hangs costs init a short wait, not a minute: off', async () => {
    const hanging = await serveHttp(() => {}); // takes every request, answers none
    try {
      const started = Date.now();
      const config = await initWith(hanging.url);
      assert.ok(Date.now() - started < 5000, `init took ${Date.now() - started} ms`);
      assert.equal(config.model['enabled'], false);
      assert.match(String(config.model['$comment']), /did not answer/);
    } finally {
      await hanging.close();
    }
  });

  it('OLLAMA_HOST off this machine is not asked: off, with a comment saying so', async () => {
    const ollama = await startFakeOllama([], { models: ['qwen3-coder:30b'] });
    const remote = ollama.url.replace('127.0.0.1', '192.0.2.1');
    const config = await initWith(remote);
    assert.equal(config.model['enabled'], false);
    assert.match(String(config.model['$comment']), /^Off: Ollama at http:\/\/192\.0\.2\.1:\d+ is not on this machine\. To turn the model stage on: set model\.host to a local Ollama/);
  });
});
