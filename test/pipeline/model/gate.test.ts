/**
 * The model gate: at most model.maxConcurrent chat requests at once across
 * all reviews of a process, up to model.maxQueued waiting in order, and a
 * clear "busy" for the rest — which costs a file its model stage only.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ModelError } from '../../../models/errors.js';
import type { ChatRequest, ChatResponse, LlmClient } from '../../../models/llm-client.js';
import { createReviewService, type ReviewResult } from '../../../src/pipeline/index.js';
import { ModelGate } from '../../../src/pipeline/model/gate.js';
import { fakeOllamaForFile } from '../../helpers/fake-ollama.js';
import { copySampleRepo, type SampleRepo } from '../../support/sample-repo.js';

const startFake = fakeOllamaForFile();

/** A model that answers when told to, recording how many requests it held at once. */
function heldModel(): LlmClient & { peak: number; release(): void; readonly started: string[] } {
  let open = 0;
  const pending: (() => void)[] = [];
  const model = {
    description: 'held-model',
    peak: 0,
    started: [] as string[],
    release: () => pending.shift()?.(),
    chat: async (request: ChatRequest): Promise<ChatResponse> => {
      model.started.push(request.messages[0]?.content ?? '');
      model.peak = Math.max(model.peak, ++open);
      await new Promise<void>((resolve) => pending.push(resolve));
      open--;
      return { message: { role: 'assistant', content: '{"findings":[]}' } };
    },
  };
  return model;
}

const ask = (client: LlmClient, id: string, signal?: AbortSignal) => client.chat({ messages: [{ role: 'user', content: id }], ...(signal ? { signal } : {}) });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ModelGate', () => {
  it('runs at most maxConcurrent requests, queues the next ones in order, and refuses beyond the queue as busy', async () => {
    const model = heldModel();
    const gate = new ModelGate({ maxConcurrent: 2, maxQueued: 2 });
    const client = gate.wrap(model);
    const replies = ['a', 'b', 'c', 'd'].map((id) => ask(client, id));
    await tick();
    assert.deepEqual(model.started, ['a', 'b']);
    assert.deepEqual(gate.load, { running: 2, waiting: 2 });
    await assert.rejects(ask(client, 'e'), (error: unknown) => error instanceof ModelError && error.kind === 'busy' && /model\.maxConcurrent 2, model\.maxQueued 2/.test(error.message));
    for (let i = 0; i < 4; i++) {
      model.release();
      await tick();
    }
    await Promise.all(replies);
    assert.deepEqual(model.started, ['a', 'b', 'c', 'd'], 'in arrival order');
    assert.equal(model.peak, 2);
    assert.deepEqual(gate.load, { running: 0, waiting: 0 });
  });

  it('lets a waiting request give up with its signal, and frees its place', async () => {
    const model = heldModel();
    const gate = new ModelGate({ maxConcurrent: 1, maxQueued: 1 });
    const client = gate.wrap(model);
    const first = ask(client, 'a');
    const controller = new AbortController();
    const waiting = ask(client, 'b', controller.signal);
    await tick();
    controller.abort(new Error('cancelled by the test'));
    await assert.rejects(waiting, /cancelled by the test/);
    assert.deepEqual(gate.load, { running: 1, waiting: 0 });
    const next = ask(client, 'c');
    model.release();
    await first;
    await tick();
    model.release();
    await next;
    assert.deepEqual(model.started, ['a', 'c']);
  });

  it('releases the slot when a request fails', async () => {
    const gate = new ModelGate({ maxConcurrent: 1, maxQueued: 0 });
    const failing = gate.wrap({ description: 'failing', chat: () => Promise.reject(new Error('boom')) });
    await assert.rejects(ask(failing, 'a'), /boom/);
    await assert.rejects(ask(failing, 'b'), /boom/, 'not busy: the slot came back');
  });
});

describe('model.maxConcurrent and model.maxQueued in a review service', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo({ model: { maxConcurrent: 1, maxQueued: 1, maxTurns: 1 } });
  });
  after(() => repo.remove());

  it('a review past the queue gets "the model is busy" for the model stage and every rule finding', async () => {
    let peak = 0;
    let open = 0;
    const fake = await startFake(async () => {
      peak = Math.max(peak, ++open);
      await new Promise((resolve) => setTimeout(resolve, 400));
      open--;
      return { content: '{"findings":[]}' };
    });
    const service = await createReviewService({ root: repo.root, env: { OLLAMA_HOST: fake.url }, watch: false });
    try {
      const file = 'src/report/messages.ts';
      const results: ReviewResult[] = await Promise.all([0, 1, 2].map(() => service.review({ files: [file] })));
      assert.equal(peak, 1, 'one chat request at a time');
      const models = results.map((r) => r.summary.files[0]?.model).sort();
      assert.deepEqual(models, ['completed', 'completed', 'incomplete']);
      const busy = results.find((r) => r.summary.files[0]?.model === 'incomplete')!;
      assert.ok(busy.findings.some((f) => f.rule === 'review' && /the model is busy: 1 request\(s\) .* running and 1 waiting/.test(f.message)), JSON.stringify(busy.findings.map((f) => f.message)));
      assert.ok(busy.findings.some((f) => f.rule === 'max-lines'), 'rule findings are still reported');
    } finally {
      service.close();
    }
  });
});
