/**
 * @fileoverview OllamaEmbedder against the fake Ollama server: the probe,
 * batching and order, normalisation, and each way Ollama can be unavailable.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EmbedInput } from '../../../../indexer/embedders/embedder.js';
import {
  EmbedderUnavailableError,
  OllamaEmbedder,
  type EmbedderUnavailableReason,
} from '../../../../indexer/embedders/neural/index.js';
import { RemoteHostRefusedError } from '../../../../models/errors.js';
import { closedHost, serveHttp } from '../../../helpers/loopback.js';
import { fakeOllamaForFile, type FakeOllama } from '../../../helpers/fake-ollama.js';

const MODEL = 'nomic-embed-text';

const fake = fakeOllamaForFile();

const inputs = (...texts: string[]): EmbedInput[] => texts.map((text) => ({ text, tokens: [] }));
const norm = (vector: Float32Array): number => Math.hypot(...vector);

/** Unnormalised 3-d vectors that encode the text, so order and normalisation are visible. */
const lengthVectors = (texts: readonly string[]): number[][] => texts.map((text) => [text.length, 1, 0]);

/** The `input` arrays of the `/api/embed` requests, in order. */
function embedBatches(ollama: FakeOllama): unknown[] {
  return ollama.requests.filter((r) => r.path === '/api/embed').map((r) => (r.body as { input: unknown }).input);
}

async function rejectsWith(promise: Promise<unknown>, reason: EmbedderUnavailableReason, pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof EmbedderUnavailableError, `expected EmbedderUnavailableError, got ${String(error)}`);
    assert.equal(error.reason, reason, error.message);
    assert.match(error.message, pattern);
    return true;
  });
}


describe('OllamaEmbedder', () => {
  it('probes the model for its dimensions and names itself after it', async () => {
    const ollama = await fake([], { models: [MODEL] });
    const embedder = await OllamaEmbedder.load({ host: ollama.url, model: MODEL, keepAlive: '10m' });
    assert.equal(embedder.id, `ollama:${MODEL}`);
    assert.equal(embedder.dimensions, 8);
    const [probe] = ollama.requests;
    assert.equal(probe?.path, '/api/embed');
    assert.deepEqual(Object.keys(probe.body as object).sort(), ['input', 'keep_alive', 'model', 'truncate']);
    assert.equal((probe.body as { model: string }).model, MODEL);
  });

  it('sends batches of batchSize texts and returns unit vectors in input order', async () => {
    const ollama = await fake([], { embed: lengthVectors });
    const embedder = await OllamaEmbedder.load({ host: ollama.url, model: MODEL, batchSize: 2 });
    assert.equal(embedder.dimensions, 3);
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const vectors = await embedder.embed(inputs(...texts));
    assert.deepEqual(embedBatches(ollama).slice(1), [['a', 'bb'], ['ccc', 'dddd'], ['eeeee']]);
    assert.equal(vectors.length, texts.length);
    for (const [i, vector] of vectors.entries()) {
      assert.ok(Math.abs(norm(vector) - 1) < 1e-6);
      // [length, 1, 0] normalised: the ratio of the first two components is the text length.
      assert.ok(Math.abs(vector[0]! / vector[1]! - texts[i]!.length) < 1e-5, `vector ${i} is out of order`);
    }
    const requestsBefore = ollama.requests.length;
    assert.deepEqual(await embedder.embed([]), []);
    assert.equal(ollama.requests.length, requestsBefore, 'no request for no texts');
  });

  it('refuses a host off this machine unless allowed, before sending anything', async () => {
    await assert.rejects(OllamaEmbedder.load({ host: 'http://192.0.2.1:11434', model: MODEL }), RemoteHostRefusedError);
    // Allowed, it goes on to the request (TEST-NET-1: nothing answers there), which fails as any unreachable host does.
    await rejectsWith(
      OllamaEmbedder.load({ host: 'http://192.0.2.1:11434', model: MODEL, allowRemoteHost: true, requestTimeoutMs: 200 }),
      'unreachable',
      /not reachable|did not answer within 200 ms/,
    );
  });

  it('says to pull a model Ollama does not have', async () => {
    const ollama = await fake([], { models: ['llama3.2:latest'] });
    await rejectsWith(
      OllamaEmbedder.load({ host: ollama.url, model: MODEL }),
      'model-missing',
      new RegExp(`"${MODEL}" is not available on Ollama at ${ollama.url}: pull it with \`ollama pull ${MODEL}\``),
    );
  });

  it('asks whether Ollama is running when nothing listens at the host', async () => {
    const host = await closedHost();
    await rejectsWith(
      OllamaEmbedder.load({ host, model: MODEL }),
      'unreachable',
      new RegExp(`not reachable at ${host} \\(connection refused\\): is Ollama running\\?`),
    );
  });

  it('times out a server that does not answer', async () => {
    const silent = await serveHttp(() => undefined);
    try {
      const started = Date.now();
      await rejectsWith(OllamaEmbedder.load({ host: silent.url, model: MODEL, requestTimeoutMs: 150 }), 'unreachable', /within 150 ms/);
      assert.ok(Date.now() - started < 1000);
    } finally {
      await silent.close();
    }
  });

  it('reports a wrong path or an old Ollama (plain-text 404) as failed, with the status', async () => {
    const ollama = await fake();
    await rejectsWith(
      OllamaEmbedder.load({ host: `${ollama.url}/not-ollama`, model: MODEL }),
      'failed',
      /answered HTTP 404: 404 page not found/,
    );
  });

  it('rejects replies that do not fit: wrong count, or a vector size that changed since load', async () => {
    let width = 4;
    const ollama = await fake([], { embed: (texts) => texts.map(() => Array.from({ length: width }, () => 1)) });
    const embedder = await OllamaEmbedder.load({ host: ollama.url, model: MODEL });
    width = 6;
    await rejectsWith(embedder.embed(inputs('x')), 'failed', /now returns 6-dimensional vectors instead of 4/);

    const short = await fake([], { embed: () => [[1, 0]] });
    await rejectsWith(
      (await OllamaEmbedder.load({ host: short.url, model: MODEL })).embed(inputs('x', 'y')),
      'failed',
      /did not send one embedding of equal length per text for 2 text\(s\)/,
    );
  });
});
