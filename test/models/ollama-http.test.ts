/**
 * @fileoverview The shared Ollama call (models/ollama-http.ts): that the chat
 * client and the Ollama embedder, which both go through it, say the same
 * thing about the same failure, and what it does itself: keep the `ollama`
 * client from logging about error bodies, tell a missing model from a wrong
 * path, and tell the caller's cancel from its own timeout.
 */
import assert from 'node:assert/strict';
import type { RequestListener } from 'node:http';
import { after, describe, it, mock } from 'node:test';
import { EmbedderUnavailableError, OllamaEmbedder, type EmbedderUnavailableReason } from '../../indexer/embedders/neural/index.js';
import { ModelError, type ModelErrorKind } from '../../models/errors.js';
import { OllamaChatClient } from '../../models/ollama-chat.js';
import { RETRY_BASE_DELAY_MS, callOllama } from '../../models/ollama-http.js';
import { startFakeOllama } from '../helpers/fake-ollama.js';
import { closedHost, serveHttp } from '../helpers/loopback.js';

/** One model name for both clients, so that messages naming it can be compared. */
const MODEL = 'shared-model:1b';
// Long enough that a refused connection is reported as refused even on a loaded machine.
const TIMEOUT_MS = 400;

const cleanups: (() => Promise<void>)[] = [];
after(() => Promise.all(cleanups.map((cleanup) => cleanup())));

/** An HTTP server answering every request with `listener`; closed after the tests. */
async function serve(listener: RequestListener): Promise<string> {
  const server = await serveHttp(listener);
  cleanups.push(() => server.close());
  return server.url;
}

/** The error `promise` rejects with, which must be an instance of `type`. */
async function failure<E extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof type, `expected ${type.name}, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a rejection');
}

/** The same failure, seen by the chat client and by the embedder. */
async function bothFail(host: string): Promise<{ chat: ModelError; embed: EmbedderUnavailableError }> {
  const chat = await failure(
    new OllamaChatClient({ host, model: MODEL, requestTimeoutMs: TIMEOUT_MS }).chat({ messages: [{ role: 'user', content: 'hi' }] }),
    ModelError,
  );
  const embed = await failure(OllamaEmbedder.load({ host, model: MODEL, requestTimeoutMs: TIMEOUT_MS }), EmbedderUnavailableError);
  return { chat, embed };
}

describe('chat and embed report the same failure the same way', () => {
  const cases: {
    readonly what: string;
    readonly host: () => Promise<string>;
    readonly kind: ModelErrorKind;
    readonly reason: EmbedderUnavailableReason;
    readonly message: (host: string) => RegExp;
  }[] = [
    {
      what: 'nothing listening (unreachable)',
      host: closedHost,
      kind: 'unreachable',
      reason: 'unreachable',
      message: (host) => new RegExp(`^Ollama is not reachable at ${host} \\(connection refused\\): is Ollama running\\?`),
    },
    {
      what: 'a model that is not pulled',
      host: async () => (await startFakeOllama([], { models: ['other:latest'] }).then(keep)).url,
      kind: 'http',
      reason: 'model-missing',
      message: () => new RegExp(`^model "${MODEL}" is not available on Ollama at .*: pull it with \`ollama pull ${MODEL}\``),
    },
    {
      what: "an HTTP error with Ollama's JSON body",
      host: () => serve((_req, res) => res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"runner crashed"}')),
      kind: 'http',
      reason: 'failed',
      message: (host) => new RegExp(`^Ollama at ${host} answered HTTP 500: runner crashed$`),
    },
    {
      what: 'a server that does not answer (timeout)',
      host: () => serve(() => undefined),
      kind: 'timeout',
      reason: 'unreachable',
      // A chat turn also names its setting; the embedder's call has none of its own.
      message: (host) => new RegExp(`^${MODEL} on Ollama at ${host} (did not answer within|sent nothing for) ${TIMEOUT_MS} ms( \\(model\\.requestTimeoutMs bounds the silence within a turn\\))?$`),
    },
  ];

  for (const { what, host: makeHost, kind, reason, message } of cases) {
    it(what, async () => {
      const host = await makeHost();
      const { chat, embed } = await bothFail(host);
      assert.equal(chat.kind, kind, chat.message);
      assert.equal(embed.reason, reason, embed.message);
      assert.match(chat.message, message(host));
      assert.equal(embed.message.replace('did not answer within', 'sent nothing for'), chat.message.replace(' (model.requestTimeoutMs bounds the silence within a turn)', '').replace('did not answer within', 'sent nothing for'));
      assert.ok(embed.cause instanceof ModelError, 'the embedder keeps the ModelError as the cause');
    });
  }
});

describe('callOllama', () => {
  it('reads a non-JSON error body itself: nothing is logged, the body is quoted but capped', async () => {
    const page = `<html>${'x'.repeat(1000)}</html>`;
    const host = await serve((_req, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end(page));
    const logs = ['log', 'info', 'warn', 'error'].map((name) => mock.method(console, name as 'log', () => undefined));
    try {
      const error = await failure(callOllama({ host, model: MODEL, timeoutMs: 2000 }, (client) => client.list()), ModelError);
      assert.equal(error.kind, 'http');
      assert.equal(error.status, 502);
      assert.equal(error.modelMissing, false);
      assert.ok(error.message.includes(page.slice(0, 300)) && !error.message.includes(page.slice(0, 301)), error.message);
      // stdout is the MCP stdio channel: the `ollama` client's console.log on such bodies must not run.
      for (const log of logs) assert.equal(log.mock.callCount(), 0);
    } finally {
      for (const log of logs) log.mock.restore();
    }
  });

  it("calls only Ollama's own model-not-found answer a missing model", async () => {
    const notFound = (body: string, type: string): Promise<string> =>
      serve((_req, res) => res.writeHead(404, { 'Content-Type': type }).end(body));
    const ollama = await notFound('{"error":"model \\"m\\" not found, try pulling it first"}', 'application/json');
    const other = await notFound('404 page not found', 'text/plain');
    const call = (host: string): Promise<ModelError> =>
      failure(callOllama({ host, model: 'm', timeoutMs: 2000 }, (client) => client.show({ model: 'm' })), ModelError);
    assert.equal((await call(ollama)).modelMissing, true);
    const plain = await call(other);
    assert.equal(plain.modelMissing, false);
    assert.match(plain.message, /answered HTTP 404: 404 page not found$/);
  });

  it("reports the caller's cancel as aborted, not as a timeout", async () => {
    const host = await serve(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await failure(
      callOllama({ host, model: MODEL, timeoutMs: 5000, signal: controller.signal }, (client) => client.list()),
      ModelError,
    );
    assert.equal(error.kind, 'aborted');
    assert.match(error.message, new RegExp(`^the request to ${MODEL} on Ollama at ${host} was cancelled$`));
  });

  it('returns what the call returns', async () => {
    const ollama = keep(await startFakeOllama([], { version: '9.9.9' }));
    assert.deepEqual(await callOllama({ host: ollama.url, model: MODEL, timeoutMs: 2000 }, (client) => client.version()), {
      version: '9.9.9',
    });
  });
});

/** Registers a fake Ollama for closing after the tests and returns it. */
function keep<T extends { close(): Promise<void> }>(fake: T): T {
  cleanups.push(() => fake.close());
  return fake;
}

describe('callOllama retries', () => {
  /** A server answering the n-th request with `statuses[n]` (200: a version reply). */
  async function sequence(statuses: readonly number[]): Promise<{ url: string; count: () => number }> {
    let n = 0;
    const url = await serve((_req, res) => {
      const status = statuses[n++] ?? 200;
      if (status === 0) return void res.socket?.destroy();
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(status === 200 ? '{"version":"1.0.0"}' : '{"error":"busy"}');
    });
    return { url, count: () => n };
  }
  const version = (host: string, retries: number, signal?: AbortSignal) =>
    callOllama({ host, model: MODEL, timeoutMs: 2000, retries, ...(signal ? { signal } : {}) }, (client) => client.version());

  it('retries HTTP 5xx and a dropped connection with a growing pause, then succeeds', async () => {
    const server = await sequence([503, 0, 200]);
    const started = Date.now();
    assert.deepEqual(await version(server.url, 2), { version: '1.0.0' });
    assert.equal(server.count(), 3);
    assert.ok(Date.now() - started >= RETRY_BASE_DELAY_MS * 3 - 20, `paused ${Date.now() - started} ms`);
  });

  it('never retries a 4xx, and says how often it tried when it gives up', async () => {
    const client = await sequence([404, 200]);
    assert.equal((await failure(version(client.url, 2), ModelError)).status, 404);
    assert.equal(client.count(), 1);
    const busy = await sequence([503, 503, 200]);
    assert.match((await failure(version(busy.url, 1), ModelError)).message, /HTTP 503: busy \(2 attempts\)$/);
  });

  it('never retries a refused connection (nothing listens) or an HTTP 500 (it follows the content)', async () => {
    const host = await closedHost();
    const started = Date.now();
    const refused = await failure(version(host, 3), ModelError);
    assert.equal(refused.kind, 'unreachable');
    assert.equal(refused.connection, 'refused');
    assert.match(refused.message, /connection refused\): is Ollama running/);
    assert.ok(Date.now() - started < RETRY_BASE_DELAY_MS, `took ${Date.now() - started} ms`);
    const parser = await sequence([500, 200]);
    assert.equal((await failure(version(parser.url, 2), ModelError)).status, 500);
    assert.equal(parser.count(), 1);
  });

  it("stops pausing as soon as the caller's signal aborts", async () => {
    const server = await sequence([503, 503, 503]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await failure(version(server.url, 5, controller.signal), ModelError);
    assert.equal(error.kind, 'aborted');
    assert.ok(Date.now() - started < RETRY_BASE_DELAY_MS, `took ${Date.now() - started} ms`);
    assert.equal(server.count(), 1);
  });
});
