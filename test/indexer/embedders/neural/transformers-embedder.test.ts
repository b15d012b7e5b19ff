/**
 * @fileoverview TransformersEmbedder on the tiny BERT-shaped model written at
 * test time (test/helpers/tiny-bert.ts): the real transformers.js loading,
 * tokenising, pooling and normalising path, offline.
 */
import assert from 'node:assert/strict';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { env } from '@xenova/transformers';
import type { EmbedInput } from '../../../../indexer/embedders/embedder.js';
import { EmbedderUnavailableError, TransformersEmbedder } from '../../../../indexer/embedders/neural/index.js';
import { replaceTransformersImport } from '../../../../indexer/embedders/neural/transformers-embedder.js';
import { TINY_BERT_HIDDEN_SIZE, TINY_BERT_MAX_LENGTH, writeTinyBertModel } from '../../../helpers/tiny-bert.js';

const MODEL_ID = 'test/tiny-bert';
const SNIPPETS = [
  'function getUser(id) { return users.get(id); }',
  'const total = items.filter((item) => item.active).length;',
  'class Config { value = null; }',
  'throw new Error("missing name");',
  'export async function load() { await data; }',
];

const inputs = (...texts: string[]): EmbedInput[] => texts.map((text) => ({ text, tokens: [] }));
const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const near = (actual: number, expected: number, tolerance = 1e-5): boolean => Math.abs(actual - expected) <= tolerance;

let root: string;
let embedder: TransformersEmbedder;

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'rg-tiny-bert-'));
  await writeTinyBertModel(root, MODEL_ID);
  embedder = await TransformersEmbedder.load({ modelId: MODEL_ID, modelDir: root, batchSize: 2 });
});

after(async () => {
  await embedder.dispose();
  await rm(root, { recursive: true, force: true });
});

/** Runs `action` with `fetch` replaced by one that records calls and fails. */
async function withoutNetwork<T>(action: () => Promise<T>): Promise<{ result: PromiseSettledResult<T>; fetches: string[] }> {
  const original = globalThis.fetch;
  const fetches: string[] = [];
  globalThis.fetch = (input) => {
    fetches.push(String(input instanceof Request ? input.url : input));
    return Promise.reject(new TypeError('network disabled in this test'));
  };
  try {
    const [result] = await Promise.allSettled([action()]);
    return { result: result!, fetches };
  } finally {
    globalThis.fetch = original;
  }
}

describe('TransformersEmbedder', () => {
  it('loads the local model offline and knows its dimensions and id', () => {
    assert.equal(embedder.dimensions, TINY_BERT_HIDDEN_SIZE);
    assert.equal(embedder.id, `transformers:${MODEL_ID}:fp32`);
  });

  it('returns unit vectors; identical texts give identical vectors, different texts differ', async () => {
    const [a, b, c] = await embedder.embed(inputs(SNIPPETS[0]!, SNIPPETS[0]!, SNIPPETS[1]!));
    for (const vector of [a!, b!, c!]) {
      assert.equal(vector.length, TINY_BERT_HIDDEN_SIZE);
      assert.ok(near(dot(vector, vector), 1), `norm² ${dot(vector, vector)}`);
    }
    assert.deepEqual(a, b);
    assert.ok(near(dot(a!, b!), 1));
    assert.ok(dot(a!, c!) < 0.95, `cosine of different snippets ${dot(a!, c!)}`);
  });

  it('keeps input order across batches, and padding does not change a vector', async () => {
    const together = await embedder.embed(inputs(...SNIPPETS));
    assert.equal(together.length, SNIPPETS.length);
    for (const [i, text] of SNIPPETS.entries()) {
      const [alone] = await embedder.embed(inputs(text));
      assert.ok(near(dot(together[i]!, alone!), 1), `snippet ${i} moved or changed`);
    }
    assert.deepEqual(await embedder.embed([]), []);
  });

  it('truncates long texts to the tokenizer limit', async () => {
    const head = 'const a = 1; '.repeat(TINY_BERT_MAX_LENGTH);
    const [x, y, short] = await embedder.embed(inputs(`${head} return alpha;`, `${head} throw beta;`, 'const a = 1;'));
    assert.deepEqual(x, y, 'the tails lie past the limit');
    assert.ok(dot(x!, short!) < 0.9999);
  });

  it('falls back to max_position_embeddings when tokenizer_config.json has no model_max_length, and restores env', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rg-tiny-bert-nolimit-'));
    try {
      const modelPath = await writeTinyBertModel(dir, 'test/no-limit');
      const configPath = join(modelPath, 'tokenizer_config.json');
      const { model_max_length: _, ...config } = JSON.parse(await readFile(configPath, 'utf8')) as Record<string, unknown>;
      await writeFile(configPath, JSON.stringify(config));
      const before = { remote: env.allowRemoteModels, path: env.localModelPath as unknown };
      // Two loads from different folders at once: each must see its own settings.
      const [unlimited, quantized] = await Promise.all([
        TransformersEmbedder.load({ modelId: 'test/no-limit', modelDir: dir }),
        TransformersEmbedder.load({ modelId: MODEL_ID, modelDir: root, quantized: true }),
      ]);
      assert.deepEqual({ remote: env.allowRemoteModels, path: env.localModelPath as unknown }, before);
      const long = 'return value; '.repeat(200);
      const [vector] = await unlimited.embed(inputs(long));
      assert.ok(near(dot(vector!, vector!), 1));
      assert.equal(quantized.id, `transformers:${MODEL_ID}:q8`);
      const [q] = await quantized.embed(inputs(SNIPPETS[0]!));
      const [full] = await embedder.embed(inputs(SNIPPETS[0]!));
      assert.ok(dot(q!, full!) > 0.99, 'the int8 weights approximate the float ones');
      await Promise.all([unlimited.dispose(), quantized.dispose()]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails fast without network when the model is missing, naming the folder, the files and allowDownload', async () => {
    const missingDir = join(root, 'nowhere');
    const started = Date.now();
    const { result, fetches } = await withoutNetwork(() =>
      TransformersEmbedder.load({ modelId: 'Xenova/all-MiniLM-L6-v2', modelDir: missingDir }),
    );
    assert.ok(Date.now() - started < 1000);
    assert.deepEqual(fetches, []);
    assert.equal(result.status, 'rejected');
    const error: unknown = result.status === 'rejected' ? result.reason : undefined;
    assert.ok(error instanceof EmbedderUnavailableError, String(error));
    assert.equal(error.reason, 'model-missing');
    assert.ok(error.message.includes(join(missingDir, 'Xenova', 'all-MiniLM-L6-v2')), error.message);
    for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx', 'allowDownload: true']) {
      assert.ok(error.message.includes(file), `${file} in: ${error.message}`);
    }
  });

  it('downloads only when allowed, into modelDir, where the next offline load finds it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rg-tiny-bert-download-'));
    // A stand-in for the Hub: serves <root>/<model>/<file> at /<model>/resolve/main/<file>.
    const hub = createServer((req, res) => {
      const path = (req.url ?? '').replace('/resolve/main/', '/');
      readFile(join(root, decodeURIComponent(path))).then(
        (body) => res.end(body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
    const savedHost = env.remoteHost;
    env.remoteHost = `http://127.0.0.1:${(hub.address() as AddressInfo).port}/`;
    try {
      await assert.rejects(TransformersEmbedder.load({ modelId: MODEL_ID, modelDir: dir }), EmbedderUnavailableError);
      const downloaded = await TransformersEmbedder.load({ modelId: MODEL_ID, modelDir: dir, allowDownload: true });
      await access(join(dir, MODEL_ID, 'onnx', 'model.onnx'));
      hub.close(); // the next load must not need it
      const offline = await TransformersEmbedder.load({ modelId: MODEL_ID, modelDir: dir });
      const [a] = await downloaded.embed(inputs(SNIPPETS[2]!));
      const [b] = await offline.embed(inputs(SNIPPETS[2]!));
      assert.deepEqual(a, b);
      await Promise.all([downloaded.dispose(), offline.dispose()]);
    } finally {
      env.remoteHost = savedHost;
      if (hub.listening) hub.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('lists only the missing files, e.g. the quantized weights', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rg-tiny-bert-partial-'));
    try {
      const modelPath = await writeTinyBertModel(dir, MODEL_ID);
      await rm(join(modelPath, 'onnx', 'model_quantized.onnx'));
      await assert.rejects(TransformersEmbedder.load({ modelId: MODEL_ID, modelDir: dir, quantized: true }), (error: unknown) => {
        assert.ok(error instanceof EmbedderUnavailableError);
        assert.match(error.message, /lacks onnx\/model_quantized\.onnx\. /);
        return true;
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports unreadable model files as failed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rg-tiny-bert-broken-'));
    try {
      const modelPath = await writeTinyBertModel(dir, MODEL_ID);
      await writeFile(join(modelPath, 'config.json'), '{ not json');
      await assert.rejects(TransformersEmbedder.load({ modelId: MODEL_ID, modelDir: dir }), (error: unknown) => {
        assert.ok(error instanceof EmbedderUnavailableError);
        assert.equal(error.reason, 'failed');
        assert.match(error.message, /could not be loaded from/);
        return true;
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects a batch size that is not a positive integer', async () => {
    await assert.rejects(TransformersEmbedder.load({ modelId: MODEL_ID, modelDir: root, batchSize: 0 }), /batchSize/);
  });
});

describe('TransformersEmbedder without @xenova/transformers (an optional peer dependency)', () => {
  /** The import as Node fails it in a project that lacks the package: a module in an empty folder imports it. */
  async function importFromEmptyProject(dir: string): Promise<never> {
    const module = join(dir, 'importer.mjs');
    await writeFile(module, "export default () => import('@xenova/transformers');\n");
    const { default: load } = (await import(pathToFileURL(module).href)) as { default: () => Promise<never> };
    return load();
  }

  it('says the package is missing and gives the install command, before looking for model files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rg-no-transformers-'));
    const restore = replaceTransformersImport(() => importFromEmptyProject(dir));
    try {
      const error: unknown = await TransformersEmbedder.load({ modelId: MODEL_ID, modelDir: join(dir, 'no-models') }).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      assert.ok(error instanceof EmbedderUnavailableError, String(error));
      assert.equal(error.reason, 'package-missing');
      assert.match(error.message, /index\.semantic\.provider "transformers" needs the optional package @xenova\/transformers, which is not installed: run npm i -D @xenova\/transformers@2\.17\.2/);
      assert.doesNotMatch(error.message, /imported from|no-models/, 'no Node internals, and the package comes before the model files');
    } finally {
      restore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports an installed package that fails to load as failed, with the first line of the reason', async () => {
    const restore = replaceTransformersImport(() => Promise.reject(new Error('libonnxruntime.so.1.14.0: cannot open shared object file\n    at stack')));
    try {
      await assert.rejects(TransformersEmbedder.load({ modelId: MODEL_ID, modelDir: root }), (error: unknown) => {
        assert.ok(error instanceof EmbedderUnavailableError);
        assert.equal(error.reason, 'failed');
        assert.equal(error.message, '@xenova/transformers is installed but could not be loaded: libonnxruntime.so.1.14.0: cannot open shared object file');
        return true;
      });
    } finally {
      restore();
    }
  });
});
