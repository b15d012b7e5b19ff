/**
 * Elicitation for near-certain duplicates: a client that can answer is asked
 * "reuse or accept?" through multi round-trip requests (signed requestState),
 * or inside a task through input_required + tasks/update; the answer shapes
 * the finding, an accepted pair is not reported again, and clients that
 * cannot answer get the finding without a question.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { waitFor } from '../support/cli.js';
import { startHarness, type Harness } from './harness.js';

const SETTINGS = 'src/handler/settings.ts';
const QUESTION = /^parseSettings in src\/handler\/settings\.ts is nearly identical to loadConfig in src\/config\/load\.ts \(similarity 0\.9\d+\)\. Suggest reusing loadConfig, or accept the new function\?$/;

interface Result {
  findings: { rule: string; file: string; symbol?: string; severity: string }[];
  summary: { counts: { error: number } };
}

function duplicates(result: Result): string[] {
  return result.findings.filter((f) => f.rule === 'duplicate').map((f) => `${f.file}:${f.symbol}`);
}

describe('questions about near-certain duplicates', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ config: { model: { enabled: false } }, extraFiles: 3 });
  });
  afterEach(() => h.close());

  it('asks a client that can answer, and keeps the error when it answers "reuse"', async () => {
    const asked: string[] = [];
    const client = await h.connect('modern', (message) => {
      asked.push(message);
      return { action: 'accept', content: { decision: 'reuse' } };
    });
    const reply = await client.callTool({ name: 'review_code', arguments: { files: [SETTINGS] } });
    assert.equal(asked.length, 1);
    assert.match(asked[0] ?? '', QUESTION);
    assert.deepEqual(duplicates(reply.structuredContent as unknown as Result), [`${SETTINGS}:parseSettings`]);
    assert.match(JSON.stringify(reply.content), /reuse loadConfig from src\/config\/load\.ts/);
  });

  it('drops the finding when the answer is "accept", and never reports that pair again', async () => {
    const client = await h.connect('modern', () => ({ action: 'accept', content: { decision: 'accept' } }));
    const reply = await client.callTool({ name: 'review_code', arguments: { files: [SETTINGS] } });
    const result = reply.structuredContent as unknown as Result;
    assert.deepEqual(duplicates(result), []);
    assert.equal(result.summary.counts.error, 0, 'counts follow the dropped finding');
    const stored = JSON.parse(await readFile(join(h.repo.root, '.review-guard/accepted-duplicates.json'), 'utf8')) as { accepted: { symbol: string; relatedSymbol: string }[] };
    assert.deepEqual(stored.accepted.map((p) => [p.symbol, p.relatedSymbol]), [['parseSettings', 'loadConfig']]);
    const quiet = await h.connect('modern');
    const again = await quiet.callTool({ name: 'review_code', arguments: { files: [SETTINGS] } });
    assert.deepEqual(duplicates(again.structuredContent as unknown as Result), []);
  });

  it('an "accept" never writes through a linked accepted-duplicates.json: the reply says it was not recorded', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'rg-accept-outside-'));
    try {
      const canary = '{"version":1,"accepted":[]}';
      await writeFile(join(outside, 'target'), canary);
      await mkdir(join(h.repo.root, '.review-guard'), { recursive: true });
      await symlink(join(outside, 'target'), join(h.repo.root, '.review-guard', 'accepted-duplicates.json'));
      const client = await h.connect('modern', () => ({ action: 'accept', content: { decision: 'accept' } }));
      const reply = await client.callTool({ name: 'review_code', arguments: { files: [SETTINGS] } });
      assert.deepEqual(duplicates(reply.structuredContent as unknown as Result), [], 'the answer still shapes this reply');
      assert.match(
        JSON.stringify(reply.content),
        /The accepted pair\(s\) were not recorded, so they may be reported again: `\.review-guard\/accepted-duplicates\.json` is a symlink; review-guard writes its own files only into real folders/,
      );
      assert.equal(await readFile(join(outside, 'target'), 'utf8'), canary);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('keeps the finding when the client declines to answer', async () => {
    const client = await h.connect('modern', () => ({ action: 'decline' }));
    const reply = await client.callTool({ name: 'review_code', arguments: { files: [SETTINGS] } });
    assert.deepEqual(duplicates(reply.structuredContent as unknown as Result), [`${SETTINGS}:parseSettings`]);
    assert.match(JSON.stringify(reply.content), /no answer, the finding stands/);
  });

  it('asks nothing of a client without elicitation, or of a 2025-era client over stateless HTTP', async () => {
    // A handler that throws would only become an error reply the server treats as "no answer": record instead.
    const asked: string[] = [];
    const legacy = await h.connect('legacy', (message) => {
      asked.push(message);
      return { action: 'decline' };
    });
    for (const client of [await h.connect('modern'), legacy]) {
      const reply = await client.callTool({ name: 'review_code', arguments: { files: [SETTINGS] } });
      assert.deepEqual(duplicates(reply.structuredContent as unknown as Result), [`${SETTINGS}:parseSettings`]);
    }
    assert.deepEqual(asked, [], 'a stateless HTTP server cannot push a question');
  });

  it('carries the review in a signed requestState and refuses a tampered one', async () => {
    const first = await h.raw('tools/call', { name: 'review_code', arguments: { files: [SETTINGS] } }, { elicitation: true });
    assert.equal(first.result?.['resultType'], 'input_required');
    const state = String(first.result?.['requestState']);
    const requests = first.result?.['inputRequests'] as Record<string, { method: string; params: { message: string; requestedSchema: unknown } }>;
    assert.equal(requests['duplicate-1']?.method, 'elicitation/create');
    assert.match(requests['duplicate-1']?.params.message ?? '', QUESTION);
    const [head, body, mac] = state.split('.');
    const forged = [head, Buffer.from(Buffer.from(body ?? '', 'base64url').toString('utf8').replace('parseSettings', 'parseSettingz')).toString('base64url'), mac].join('.');
    const inputResponses = { 'duplicate-1': { action: 'accept', content: { decision: 'accept' } } };
    const tampered = await h.raw('tools/call', { name: 'review_code', arguments: { files: [SETTINGS] }, inputResponses, requestState: forged }, { elicitation: true });
    assert.equal(tampered.error?.code, -32602);
    const honest = await h.raw('tools/call', { name: 'review_code', arguments: { files: [SETTINGS] }, inputResponses, requestState: state }, { elicitation: true });
    assert.equal(honest.result?.['resultType'], 'complete');
    assert.deepEqual(duplicates(honest.result?.['structuredContent'] as Result), []);
  });

  it('inside a task: input_required with the question, answered through tasks/update', async () => {
    const files = [SETTINGS, ...h.extraFiles];
    const created = await h.raw('tools/call', { name: 'review_code', arguments: { files } }, { tasks: true, elicitation: true });
    const taskId = String(created.result?.['taskId']);
    const waiting = await waitFor(
      () => h.raw('tasks/get', { taskId }, { tasks: true }),
      (r) => r.result?.['status'] === 'input_required',
    );
    const requests = waiting.result?.['inputRequests'] as Record<string, { method: string; params: { message: string } }>;
    assert.match(requests['duplicate-1']?.params.message ?? '', QUESTION);
    assert.match(String(waiting.result?.['statusMessage']), /waiting for answers: 1 near-certain duplicate/);
    const ack = await h.raw('tasks/update', { taskId, inputResponses: { 'duplicate-1': { action: 'accept', content: { decision: 'reuse' } }, unknown: {} } }, { tasks: true });
    assert.equal(ack.error, undefined);
    const done = await waitFor(
      () => h.raw('tasks/get', { taskId }, { tasks: true }),
      (r) => r.result?.['status'] === 'completed',
    );
    const result = (done.result?.['result'] as { structuredContent: Result }).structuredContent;
    assert.deepEqual(duplicates(result), [`${SETTINGS}:parseSettings`]);
  });
});
