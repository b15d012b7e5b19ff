/**
 * The doctor's checks as adapters use them, on a copy of the sample repo
 * against the fake Ollama: each broken part is named with its fix, and the
 * others are still checked.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createReviewService, HealthReportSchema, locateWorkspaceRoot, runHealthChecks, type HealthReport } from '../../../src/pipeline/index.js';
import { fakeOllamaForFile } from '../../helpers/fake-ollama.js';
import { closedHost } from '../../helpers/loopback.js';
import { writeTinyBertModel } from '../../helpers/tiny-bert.js';
import { copySampleRepo } from '../../support/sample-repo.js';

const startOllama = fakeOllamaForFile();
const RULES = { 'max-lines': ['error', { max: 250 }], naming: 'warning' };

/** A sample repo with `config`, optionally indexed, checked with OLLAMA_HOST unset. */
interface Steps {
  readonly indexed?: boolean;
  readonly setup?: (root: string) => Promise<unknown>;
  readonly afterIndex?: (root: string) => Promise<unknown>;
}

async function doctor(config: unknown, { indexed = true, setup, afterIndex }: Steps = {}): Promise<HealthReport> {
  const repo = await copySampleRepo(config);
  try {
    await setup?.(repo.root);
    if (indexed) {
      const service = await createReviewService({ root: repo.root, watch: false, env: {} });
      await service.updateIndex();
      service.close();
    }
    await afterIndex?.(repo.root);
    const report = await runHealthChecks({ root: locateWorkspaceRoot(repo.root), cwd: repo.root, env: {}, probeTimeoutMs: 2000 });
    return HealthReportSchema.parse(report);
  } finally {
    await repo.remove();
  }
}

const byId = (report: HealthReport, id: string) => {
  const found = report.checks.find((c) => c.id === id);
  assert.ok(found, `no ${id} check`);
  return found;
};
const statuses = (report: HealthReport) => Object.fromEntries(report.checks.map((c) => [c.id, c.status]));

describe('health checks', () => {
  it('all pass with a valid config, a reachable Ollama that has the model, and a fresh index', async () => {
    const ollama = await startOllama([], { models: ['qwen3-coder:30b'], version: '0.12.6' });
    const report = await doctor({ rules: RULES, model: { host: ollama.url } });
    assert.deepEqual(statuses(report), { config: 'ok', workspace: 'ok', syntax: 'ok', ollama: 'ok', 'chat-model': 'ok', embedder: 'ok', index: 'ok' });
    assert.equal(report.verdict, 'healthy');
    assert.equal(byId(report, 'syntax').message, 'syntax binding loaded; parses typescript, tsx, javascript, python, go');
    assert.match(byId(report, 'ollama').message, new RegExp(`^Ollama 0\\.12\\.6 answers at ${ollama.url} \\(\\d+ ms\\)$`));
    assert.match(byId(report, 'workspace').message, /the current folder holding review-guard\.config\.json$/);
    const index = byId(report, 'index');
    assert.match(index.message, /^5 files, 10 chunks, [\d.]+ KB, written \d+ s ago; embedders structural-v3-512-n3-5 \(512-d\); up to date with the workspace$/);
    assert.equal(index.details?.['files'], 5);
    assert.ok((index.details?.['bytes'] as number) > 1000);
    assert.deepEqual(index.details?.['embedders'], ['structural-v3-512-n3-5']);
    assert.deepEqual(
      ollama.requests.map((r) => `${r.method} ${r.path}`),
      ['GET /api/version', 'GET /api/tags', 'POST /api/show', 'GET /api/ps'],
      'one probe serves both the ollama and the chat-model check; /api/show tells whether the model calls tools, /api/ps whether it is in memory',
    );
    assert.match(byId(report, 'chat-model').message, /is pulled on Ollama at .*; it can call tools; context length 262144 tokens$/);
  });

  it('says what a small context, unknown tools, a model out of memory and an untagged name mean for a review', async () => {
    const small = await startOllama([], { models: ['qwen3-coder:30b'], contextLength: 4096, loadMs: 60_000 });
    const chat = byId(await doctor({ rules: RULES, model: { host: small.url } }), 'chat-model');
    assert.equal(chat.status, 'info');
    assert.match(chat.message, /its context length is 4096 tokens, so num_ctx \(16384\) is capped there and files over about 70 lines are reviewed in parts/);
    assert.match(chat.message, /; not in memory now: the first review waits for its load \(about 9 s\)$/);
    const older = await startOllama([], { models: ['qwen3-coder:30b'], olderShow: true });
    const unknown = byId(await doctor({ rules: RULES, model: { host: older.url } }), 'chat-model');
    assert.deepEqual([unknown.status, /whether it can call tools is unknown/.test(unknown.message)], ['info', true]);
    const tagged = await startOllama([], { models: ['qwen3-coder:30b'] });
    const untagged = byId(await doctor({ rules: RULES, model: { host: tagged.url, model: 'qwen3-coder' } }), 'chat-model');
    assert.equal(untagged.fix, 'set model.model to "qwen3-coder:30b"');
    assert.match(untagged.message, /"qwen3-coder" \(model\.model\) means qwen3-coder:latest, which is not pulled .*; pulled under that name: qwen3-coder:30b/);
  });

  it('warns, with the fix, about a pulled chat model that cannot call tools', async () => {
    const ollama = await startOllama([], { models: ['qwen2.5-coder:7b'], capabilities: ['completion', 'insert'] });
    const report = await doctor({ model: { host: ollama.url, model: 'qwen2.5-coder:7b' } });
    const chat = byId(report, 'chat-model');
    assert.equal(chat.status, 'warn');
    assert.match(chat.message, /^the model qwen2\.5-coder:7b cannot call tools \(Ollama lists its capabilities as: completion, insert\)/);
    assert.match(chat.fix ?? '', /model\.model to a model with tool support/);
    assert.equal(report.verdict, 'attention');
  });

  it('warns with the fix when Ollama is unreachable, and does not claim the model is missing', async () => {
    const host = await closedHost();
    const report = await doctor({ model: { host } });
    assert.equal(report.verdict, 'attention');
    const ollama = byId(report, 'ollama');
    assert.equal(ollama.status, 'warn');
    assert.equal(ollama.message, `Ollama is not reachable at ${host} (connection refused)`);
    assert.match(ollama.fix ?? '', /ollama serve.*model\.host or OLLAMA_HOST.*model\.enabled: false/);
    assert.deepEqual([byId(report, 'chat-model').status, byId(report, 'chat-model').message], ['info', `not checked: Ollama is not reachable at ${host}`]);
    assert.equal(byId(report, 'index').status, 'ok', 'the other checks still run');
  });

  it('warns that reviews refuse a host off this machine, without probing it', async () => {
    const report = await doctor({ model: { host: 'http://10.255.0.1:11434' } });
    const ollama = byId(report, 'ollama');
    assert.equal(ollama.status, 'warn');
    assert.equal(ollama.message, 'http://10.255.0.1:11434 is not on this machine, so reviews refuse to send code to it');
    assert.match(ollama.fix ?? '', /model\.allowRemoteHost: true/);
    assert.equal(byId(report, 'chat-model').message, 'not checked: reviews refuse the host http://10.255.0.1:11434');
  });

  it('warns that the index refuses an embedding host off this machine, without probing it', async () => {
    // A name, not an address: probing it would need a lookup first, and the message says no probe was made.
    const host = 'http://embeddings.remote.invalid:11434';
    const ollama = await startOllama([], { models: ['qwen3-coder:30b'] });
    const report = await doctor({ model: { host: ollama.url }, index: { semantic: { provider: 'ollama', model: 'nomic-embed-text', host } } });
    const embedder = byId(report, 'embedder');
    assert.equal(embedder.status, 'warn');
    assert.equal(embedder.message, `Ollama embedding model "nomic-embed-text" is not checked: ${host} is not on this machine, so the index refuses to send code to it`);
    assert.match(embedder.fix ?? '', /index\.semantic\.host.*model\.allowRemoteHost: true/);
    assert.equal(embedder.details?.['remote'], true);
    assert.equal(byId(report, 'ollama').status, 'ok', 'the local chat host is still probed');
  });

  it('names the missing chat model and the pull command', async () => {
    const ollama = await startOllama([], { models: ['llama3.2:3b'] });
    const report = await doctor({ model: { host: ollama.url, model: 'qwen2.5-coder:7b' } });
    const chat = byId(report, 'chat-model');
    assert.deepEqual([chat.status, chat.fix], ['warn', 'ollama pull qwen2.5-coder:7b']);
    assert.equal(chat.message, `"qwen2.5-coder:7b" (model.model) is not pulled on Ollama at ${ollama.url}`);
    assert.equal(byId(report, 'ollama').status, 'ok');
    assert.equal(report.verdict, 'attention');
  });

  it('matches an untagged model name to its :latest tag, as Ollama does', async () => {
    const ollama = await startOllama([], { models: ['qwen3-coder:30b', 'nomic-embed-text:latest'] });
    const report = await doctor({ model: { host: ollama.url }, index: { semantic: { provider: 'ollama', model: 'nomic-embed-text' } } });
    assert.equal(byId(report, 'embedder').status, 'ok');
    assert.equal(byId(report, 'embedder').message, `"nomic-embed-text" is pulled on Ollama at ${ollama.url}`);
    assert.equal(byId(report, 'index').status, 'ok', 'the index was built with the Ollama embedder');
    assert.match(byId(report, 'index').message, /embedders structural-v3-512-n3-5 \(512-d\) \+ ollama:nomic-embed-text \(8-d\)/);
  });

  it('names a missing Ollama embedding model with its pull command', async () => {
    const ollama = await startOllama([], { models: ['qwen3-coder:30b'] });
    const report = await doctor({ model: { host: ollama.url }, index: { semantic: { provider: 'ollama', model: 'nomic-embed-text' } } }, { indexed: false });
    assert.deepEqual([byId(report, 'embedder').status, byId(report, 'embedder').fix], ['warn', 'ollama pull nomic-embed-text']);
  });

  it('checks a transformers model folder: complete, incomplete, or to be downloaded', async () => {
    const semantic = { provider: 'transformers', model: 'test/tiny-bert', modelDir: 'models' };
    const complete = await doctor({ model: { enabled: false }, index: { semantic } }, {
      indexed: false,
      setup: (root) => writeTinyBertModel(join(root, 'models')),
    });
    assert.equal(byId(complete, 'embedder').status, 'ok');
    assert.match(byId(complete, 'embedder').message, /transformers model "test\/tiny-bert" is complete in .*models\/test\/tiny-bert$/);

    const partial = await doctor({ model: { enabled: false }, index: { semantic } }, {
      indexed: false,
      setup: async (root) => {
        await mkdir(join(root, 'models', 'test', 'tiny-bert'), { recursive: true });
        await writeFile(join(root, 'models', 'test', 'tiny-bert', 'config.json'), '{}');
      },
    });
    const embedder = byId(partial, 'embedder');
    assert.equal(embedder.status, 'warn');
    assert.match(embedder.message, /lacks tokenizer\.json, tokenizer_config\.json, onnx\/model\.onnx$/);
    assert.match(embedder.fix ?? '', /index\.semantic\.allowDownload: true/);

    const download = await doctor({ model: { enabled: false }, index: { semantic: { ...semantic, allowDownload: true } } }, { indexed: false });
    assert.equal(byId(download, 'embedder').status, 'info');
  });

  it('warns that there is no index yet, with the command that builds it', async () => {
    const ollama = await startOllama([], { models: ['qwen3-coder:30b'] });
    const report = await doctor({ model: { host: ollama.url } }, { indexed: false });
    const index = byId(report, 'index');
    assert.deepEqual([index.status, index.fix], ['warn', 'review-guard index']);
    assert.match(index.message, /^no index yet in \.review-guard\/index/);
    assert.deepEqual(report.checks.filter((c) => c.status !== 'ok').map((c) => c.id), ['index']);
  });

  it('reports a broken config as an error, skips what needs it, and still looks at the index', async () => {
    const report = await doctor({}, {
      afterIndex: (root) => writeFile(join(root, 'review-guard.config.json'), JSON.stringify({ model: { maxTurns: 0 } })),
    });
    assert.equal(report.verdict, 'broken-config');
    const config = byId(report, 'config');
    assert.equal(config.status, 'error');
    assert.equal(config.message, 'review-guard.config.json: "model.maxTurns" is 0; expected an integer from 1 to 20');
    assert.match(config.fix ?? '', /the key "model\.maxTurns"/);
    for (const id of ['ollama', 'chat-model', 'embedder']) assert.equal(byId(report, id).message, 'not checked until the config is valid');
    assert.match(byId(report, 'index').message, /^5 files, 10 chunks, .* \(not compared with the workspace: the config is invalid\)$/);
  });

  it('puts several config problems on one line', async () => {
    const report = await doctor({}, {
      indexed: false,
      afterIndex: (root) => writeFile(join(root, 'review-guard.config.json'), JSON.stringify({ model: { maxTurns: 0, temprature: 1 } })),
    });
    const config = byId(report, 'config');
    assert.equal(
      config.message,
      'review-guard.config.json: 2 problems: "model.maxTurns" is 0; expected an integer from 1 to 20 | ' +
        'unknown key "model.temprature" (did you mean "model.temperature"? allowed in "model": enabled, host, allowRemoteHost, model, maxTurns, maxToolCalls, minCandidateScore, retries, timeoutMs, requestTimeoutMs, maxConcurrent, maxQueued, temperature, numCtx, keepAlive, loadTimeoutMs, firstTurnCandidates)',
    );
    assert.match(config.fix ?? '', /^correct each key named/);
  });

  it('says when the model stage is off, and then needs no Ollama', async () => {
    const report = await doctor({ model: { enabled: false } });
    assert.equal(report.verdict, 'healthy');
    assert.deepEqual([byId(report, 'ollama').status, byId(report, 'chat-model').status], ['info', 'info']);
  });

  it('tells how far the workspace moved since the index was written', async () => {
    const report = await doctor({ model: { enabled: false } }, {
      afterIndex: async (root) => {
        await writeFile(join(root, 'src', 'util', 'extra.ts'), 'export function extra(a: number): number {\n  return a + 1;\n}\n');
        await rm(join(root, 'src', 'util', 'strings.ts'));
      },
    });
    const index = byId(report, 'index');
    assert.deepEqual([index.status, index.fix], ['info', 'review-guard index']);
    assert.match(index.message, /; 1 file\(s\) new or changed, 1 removed since \(the next review or index updates them\)$/);
    assert.deepEqual([index.details?.['added'], index.details?.['changed'], index.details?.['removed']], [1, 0, 1]);
    assert.equal(report.verdict, 'healthy', 'a review refreshes the index by itself');
  });

  it('warns when the index no longer fits the chunking settings', async () => {
    const report = await doctor({ model: { enabled: false } }, {
      afterIndex: (root) => writeFile(join(root, 'review-guard.config.json'), JSON.stringify({ model: { enabled: false }, index: { minLines: 5 } })),
    });
    const index = byId(report, 'index');
    assert.equal(index.status, 'warn');
    assert.match(index.message, /it no longer fits the config \(built with other chunking options\), so the next review rebuilds it$/);
  });

  it('calls a store changed after its save unusable, as the next review will', async () => {
    const report = await doctor({ model: { enabled: false } }, {
      afterIndex: async (root) => {
        const meta = join(root, '.review-guard/index/meta.json');
        await writeFile(meta, (await readFile(meta, 'utf8')).replace('"size":', '"size":1'));
      },
    });
    const index = byId(report, 'index');
    assert.equal(index.status, 'warn');
    assert.match(index.message, /is unusable \(corrupt meta\.json: metadata does not match its checksum .*\); the next review rebuilds it$/);
  });

  it('notes settings in both the config file and package.json', async () => {
    const report = await doctor({ model: { enabled: false } }, {
      indexed: false,
      setup: (root) => writeFile(join(root, 'package.json'), JSON.stringify({ name: 'x', reviewGuard: { model: { enabled: true } } })),
    });
    const config = byId(report, 'config');
    assert.equal(config.status, 'warn');
    assert.match(config.message, /^review-guard\.config\.json is valid; but both review-guard\.config\.json and package\.json "reviewGuard" hold settings/);
  });
});
