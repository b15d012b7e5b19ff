/**
 * @fileoverview The fake Ollama speaks what the real `ollama` client expects:
 * streaming chat, model list, version, embeddings, Ollama-shaped errors.
 * If these break, the fake no longer stands in for Ollama.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ollama } from 'ollama';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama.js';

describe('fake Ollama with the real ollama client', () => {
  let fake: FakeOllama;
  let ollama: Ollama;
  before(async () => {
    fake = await startFakeOllama(
      (request, turn) =>
        turn === 0
          ? { content: 'Hello there', tool_calls: [{ function: { name: 'f', arguments: { a: 1 } } }] }
          : { content: `echo ${request.messages.at(-1)?.content ?? ''}` },
      { models: ['qwen3-coder:30b', 'nomic-embed-text:latest'] },
    );
    ollama = new Ollama({ host: fake.url });
  });
  after(() => fake.close());

  it('streams chat chunks ending with done', async () => {
    const stream = await ollama.chat({ model: 'qwen3-coder:30b', messages: [{ role: 'user', content: 'hi' }], stream: true });
    let content = '';
    const calls: unknown[] = [];
    let done = false;
    for await (const chunk of stream) {
      content += chunk.message.content;
      calls.push(...(chunk.message.tool_calls ?? []));
      done = chunk.done;
    }
    assert.equal(content, 'Hello there');
    assert.deepEqual(calls, [{ function: { name: 'f', arguments: { a: 1 } } }]);
    assert.equal(done, true);
  });

  it('answers non-streaming chat with the full response shape', async () => {
    const reply = await ollama.chat({ model: 'qwen3-coder:30b', messages: [{ role: 'user', content: 'ping' }] });
    assert.equal(reply.message.content, 'echo ping');
    assert.equal(reply.message.role, 'assistant');
    assert.equal(reply.done, true);
    assert.equal(reply.done_reason, 'stop');
    assert.equal(typeof reply.eval_count, 'number');
  });

  it('lists models, reports a version and embeds', async () => {
    const list = await ollama.list();
    assert.deepEqual(list.models.map((m) => m.name), ['qwen3-coder:30b', 'nomic-embed-text:latest']);
    assert.match((await ollama.version()).version, /^\d+\.\d+\.\d+$/);
    const embedded = await ollama.embed({ model: 'nomic-embed-text', input: ['a', 'b'] });
    assert.equal(embedded.embeddings.length, 2);
    assert.equal(embedded.embeddings[0]?.length, 8);
    assert.notDeepEqual(embedded.embeddings[0], embedded.embeddings[1]);
  });

  it('answers an unknown model with Ollama\'s 404 error', async () => {
    await assert.rejects(ollama.chat({ model: 'missing', messages: [] }), (error: unknown) => {
      assert.ok(error instanceof Error);
      assert.equal(error.name, 'ResponseError');
      assert.match(error.message, /model "missing" not found, try pulling it first/);
      return true;
    });
  });

  it('drops the connection when scripted to, as a crashing server does', async () => {
    const dropping = await startFakeOllama([{ drop: true }]);
    try {
      const client = new Ollama({ host: dropping.url });
      await assert.rejects(client.chat({ model: 'qwen3-coder:30b', messages: [{ role: 'user', content: 'hi' }] }), (error: unknown) => {
        assert.ok(error instanceof TypeError, String(error));
        assert.match(error.message, /fetch failed/);
        return true;
      });
      assert.equal(dropping.chatRequests().length, 1);
    } finally {
      await dropping.close();
    }
  });

  it('records every request', () => {
    const paths = fake.requests.map((r) => `${r.method} ${r.path}`);
    assert.ok(paths.includes('POST /api/chat') && paths.includes('GET /api/tags') && paths.includes('POST /api/embed'));
  });
});
