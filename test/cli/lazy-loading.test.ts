/**
 * @fileoverview A `review --no-model` run must not load what it does not
 * use: the Ollama client and the neural embedders cost a cold edit-hook
 * process start-up time for nothing. A module hook in the child process
 * lists every module it loads.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { moduleTracer, type ModuleTracer } from '../support/daemon.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

describe('CLI module loading', () => {
  let repo: SampleRepo;
  let tracer: ModuleTracer;
  before(async () => {
    repo = await copySampleRepo();
    tracer = await moduleTracer();
  });
  after(async () => {
    await repo.remove();
    await tracer.remove();
  });

  it('review --no-model loads neither the Ollama client nor a neural embedder', async () => {
    const { loaded } = await tracer.run(repo.root, ['review', '--no-model', 'src/handler/settings.ts']);
    assert.ok(loaded.some((url) => url.includes('/dist/src/pipeline/review.js')), 'the hook saw the review pipeline load');
    const unwanted = loaded.filter((url) => /node_modules\/(ollama|@xenova)\/|\/models\/ollama-(chat|http)\.js|\/indexer\/embedders\/neural\//.test(url));
    assert.deepEqual(unwanted, []);
  });
});
