/**
 * review_code answered synchronously, as today's hosts call it: structured
 * findings in both eras, progress per file and stage when the call carries
 * a progress token, a total time budget that stops the model stage and
 * names the files it did not judge, and cancellation that stops the model
 * traffic.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '../support/cli.js';
import { progressReceived, startHarness, type Harness } from './harness.js';

const THREE = ['src/handler/settings.ts', 'src/handler/http-handler.ts', 'src/report/messages.ts'];

interface Summary {
  files: { file: string; status: string; model?: string }[];
  notices?: string[];
  model?: { outcome: string };
}
interface Result {
  findings: { rule: string; file: string; message: string }[];
  summary: Summary;
}

describe('review_code, synchronous', () => {
  describe('with a quick model', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ script: () => ({ content: '{"findings":[]}' }) });
    });
    after(() => h.close());

    for (const era of ['legacy', 'modern'] as const) {
      it(`returns structured findings to a ${era === 'legacy' ? '2025-era' : '2026-07-28'} client and says why it answered at once`, async () => {
        const client = await h.connect(era);
        const reply = await client.callTool({ name: 'review_code', arguments: { files: THREE } });
        assert.equal(reply.isError, false);
        const result = reply.structuredContent as unknown as Result;
        assert.ok(result.findings.some((f) => f.rule === 'max-lines' && f.file === 'src/report/messages.ts'));
        assert.ok(result.findings.some((f) => f.rule === 'duplicate' && f.file === 'src/handler/settings.ts'));
        assert.deepEqual(result.summary.files.map((f) => f.model), ['completed', 'completed', 'completed']);
        const execution = (reply._meta as Record<string, { mode: string; reason: string }>)['review-guard/execution'];
        assert.equal(execution?.mode, 'sync');
        assert.match(execution?.reason ?? '', /3 file\(s\), task threshold 3/);
      });
    }

    it('reports progress per file and per stage, always increasing, when the call asks for it', async () => {
      const client = await h.connect('modern');
      const updates: { progress: number; total?: number; message?: string }[] = [];
      await client.callTool({ name: 'review_code', arguments: { files: THREE } }, { onprogress: (p) => updates.push(p) });
      const messages = updates.map((u) => u.message ?? '');
      for (const [i, file] of THREE.entries()) {
        assert.ok(messages.includes(`file ${i + 1}/3: ${file}`), `file step for ${file}; got ${messages.join(' | ')}`);
        assert.ok(messages.includes(`file ${i + 1}/3: asking the model`), `model step for file ${i + 1}`);
        assert.ok(messages.includes(`file ${i + 1}/3: checking rules`), `rules step for file ${i + 1}`);
      }
      assert.ok(messages.includes('searching duplicates across 3 file(s)'));
      for (let i = 1; i < updates.length; i++) assert.ok(updates[i]!.progress > updates[i - 1]!.progress, 'progress increases');
      assert.ok(updates.every((u) => u.total === 6));
    });

    it('sends no progress when the call does not ask for it', async () => {
      const client = await h.connect('modern');
      const received = progressReceived(client);
      await client.callTool({ name: 'review_code', arguments: { files: THREE } });
      assert.deepEqual(received, []);
    });

    it('answers bad arguments with an error result that names the problem', async () => {
      const client = await h.connect('modern');
      const reply = await client.callTool({ name: 'review_code', arguments: { files: [] } });
      assert.equal(reply.isError, true);
      assert.match(JSON.stringify(reply.content), /give at least one file to review/);
    });
  });

  describe('with a slow model', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({
        script: () => ({ content: '{"findings":[]}', delayMs: 1200 }),
        config: { mcp: { timeBudgetMs: 1500 } },
      });
    });
    after(() => h.close());

    it('stops the model stage at the time budget and names the files the model did not judge', async () => {
      const client = await h.connect('modern');
      const started = Date.now();
      const reply = await client.callTool({ name: 'review_code', arguments: { files: THREE } });
      const elapsed = Date.now() - started;
      const result = reply.structuredContent as unknown as Result;
      // Three files at 1.2 s each would take 3.6 s of model time alone; the budget cuts that short.
      assert.ok(elapsed < 1500 + 1000, `answered within the budget and a margin (${elapsed} ms)`);
      const unjudged = result.summary.files.filter((f) => f.model !== 'completed').map((f) => f.file);
      assert.ok(unjudged.length >= 1, 'at least one file was not judged');
      const notice = result.summary.notices?.find((n) => n.startsWith("the review's time budget ran out"));
      assert.ok(notice, `a notice; got ${JSON.stringify(result.summary.notices)}`);
      for (const file of unjudged) assert.ok(notice.includes(file), `${file} named in the notice`);
      assert.equal(result.summary.model?.outcome, 'failed', 'the model stage did not judge every file');
      // Rules still reported for every file.
      assert.ok(result.findings.some((f) => f.rule === 'max-lines'));
    });

    it('stops the review and its model request when the client cancels the call', async () => {
      const client = await h.connect('modern');
      const controller = new AbortController();
      const call = client.callTool({ name: 'review_code', arguments: { files: THREE } }, { signal: controller.signal });
      const before = h.ollama.chatRequests().length;
      await waitFor(async () => h.ollama.chatRequests().length, (n) => n > before);
      controller.abort('the user pressed stop');
      await assert.rejects(call);
      // A request aborted in transit is recorded when its body arrives: let those land before counting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const atCancel = h.ollama.chatRequests().length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(h.ollama.chatRequests().length, atCancel, 'no model request after the cancel');
      const inFlight = h.ollama.requests.filter((r) => r.path === '/api/chat').at(-1);
      assert.equal(inFlight?.aborted, true, 'the in-flight model request was aborted');
    });
  });
});
