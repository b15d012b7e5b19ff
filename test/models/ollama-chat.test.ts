/**
 * @fileoverview OllamaChatClient against the fake Ollama server: the wire
 * format of a tool round trip, and every failure kind of ModelError.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ModelError, type ModelErrorKind } from '../../models/errors.js';
import { OllamaChatClient } from '../../models/ollama-chat.js';
import { fakeOllamaForFile } from '../helpers/fake-ollama.js';
import { closedHost, serveHttp } from '../helpers/loopback.js';

// A chat without messages is a load request to Ollama, so every chat here says something.
const HELLO = [{ role: 'user' as const, content: 'hi' }];

const MODEL = 'qwen2.5-coder:7b';
const TOOL = { name: 'lookup', description: 'Look something up.', parameters: { type: 'object', properties: { q: { type: 'string' } } } };

const fake = fakeOllamaForFile();

function client(host: string, requestTimeoutMs = 2000): OllamaChatClient {
  return new OllamaChatClient({ host, model: MODEL, temperature: 0, numCtx: 8192, keepAlive: '5m', requestTimeoutMs });
}

async function rejectsWith(promise: Promise<unknown>, kind: ModelErrorKind, pattern?: RegExp): Promise<ModelError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ModelError, `expected ModelError, got ${String(error)}`);
    assert.equal(error.kind, kind, error.message);
    if (pattern) assert.match(error.message, pattern);
    return error;
  }
  assert.fail('expected a rejection');
}

describe('OllamaChatClient', () => {
  it('sends tools and options, returns tool calls, and sends tool results back', async () => {
    const ollama = await fake([
      { content: '', tool_calls: [{ function: { name: 'lookup', arguments: { q: 'x' } } }], evalCount: 9 },
      { content: 'done' },
    ]);
    const llm = client(ollama.url);
    assert.match(llm.description, new RegExp(`${MODEL} on Ollama at ${ollama.url}`));
    const first = await llm.chat({ messages: [{ role: 'user', content: 'hi' }], tools: [TOOL] });
    assert.deepEqual(first.message.tool_calls, [{ function: { name: 'lookup', arguments: { q: 'x' } } }]);
    assert.equal(first.evalCount, 9);
    const second = await llm.chat({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: '', tool_calls: [{ function: { name: 'lookup', arguments: '{"q":"x"}' } }] },
        { role: 'tool', content: 'result', tool_name: 'lookup' },
      ],
      format: { type: 'object' },
    });
    assert.equal(second.message.content, 'done');
    const [req1, req2] = ollama.chatRequests();
    assert.ok(req1 && req2);
    assert.equal(req1.model, MODEL);
    assert.equal(req1.stream, true, 'Ollama streams a turn, so arriving pieces show the model is alive');
    assert.deepEqual(req1.options, { temperature: 0, num_ctx: 8192 });
    assert.equal(req1.keep_alive, '5m');
    assert.deepEqual(req1.tools, [{ type: 'function', function: TOOL }]);
    // String arguments go out as an object: Ollama's server only accepts objects.
    assert.deepEqual(req2.messages[1]?.tool_calls, [{ function: { name: 'lookup', arguments: { q: 'x' } } }]);
    assert.deepEqual(req2.messages[2], { role: 'tool', content: 'result', tool_name: 'lookup' });
    assert.deepEqual(req2.format, { type: 'object' });
    assert.equal(req2.tools, undefined);
  });

  it('names the model and `ollama pull` when the model is missing', async () => {
    const ollama = await fake([], { models: ['llama3.2:latest'] });
    const error = await rejectsWith(client(ollama.url).chat({ messages: HELLO }), 'http', /ollama pull qwen2\.5-coder:7b/);
    assert.equal(error.status, 404);
    assert.match(error.message, /model "qwen2\.5-coder:7b"/);
  });

  it('reports other HTTP errors with status and Ollama\'s message', async () => {
    const ollama = await fake([{ status: 500, error: 'llama runner process has terminated' }]);
    const error = await rejectsWith(client(ollama.url).chat({ messages: HELLO }), 'http', /HTTP 500: llama runner/);
    assert.equal(error.status, 500);
  });

  it('reports connection refused as unreachable, with the host and a hint', async () => {
    const host = await closedHost();
    await rejectsWith(
      client(host).chat({ messages: HELLO }),
      'unreachable',
      new RegExp(`not reachable at ${host} \\(connection refused\\): is Ollama running\\? start it with \`ollama serve\``),
    );
  });

  it('times out a slow request', async () => {
    const ollama = await fake([{ content: 'late', delayMs: 3000 }]);
    const started = Date.now();
    await rejectsWith(client(ollama.url, 150).chat({ messages: HELLO }), 'timeout', /sent nothing for 150 ms/);
    assert.ok(Date.now() - started < 1000);
  });

  it('passes the abort signal to the HTTP request', async () => {
    const ollama = await fake([{ content: 'late', delayMs: 3000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await rejectsWith(client(ollama.url).chat({ messages: HELLO, signal: controller.signal }), 'aborted', /cancelled/);
    for (let i = 0; i < 50 && !ollama.requests[0]?.aborted; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(ollama.requests[0]?.aborted, true, 'the server saw the client hang up');
  });

  it('reports a plain-text 404 from something that is not Ollama', async () => {
    const ollama = await fake([]);
    const llm = new OllamaChatClient({ host: `${ollama.url}/not-ollama`, model: MODEL, requestTimeoutMs: 1000 });
    await rejectsWith(llm.chat({ messages: HELLO }), 'http', /HTTP 404: 404 page not found/);
  });

  it('keeps a slowly generating turn alive: model.requestTimeoutMs bounds the silence, not the whole answer', async () => {
    const pieces = ['{"fin', 'dings', '":', '[]', '}'];
    const server = await serveHttp((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      let i = 0;
      const next = (): void => {
        if (i < pieces.length) {
          res.write(`${JSON.stringify({ model: MODEL, message: { role: 'assistant', content: pieces[i++] }, done: false })}\n`);
          setTimeout(next, 250);
        } else res.end(`${JSON.stringify({ model: MODEL, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', eval_count: 5 })}\n`);
      };
      next();
    });
    try {
      // 5 pieces 250 ms apart: about 1.25 s in all, never 400 ms of silence.
      const reply = await client(server.url, 400).chat({ messages: HELLO });
      assert.equal(reply.message.content, '{"findings":[]}');
    } finally {
      await server.close();
    }
  });

  it('reads a reply a proxy streamed as NDJSON although the request said stream: false', async () => {
    const lines = [
      { model: MODEL, message: { role: 'assistant', content: '{"find' }, done: false },
      { model: MODEL, message: { role: 'assistant', content: 'ings":[]}' }, done: false },
      { model: MODEL, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', eval_count: 7, prompt_eval_count: 30 },
    ];
    const server = await serveHttp((_req, res) => res.writeHead(200, { 'Content-Type': 'application/x-ndjson' }).end(lines.map((l) => JSON.stringify(l)).join('\n')));
    try {
      const reply = await client(server.url).chat({ messages: HELLO });
      assert.equal(reply.message.content, '{"findings":[]}');
    } finally {
      await server.close();
    }
  });

  for (const [what, body] of [
    ['JSON without a message', '{"hello":"world"}'],
    ['not JSON', '<html>proxy login</html>'],
  ] as const) {
    it(`rejects a 2xx reply that is ${what} as invalid-response`, async () => {
      const server = await serveHttp((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body));
      try {
        await rejectsWith(client(server.url).chat({ messages: HELLO }), 'invalid-response', /unreadable reply|without a chat message/);
      } finally {
        await server.close();
      }
    });
  }
});

describe('OllamaChatClient.prepare: the model before the first turn', () => {
  it("caps num_ctx at the model's context length and sends it on the load and every turn", async () => {
    const ollama = await fake([{ content: 'ok' }], { contextLength: 4096, loadMs: 50 });
    const llm = client(ollama.url);
    assert.deepEqual(await llm.prepare(), { contextWindow: 4096 });
    await llm.chat({ messages: HELLO });
    const chats = ollama.requests.filter((r) => r.path === '/api/chat').map((r) => r.body as { messages: unknown[]; options?: Record<string, unknown> });
    assert.deepEqual(chats.map((c) => [c.messages.length, c.options?.['num_ctx']]), [[0, 4096], [1, 4096]], 'the load, then the turn');
    assert.equal(ollama.loadsStarted, 1);
  });

  it('reads /api/show once, and sends a model already in memory one load request (instant unless its num_ctx differs)', async () => {
    const ollama = await fake([], { models: [MODEL] });
    const llm = client(ollama.url);
    await llm.prepare();
    await llm.prepare();
    assert.deepEqual(ollama.requests.map((r) => `${r.method} ${r.path}`), ['POST /api/show', 'GET /api/ps', 'POST /api/chat']);
    assert.equal(ollama.loadsStarted, 0);
  });

  it('throws `unsupported` with the fix for a model without tool calling', async () => {
    const ollama = await fake([], { capabilities: ['completion'] });
    await rejectsWith(client(ollama.url).prepare(), 'unsupported', /cannot call tools \(Ollama lists its capabilities as: completion\).*set model\.model/);
  });

  it("says `loading` when the caller's signal ends first, and lets the load finish for the next call", async () => {
    const ollama = await fake([], { models: [MODEL], loadMs: 400 });
    const llm = client(ollama.url);
    const error = await rejectsWith(llm.prepare(AbortSignal.timeout(100)), 'loading', /^loading qwen2\.5-coder:7b \(first use, estimated ~\d+ s, 0 s so far\)/);
    assert.ok(error.affectsEveryFile);
    for (let i = 0; i < 50 && ollama.loadedModels().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(ollama.loadedModels(), [MODEL]);
    assert.deepEqual(await llm.prepare(AbortSignal.timeout(100)), { contextWindow: 8192 });
    assert.equal(ollama.loadsStarted, 1);
  });

  it("words the load time as an estimate from the model's size on disk (0.5 GB/s, at least 1 s)", async () => {
    const said: string[] = [];
    for (const size of [19_000_000_000, 1_900_000_000, 40_000_000]) {
      const ollama = await fake([], { models: [MODEL], loadMs: 30, modelSizes: { [MODEL]: size } });
      await client(ollama.url).prepare(undefined, (status) => said.push(status));
    }
    assert.deepEqual(said, [
      'loading qwen2.5-coder:7b (first use, estimated ~38 s)',
      'loading qwen2.5-coder:7b (first use, estimated ~4 s)',
      'loading qwen2.5-coder:7b (first use, estimated ~1 s)',
    ]);
  });

  it('tells a load from a stall when a turn times out: /api/ps says whether the model is in memory', async () => {
    const ollama = await fake([{ content: 'late', delayMs: 3000 }, { content: 'late', delayMs: 3000 }], { loadMs: 1000 });
    const llm = client(ollama.url, 200);
    await llm.prepare();
    await rejectsWith(llm.chat({ messages: HELLO }), 'timeout', /sent nothing for 200 ms/);
    ollama.unload(MODEL);
    // Unloaded: the turn waits for the reload as long as the caller's signal lets it, then says it is loading.
    await rejectsWith(llm.chat({ messages: HELLO, signal: AbortSignal.timeout(500) }), 'loading', /^loading qwen2\.5-coder:7b \(unloaded since its last use, /);
  });
});
