/**
 * @fileoverview A `review --no-model` run must not load what it does not
 * use: the Ollama client and the neural embedders cost a cold edit-hook
 * process start-up time for nothing. A module hook in the child process
 * lists every module it loads.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../support/cli.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

describe('CLI module loading', () => {
  let repo: SampleRepo;
  let hooks: string;
  before(async () => {
    repo = await copySampleRepo();
    hooks = await mkdtemp(join(tmpdir(), 'rg-hooks-'));
    await writeFile(join(hooks, 'hooks.mjs'), "export async function load(url, context, next) { process.stderr.write(`LOADED ${url}\\n`); return next(url, context); }\n");
    await writeFile(join(hooks, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(hooks, 'hooks.mjs')).href)});\n`);
  });
  after(async () => {
    await repo.remove();
    await rm(hooks, { recursive: true, force: true });
  });

  it('review --no-model loads neither the Ollama client nor a neural embedder', async () => {
    const run = await runCli(repo.root, ['review', '--no-model', 'src/handler/settings.ts'], {
      env: { NODE_OPTIONS: `--import=${pathToFileURL(join(hooks, 'register.mjs')).href}` },
    });
    const loaded = run.stderr.split('\n').filter((line) => line.startsWith('LOADED ')).map((line) => line.slice(7));
    assert.ok(loaded.some((url) => url.includes('/dist/src/pipeline/review.js')), 'the hook saw the review pipeline load');
    const unwanted = loaded.filter((url) => /node_modules\/(ollama|@xenova)\/|\/models\/ollama-(chat|http)\.js|\/indexer\/embedders\//.test(url));
    assert.deepEqual(unwanted, []);
  });
});
