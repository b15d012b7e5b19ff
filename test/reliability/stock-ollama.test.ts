/**
 * The model stage against an Ollama that behaves as a stock one does (see
 * test/helpers/fake-ollama.ts): a small default context that cuts prompts
 * from the front, models that take seconds to load and stop loading when
 * their client hangs up, models without tool calling, a tool-call parser
 * that fails for one conversation's content, and no Ollama at all. Every
 * time the outcome is honest (nothing unjudged counts as judged) and every
 * deterministic finding is there.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigSchema } from '../../src/pipeline/config/schema.js';
import { createReviewService, type ReviewResult, type ReviewService } from '../../src/pipeline/index.js';
import { fakeOllamaForFile, type FakeChatRequest, type FakeOllama, type FakeOllamaOptions, type FakeReply, type FakeScript } from '../helpers/fake-ollama.js';
import { closedHost } from '../helpers/loopback.js';
import { runCli, startServeHttp, waitFor } from '../support/cli.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const startFake = fakeOllamaForFile();
const repos: SampleRepo[] = [];
const services: ReviewService[] = [];
after(async () => {
  for (const service of services) service.close();
  await Promise.all(repos.map((r) => r.remove()));
});

const RULES = { 'max-lines': ['error', { max: 100 }], naming: 'warning' };
const NO_FINDINGS: FakeReply = { content: '{"findings":[]}' };

/** `count` small functions, each of its own shape, in `lines` lines or more. */
function manyFunctions(count: number, linesEach = 6): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = Array.from({ length: linesEach - 2 }, (_, j) => `  const v${j} = input.length * ${i + 1} + ${j} - offset${i % 3};`);
    parts.push(`export function step${i}(input: string, offset${i % 3}: number): number {`, ...body, `  return v0 + v${linesEach - 3};`, '}');
  }
  return `${parts.join('\n')}\n`;
}

interface Setup {
  readonly fake?: FakeOllamaOptions;
  readonly script?: FakeScript;
  readonly model?: Record<string, unknown>;
  readonly files?: Readonly<Record<string, string>>;
  readonly host?: string;
}

async function setUp(setup: Setup): Promise<{ fake: FakeOllama; service: ReviewService; repo: SampleRepo }> {
  const fake = await startFake(setup.script ?? (() => NO_FINDINGS), setup.fake ?? {});
  const repo = await copySampleRepo({ rules: RULES, model: { host: setup.host ?? fake.url, ...setup.model } });
  repos.push(repo);
  for (const [path, text] of Object.entries(setup.files ?? {})) await writeFile(join(repo.root, path), text);
  const service = await createReviewService({ root: repo.root, env: {}, watch: false });
  services.push(service);
  return { fake, service, repo };
}

const statusOf = (result: ReviewResult, file: string) => result.summary.files.find((f) => f.file === file)?.model;
const reviewWarnings = (result: ReviewResult, file: string) => result.findings.filter((f) => f.rule === 'review' && f.file === file).map((f) => f.message);

/** The rule findings the sample files always have, whatever the model did. */
function assertDeterministic(result: ReviewResult): void {
  assert.ok(result.findings.some((f) => f.rule === 'duplicate' && f.source === 'index' && f.symbol === 'parseSettings'), 'index duplicate kept');
  assert.ok(result.findings.some((f) => f.rule === 'naming'), 'naming findings kept');
}

const SAMPLE = ['src/handler/settings.ts', 'src/handler/http-handler.ts', 'src/report/messages.ts'];

describe('a stock Ollama: the context window', () => {
  it('sends num_ctx, so a 250-line file is not cut to the default 4096 tokens', async () => {
    const big = manyFunctions(31, 8);
    assert.ok(big.split('\n').length >= 250);
    const { fake, service } = await setUp({ files: { 'src/big.ts': big } });
    const result = await service.review({ files: ['src/big.ts', ...SAMPLE] });
    assert.deepEqual(fake.truncatedChats().map((r) => r.prompt), [], 'no prompt cut by the server');
    const chats = fake.chatRequests();
    assert.ok(chats.length >= 4);
    assert.ok(chats.every((c) => c.options?.['num_ctx'] === 16_384), JSON.stringify(chats.map((c) => c.options)));
    const bigPrompt = fake.requests.find((r) => r.prompt && (r.body as FakeChatRequest).messages[1]?.content.includes('src/big.ts'))?.prompt;
    assert.ok(bigPrompt && bigPrompt.tokens > 4096, `the big file's prompt is ${bigPrompt?.tokens} tokens`);
    assert.equal(statusOf(result, 'src/big.ts'), 'completed');
    assert.ok(result.findings.some((f) => f.rule === 'max-lines' && f.file === 'src/big.ts'));
    assertDeterministic(result);
  });

  it("reviews a file larger than the model's own context length in parts cut at its functions, each fitting the window", async () => {
    const big = manyFunctions(31, 8);
    const lineCount = big.split('\n').length - 1;
    // The model finds something in whichever part holds step20.
    const script = (request: FakeChatRequest): FakeReply =>
      request.messages[1]?.content.includes('export function step20(')
        ? { content: JSON.stringify({ findings: [{ rule: 'responsibility', severity: 'warning', message: 'does two jobs', symbol: 'step20' }] }) }
        : NO_FINDINGS;
    const { fake, service } = await setUp({ fake: { contextLength: 4096 }, script, files: { 'src/big.ts': big } });
    const result = await service.review({ files: ['src/big.ts', ...SAMPLE] });
    assert.equal(statusOf(result, 'src/big.ts'), 'completed', JSON.stringify(reviewWarnings(result, 'src/big.ts')));
    assert.deepEqual(fake.truncatedChats().map((r) => r.prompt), [], 'no prompt cut by the server');
    assert.ok(fake.chatRequests().every((c) => c.options?.['num_ctx'] === 4096), "num_ctx capped at the model's context length");
    const parts = fake
      .chatRequests()
      .map((c) => /^Review lines (\d+)-(\d+) of the file src\/big\.ts: part (\d+) of (\d+)\./.exec(c.messages[1]?.content ?? ''))
      .filter((m) => m !== null)
      .map((m) => m.slice(1).map(Number));
    assert.ok(parts.length >= 2, `${parts.length} part(s)`);
    assert.deepEqual(parts.map(([, , part, of]) => [part, of]), parts.map((_, i) => [i + 1, parts.length]));
    // The parts follow one another, cover the file, and each starts after a function's end.
    assert.equal(parts[0]?.[0], 1);
    assert.equal(parts.at(-1)?.[1], lineCount);
    for (let i = 1; i < parts.length; i++) assert.equal(parts[i]?.[0], (parts[i - 1]?.[1] ?? 0) + 1);
    assert.ok(parts.slice(1).every(([start]) => big.split('\n')[(start ?? 0) - 2] === '}'), 'cut between functions');
    const judged = result.findings.filter((f) => f.source === 'model' && f.file === 'src/big.ts');
    assert.deepEqual(judged.map((f) => [f.rule, f.symbol]), [['responsibility', 'step20']]);
    assert.ok(SAMPLE.every((file) => statusOf(result, file) === 'completed'), JSON.stringify(result.findings.filter((f) => f.rule === 'review')));
    assert.equal(result.summary.model?.outcome, 'ok');
    assert.ok(result.findings.some((f) => f.rule === 'max-lines' && f.file === 'src/big.ts'));
    assertDeterministic(result);
  });

  it('says which function was not seen when one alone exceeds the window, and judges the rest of the file', async () => {
    const huge = [
      'export function small(a: number): number {',
      '  return a + 1;',
      '}',
      'export function huge(input: string): number {',
      ...Array.from({ length: 400 }, (_, i) => `  const value${i} = input.length * ${i} + input.charCodeAt(${i % 7});`),
      '  return value0;',
      '}',
      'export function tail(b: string): string {',
      '  return b.trim();',
      '}',
      '',
    ].join('\n');
    const script = (request: FakeChatRequest): FakeReply =>
      request.messages[1]?.content.includes('export function tail(')
        ? { content: JSON.stringify({ findings: [{ rule: 'responsibility', severity: 'warning', message: 'tail trims', symbol: 'tail' }] }) }
        : NO_FINDINGS;
    const { fake, service } = await setUp({ fake: { contextLength: 4096 }, script, files: { 'src/huge.ts': huge } });
    const result = await service.review({ files: ['src/huge.ts', 'src/handler/settings.ts'] });
    assert.equal(statusOf(result, 'src/huge.ts'), 'incomplete');
    assert.deepEqual(reviewWarnings(result, 'src/huge.ts'), [
      "model review did not complete: src/huge.ts was not fully seen: lines 4-406 (huge) do not fit the model's context window of 4096 tokens " +
        "(model.numCtx, capped at the model's context length) even alone, so the model did not judge them (reviewed in 2 parts, 2 judged)",
    ]);
    const sent = fake.chatRequests().map((c) => c.messages[1]?.content ?? '').filter((m) => m.includes('src/huge.ts'));
    assert.deepEqual(sent.map((m) => /^Review lines (\d+-\d+)/.exec(m)?.[1]), ['1-3', '407-409']);
    assert.ok(sent.every((m) => !m.includes('const value0')), 'the huge function was never sent');
    // What the model found in a part it saw is kept; the file still does not count as judged.
    assert.deepEqual(result.findings.filter((f) => f.source === 'model' && f.rule !== 'review').map((f) => f.symbol), ['tail']);
    assert.equal(statusOf(result, 'src/handler/settings.ts'), 'completed');
    assert.equal(result.summary.model?.outcome, 'failed');
  });

  it('says a file was not fully seen when Ollama read more tokens than the estimate left room for', async () => {
    // A tokenizer denser than the estimate assumes: the request fits by the estimate, and the server cuts it.
    let dense = '';
    for (let i = 0; dense.length < 13_000; i++) dense += `export const label${i} = 'ÄÖÜ ${'x'.repeat(40)}';\n`;
    const { fake, service } = await setUp({
      fake: { contextLength: 8192, charsPerToken: 1.8 },
      model: { firstTurnCandidates: false },
      files: { 'src/dense.ts': dense },
    });
    const result = await service.review({ files: ['src/dense.ts'] });
    assert.equal(fake.truncatedChats().length, 1, 'the server cut the prompt');
    assert.equal(statusOf(result, 'src/dense.ts'), 'incomplete');
    assert.match(reviewWarnings(result, 'src/dense.ts')[0] ?? '', /src\/dense\.ts was not fully seen: Ollama read 8192 prompt tokens in a 8192-token window \(estimated \d+\)/);
    assert.equal(result.summary.model?.outcome, 'failed');
  });
});

/** A proxy in front of `target`; `intercept` may answer a request itself (path and body text), else it passes through. */
async function proxy(target: string, intercept: (path: string, body: string) => { status: number; body: string } | undefined): Promise<string> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const own = intercept(req.url ?? '/', text);
      if (own) return void res.writeHead(own.status, { 'Content-Type': 'application/json' }).end(own.body);
      fetch(`${target}${req.url ?? '/'}`, { method: req.method ?? 'GET', ...(chunks.length > 0 ? { body: text, headers: { 'Content-Type': 'application/json' } } : {}) })
        .then(async (reply) => res.writeHead(reply.status, { 'Content-Type': reply.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await reply.arrayBuffer())))
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Some proxies answer /api/show with a bare 404. */
const proxyWithoutShow = (target: string): Promise<string> => proxy(target, (path) => (path === '/api/show' ? { status: 404, body: '404 page not found' } : undefined));

describe('a stock Ollama: a load request the server fails once', () => {
  it('is tried again, and the first file is judged', async () => {
    const fake = await startFake(() => NO_FINDINGS, { loadMs: 200 });
    let failed = 0;
    // The load request is a chat without messages.
    const host = await proxy(fake.url, (path, body) =>
      path === '/api/chat' && body.includes('"messages":[]') && failed++ === 0 ? { status: 500, body: '{"error":"llama runner process has terminated"}' } : undefined,
    );
    const { service } = await setUp({ host, model: { timeoutMs: 10_000 } });
    const result = await service.review({ files: SAMPLE });
    assert.equal(failed, 2, 'the failed load and its retry');
    assert.ok(SAMPLE.every((file) => statusOf(result, file) === 'completed'), JSON.stringify(result.summary.files));
  });
});

describe('a stock Ollama behind a proxy without /api/show', () => {
  it('reviews with chat anyway and says so once, not once per file', async () => {
    const fake = await startFake(() => NO_FINDINGS);
    const host = await proxyWithoutShow(fake.url);
    const { service } = await setUp({ host });
    const result = await service.review({ files: SAMPLE });
    assert.equal(result.summary.model?.outcome, 'ok', JSON.stringify(result.summary));
    const notices = (result.summary.notices ?? []).filter((n) => n.includes('/api/show'));
    assert.equal(notices.length, 1, String(result.summary.notices));
    assert.match(notices[0] ?? '', /answered \/api\/show for qwen3-coder:30b with HTTP 404 although \/api\/tags lists it/);
    assert.deepEqual(SAMPLE.flatMap((file) => reviewWarnings(result, file)), []);
    assertDeterministic(result);
  });
});

describe('a stock Ollama: an empty reply', () => {
  it('is no verdict: an empty reply and then a forced "no findings" leave the file unjudged', async () => {
    // Ollama with `format` set: the only thing an empty-minded model can say is the empty list.
    const { service } = await setUp({ script: (request) => ({ content: request.format === undefined ? '' : '{"findings":[]}' }) });
    const result = await service.review({ files: SAMPLE });
    assert.equal(statusOf(result, 'src/handler/settings.ts'), 'incomplete');
    assert.match(reviewWarnings(result, 'src/handler/settings.ts').join('\n'), /the model answered nothing, then, made to answer in the JSON schema, only "no findings": no judgement/);
    assertDeterministic(result);
  });
});

describe('a stock Ollama: loading the model', () => {
  it('survives a load longer than model.requestTimeoutMs: one load, waited for, then the review', async () => {
    const { fake, service } = await setUp({ fake: { loadMs: 1500 }, model: { requestTimeoutMs: 1000, timeoutMs: 10_000 } });
    const result = await service.review({ files: SAMPLE });
    assert.equal(fake.loadsStarted, 1);
    assert.ok(fake.requests.every((r) => !(r.path === '/api/chat' && r.aborted)), 'no request hung up on the load');
    assert.ok(SAMPLE.every((file) => statusOf(result, file) === 'completed'), JSON.stringify(result.summary.files));
    assert.equal(result.summary.model?.outcome, 'ok');
    assertDeterministic(result);
  });

  it('reloads a model pushed out of memory between reviews: asks /api/ps after the timeout, waits the load, hangs up once', async () => {
    const { fake, service } = await setUp({ fake: { loadMs: 1500 }, model: { requestTimeoutMs: 1000, timeoutMs: 15_000, retries: 2 } });
    const first = await service.review({ files: SAMPLE });
    assert.equal(first.summary.model?.outcome, 'ok');
    fake.unload('qwen3-coder:30b');
    const before = fake.requests.length;
    const second = await service.review({ files: SAMPLE });
    assert.ok(SAMPLE.every((file) => statusOf(second, file) === 'completed'), JSON.stringify(second.summary.files));
    assert.equal(second.summary.model?.outcome, 'ok');
    // The first review's load, the turn that timed out on the unloaded model, and the one reload after it.
    assert.equal(fake.loadsStarted, 3, 'one reload, not one per retry');
    const hungUp = fake.requests.slice(before).filter((r) => r.path === '/api/chat' && r.aborted);
    assert.ok(hungUp.length <= 1, `${hungUp.length} chat requests hung up on the reload`);
    assertDeterministic(second);
  });

  it('names a load the budget cannot wait for, keeps it going, and the next review uses the model', async () => {
    const { fake, service } = await setUp({ fake: { loadMs: 2500 }, model: { timeoutMs: 1000 } });
    const started = Date.now();
    const statuses: string[] = [];
    const first = await service.review({ files: SAMPLE }, { onEvent: (e) => e.type === 'model-loading' && statuses.push(e.status) });
    assert.ok(Date.now() - started < 2500, `took ${Date.now() - started} ms`);
    // What progress notifications and a task's status say while the review waits (the fake's model: 4.7 GB).
    assert.deepEqual(statuses, ['loading qwen3-coder:30b (first use, estimated ~9 s)']);
    const notices = (first.summary.notices ?? []).filter((n) => n.includes('loading'));
    assert.equal(notices.length, 1, String(first.summary.notices));
    assert.match(notices[0] ?? '', /^the model did not judge 3 file\(s\) \(.*\): loading qwen3-coder:30b \(first use, estimated ~\d+ s, \d+ s so far\)/);
    assert.match(notices[0] ?? '', /it goes on loading, so the next review can use it/);
    assert.deepEqual(SAMPLE.flatMap((file) => reviewWarnings(first, file)), [], 'one notice, not a warning per file');
    assert.equal(first.summary.model?.outcome, 'failed');
    assert.equal(fake.chatRequests().length, 0, 'no review turn was sent to a loading model');
    assertDeterministic(first);

    for (let i = 0; i < 60 && !fake.loadedModels().includes('qwen3-coder:30b'); i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(fake.loadedModels(), ['qwen3-coder:30b'], 'the load went on without a waiting review');
    const second = await service.review({ files: SAMPLE });
    assert.equal(second.summary.model?.outcome, 'ok');
    assert.equal(fake.loadsStarted, 1);
  });
});

describe('a stock Ollama: a one-shot review and a load it cannot wait for', () => {
  it('ends with its budget, not with the load request, and says the load stops with it', async () => {
    // Accepts the load and never finishes it within the test (model.loadTimeoutMs would end it after 5 min).
    const fake = await startFake(() => NO_FINDINGS, { loadMs: 600_000 });
    const repo = await copySampleRepo({ rules: RULES, model: { host: fake.url, timeoutMs: 1500 } });
    repos.push(repo);
    const started = Date.now();
    const run = await runCli(repo.root, ['review', '--json', ...SAMPLE], { timeoutMs: 30_000 });
    const seconds = (Date.now() - started) / 1000;
    assert.ok(run.code === 1 || run.code === 0, `exit ${run.code}: ${run.stderr}`);
    assert.ok(seconds < 15, `the process stayed ${seconds} s`);
    const result = JSON.parse(run.stdout) as ReviewResult;
    assert.match((result.summary.notices ?? []).join('\n'), /this run ends with its review and does not wait for the load, which stops with it/);
    assertDeterministic(result);
  });
});

describe('a stock Ollama: serve warms the model', () => {
  it('starts the load when the server starts, before any review asks, with the settings every turn sends', async () => {
    const fake = await startFake(() => NO_FINDINGS, { loadMs: 300 });
    const repo = await copySampleRepo({ rules: RULES, model: { host: fake.url } });
    repos.push(repo);
    const server = await startServeHttp(repo.root);
    try {
      await waitFor(() => fake.loadedModels(), (models) => models.includes('qwen3-coder:30b'));
      assert.equal(fake.chatRequests().length, 0, 'no review was asked for');
      assert.equal(fake.loadsStarted, 1);
      const load = fake.requests.find((r) => r.path === '/api/chat')?.body as FakeChatRequest;
      assert.deepEqual([load.messages, load.keep_alive, load.options?.['num_ctx']], [[], '30m', 16_384]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

describe('a stock Ollama: loads against the default budgets, scaled down', () => {
  // The defaults' own ratios, 25 times faster: a test of the settings users get, not of ones tuned to pass.
  const SCALE = 25;
  const defaults = ConfigSchema.parse({}).model;
  const scaled = {
    timeoutMs: defaults.timeoutMs / SCALE,
    requestTimeoutMs: defaults.requestTimeoutMs / SCALE,
    loadTimeoutMs: defaults.loadTimeoutMs / SCALE,
  };

  it('waits out a 35 s first load within the first review (45 s stage budget, 30 s per request)', async () => {
    assert.deepEqual([defaults.timeoutMs, defaults.requestTimeoutMs], [45_000, 30_000], 'the ratios this test was written for');
    const { fake, service } = await setUp({ fake: { loadMs: 35_000 / SCALE }, model: scaled });
    const statuses: string[] = [];
    const result = await service.review({ files: SAMPLE }, { onEvent: (e) => e.type === 'model-loading' && statuses.push(e.status) });
    assert.equal(fake.loadsStarted, 1, 'one load: no request hung up on it and started it again');
    assert.ok(fake.requests.every((r) => !(r.path === '/api/chat' && r.aborted)), 'no request hung up on the load');
    assert.ok(SAMPLE.every((file) => statusOf(result, file) === 'completed'), JSON.stringify(result.summary.notices));
    assert.equal(result.summary.model?.outcome, 'ok');
    assert.deepEqual(statuses, ['loading qwen3-coder:30b (first use, estimated ~9 s)']);
    assertDeterministic(result);
  });

  it('names a 90 s load on the first review, within its budget, and the next review after the load uses the model', async () => {
    const { fake, service } = await setUp({ fake: { loadMs: 90_000 / SCALE }, model: scaled });
    const started = Date.now();
    const first = await service.review({ files: SAMPLE });
    assert.ok(Date.now() - started < scaled.timeoutMs + 500, `took ${Date.now() - started} ms`);
    assert.match((first.summary.notices ?? []).join('\n'), /loading qwen3-coder:30b \(first use, estimated ~9 s, \d+ s so far\).*it goes on loading, so the next review can use it/);
    for (let i = 0; i < 100 && fake.loadedModels().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const second = await service.review({ files: SAMPLE });
    assert.equal(second.summary.model?.outcome, 'ok');
    assert.equal(fake.loadsStarted, 1);
  });
});

describe('a stock Ollama: a model without tool calling', () => {
  it('says once what to change, sends no review turn, and keeps the rule findings', async () => {
    const { fake, service } = await setUp({ fake: { capabilities: ['completion'] }, model: { model: 'qwen3-coder:30b' } });
    const result = await service.review({ files: SAMPLE });
    const notices = (result.summary.notices ?? []).filter((n) => n.includes('cannot call tools'));
    assert.equal(notices.length, 1);
    assert.match(notices[0] ?? '', /the model qwen3-coder:30b cannot call tools \(Ollama lists its capabilities as: completion\).*set model\.model/);
    assert.equal(fake.chatRequests().length, 0);
    assert.ok(SAMPLE.every((file) => statusOf(result, file) === 'incomplete'));
    assertDeterministic(result);
  });
});

describe('a stock Ollama: faults of one conversation', () => {
  it("recovers from the tool-call parser's 500 for one file's content with a shortened turn without tools", async () => {
    const { fake, service } = await setUp({
      fake: { failOn: { pattern: /settingsSummary/, error: 'error parsing tool call: raw=\'{"symbol": settingsSummary}\'' } },
    });
    const result = await service.review({ files: SAMPLE });
    assert.ok(SAMPLE.every((file) => statusOf(result, file) === 'completed'), JSON.stringify(result.summary.files));
    const retried = fake.chatRequests().filter((c) => c.messages[1]?.content.includes('settings.ts'));
    assert.equal(retried.length, 2, 'the failed turn and one retry');
    assert.equal(retried[1]?.tools, undefined);
    assert.ok(retried[1]?.format, 'the retry asks for the answer schema');
    assertDeterministic(result);
  });

  it('fails only that file when the server fails on its conversation every time, and judges the other files', async () => {
    const script = (request: FakeChatRequest): FakeReply =>
      request.messages.some((m) => m.content.includes('BEGIN src/handler/settings.ts')) ? { status: 500, error: 'llama runner process has terminated' } : NO_FINDINGS;
    const { fake, service } = await setUp({ script });
    const started = Date.now();
    const result = await service.review({ files: SAMPLE });
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    assert.equal(statusOf(result, 'src/handler/settings.ts'), 'incomplete');
    assert.match(reviewWarnings(result, 'src/handler/settings.ts')[0] ?? '', /HTTP 500: llama runner process has terminated \(also with the conversation shortened\)$/);
    assert.equal(fake.chatRequests().filter((c) => c.messages[1]?.content.includes('settings.ts')).length, 2, 'no retries beyond the shortened one');
    assert.equal(statusOf(result, 'src/handler/http-handler.ts'), 'completed');
    assert.equal(statusOf(result, 'src/report/messages.ts'), 'completed');
    assertDeterministic(result);
  });
});

describe('no Ollama listening', () => {
  it('costs a review under 50 ms and one notice, not a warning per file', async () => {
    const host = await closedHost();
    const { service } = await setUp({ host });
    await service.review({ files: SAMPLE }, { model: false });
    const timed = async (model: boolean): Promise<number> => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await service.review({ files: SAMPLE }, { model });
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const withModel = await timed(true);
    const without = await timed(false);
    assert.ok(withModel - without < 50, `the model stage cost ${Math.round(withModel - without)} ms`);
    const result = await service.review({ files: SAMPLE });
    assert.deepEqual(SAMPLE.flatMap((file) => reviewWarnings(result, file)), []);
    const notices = (result.summary.notices ?? []).filter((n) => n.includes('not reachable'));
    assert.equal(notices.length, 1);
    assert.match(notices[0] ?? '', /^the model did not judge 3 file\(s\) .*\(connection refused\): is Ollama running\?/);
    assertDeterministic(result);
  });
});

describe('turns and verdicts', () => {
  const MANY = manyFunctions(8);
  /** A model that searches the file's functions one per turn while it has tools, and answers when it has none. */
  const onePerTurn = (request: FakeChatRequest): FakeReply => {
    if (!request.tools) return NO_FINDINGS;
    const searched = request.messages.filter((m) => m.role === 'tool').length;
    return { tool_calls: [{ function: { name: 'search_similar_code', arguments: { symbol: `step${searched}` } } }] };
  };

  it('ends a file of 8 functions, searched one per turn, with a verdict in the last turn', async () => {
    const { fake, service } = await setUp({ script: onePerTurn, model: { firstTurnCandidates: false }, files: { 'src/many.ts': MANY } });
    const result = await service.review({ files: ['src/many.ts'] });
    assert.equal(statusOf(result, 'src/many.ts'), 'completed', JSON.stringify(reviewWarnings(result, 'src/many.ts')));
    const chats = fake.chatRequests();
    assert.equal(chats.length, 6);
    assert.equal(chats[5]?.tools, undefined);
    assert.match(chats[5]?.messages.at(-1)?.content ?? '', /^This is your last reply \(6 of 6\)/);
    assert.match(chats[0]?.messages[0]?.content ?? '', /at most 6 replies from you and 12 tool calls/);
  });

  it('hands the index candidates in the first turn: fewer turns and prompt tokens than one search per function', async (t) => {
    // The same model: it searches what it was not shown, one per turn, and answers once it has seen candidates for all.
    const script = (request: FakeChatRequest): FakeReply => {
      if (!request.tools || request.messages.some((m) => m.content.startsWith('Before you started, the index searched'))) return NO_FINDINGS;
      return onePerTurn(request);
    };
    const measure = async (firstTurnCandidates: boolean) => {
      const { service } = await setUp({ script, model: { firstTurnCandidates }, files: { 'src/many.ts': MANY } });
      const result = await service.review({ files: ['src/many.ts'] });
      assert.equal(statusOf(result, 'src/many.ts'), 'completed');
      const { turns = 0, promptTokens = 0, toolCalls = 0 } = result.summary.model ?? {};
      return { turns, promptTokens, toolCalls };
    };
    const toolDriven = await measure(false);
    const handedIn = await measure(true);
    t.diagnostic(`8 functions: tool-driven ${JSON.stringify(toolDriven)}, candidates in the first turn ${JSON.stringify(handedIn)}`);
    assert.equal(handedIn.turns, 1);
    assert.ok(handedIn.turns < toolDriven.turns);
    assert.ok(handedIn.promptTokens < toolDriven.promptTokens);
  });

  it('makes calls written as text (a <tools> array, "args" and "parameters" keys) and sends them back as real calls', async () => {
    const calls = '<tools>[{"name": "search_similar_code", "args": {"symbol": "parseSettings"}}, {"name": "search_similar_code", "parameters": {"symbol": "settingsSummary"}}]</tools>';
    const script = (request: FakeChatRequest): FakeReply => (request.messages.some((m) => m.role === 'tool') ? NO_FINDINGS : { content: calls });
    const { fake, service } = await setUp({ script, model: { firstTurnCandidates: false } });
    const result = await service.review({ files: ['src/handler/settings.ts'] });
    assert.equal(statusOf(result, 'src/handler/settings.ts'), 'completed');
    assert.equal(result.summary.model?.toolCalls, 2);
    const second = fake.chatRequests()[1];
    assert.deepEqual(second?.messages.at(-3)?.tool_calls?.map((c) => c.function.arguments), [{ symbol: 'parseSettings' }, { symbol: 'settingsSummary' }]);
    assert.deepEqual(second?.messages.slice(-2).map((m) => m.role), ['tool', 'tool']);
    assert.match(second?.messages.at(-2)?.content ?? '', /symbol loadConfig/);
  });

  it('does not count "searched nothing, named nothing" as judged when the index had candidates', async () => {
    // An empty answer, repaired into an empty verdict, is no judgement either (and says so).
    const emptyThenNothing: FakeScript = (_request, turn) => (turn === 0 ? { content: '' } : NO_FINDINGS);
    const cases: Array<[FakeScript, RegExp]> = [
      [() => NO_FINDINGS, /the model searched nothing and named nothing, although the index has candidates/],
      [emptyThenNothing, /the model answered nothing, then, made to answer in the JSON schema, only "no findings"/],
    ];
    for (const [script, reason] of cases) {
      const { service } = await setUp({ script, model: { firstTurnCandidates: false } });
      const result = await service.review({ files: ['src/handler/settings.ts'] });
      assert.equal(statusOf(result, 'src/handler/settings.ts'), 'incomplete');
      assert.match(reviewWarnings(result, 'src/handler/settings.ts')[0] ?? '', reason);
      assert.equal(result.summary.model?.outcome, 'failed');
      assert.ok(result.findings.some((f) => f.rule === 'duplicate' && f.source === 'index' && f.symbol === 'parseSettings'));
    }
  });
});

/**
 * Held out: Ollama behaviours the stage was not written against (versions,
 * reply fields and names as other Ollama builds send them). Each must end
 * honestly: judged when it could be, else named, and never counted as judged.
 */
describe('held out: Ollama variants', () => {
  /** A reply body as Ollama 0.12 sends it, verbatim. */
  const raw = (message: Record<string, unknown>, done_reason = 'stop'): FakeReply => ({
    raw: JSON.stringify({ model: 'qwen3-coder:30b', created_at: new Date().toISOString(), message: { role: 'assistant', ...message }, done: true, done_reason, eval_count: 40 }),
  });

  it('a reply cut at the length limit (done_reason "length") is named as cut, on every turn, and not judged', async () => {
    const cut = raw({ content: '{"findings":[{"rule":"duplicate","severity":"error","message":"parseSettings re' }, 'length');
    const { fake, service } = await setUp({ script: () => cut });
    const result = await service.review({ files: ['src/handler/settings.ts'] });
    assert.equal(statusOf(result, 'src/handler/settings.ts'), 'incomplete');
    assert.match(reviewWarnings(result, 'src/handler/settings.ts')[0] ?? '', /the model's reply was cut off at its length limit \(Ollama's done_reason "length"\)/);
    assert.equal(fake.chatRequests().length, 2, 'the answer, then one repair turn');
    assert.match(fake.chatRequests()[1]?.messages.at(-1)?.content ?? '', /^Your answer could not be used: your answer was cut off at the length limit, so keep it short/);
    assert.ok(result.findings.some((f) => f.rule === 'duplicate' && f.source === 'index' && f.symbol === 'parseSettings'));
  });

  it('tool calls with an id and function.index (Ollama 0.12) are made', async () => {
    const script = (request: FakeChatRequest): FakeReply =>
      request.messages.some((m) => m.role === 'tool')
        ? NO_FINDINGS
        : raw({ content: '', tool_calls: [{ id: 'call_0', function: { index: 0, name: 'search_similar_code', arguments: { symbol: 'parseSettings' } } }] });
    const { fake, service } = await setUp({ script, model: { firstTurnCandidates: false } });
    const result = await service.review({ files: ['src/handler/settings.ts'] });
    assert.equal(statusOf(result, 'src/handler/settings.ts'), 'completed');
    assert.equal(result.summary.model?.toolCalls, 1);
    assert.match(fake.chatRequests()[1]?.messages.at(-1)?.content ?? '', /symbol loadConfig/);
  });

  it("an /api/show without capabilities or a context length (before Ollama 0.6): the configured window is sent, and a model without tools is named once", async () => {
    const older = await setUp({ fake: { olderShow: true } });
    const judged = await older.service.review({ files: SAMPLE });
    assert.ok(SAMPLE.every((file) => statusOf(judged, file) === 'completed'));
    assert.ok(older.fake.chatRequests().every((c) => c.options?.['num_ctx'] === 16_384));

    const noTools = await setUp({ fake: { olderShow: true, capabilities: ['completion'] } });
    const refused = await noTools.service.review({ files: SAMPLE });
    assert.equal((refused.summary.notices ?? []).filter((n) => n.includes('cannot call tools')).length, 1, String(refused.summary.notices));
    assert.deepEqual(SAMPLE.flatMap((file) => reviewWarnings(refused, file)), [], 'one notice, not a warning per file');
    assert.equal(noTools.fake.chatRequests().length, 1, 'the first file learnt it; no later file asked');
    assertDeterministic(refused);
  });

  it('a model configured without its tag (qwen2.5-coder, pulled as qwen2.5-coder:latest) is loaded once and used', async () => {
    const { fake, service } = await setUp({ fake: { models: ['qwen2.5-coder:latest'], loadMs: 300 }, model: { model: 'qwen2.5-coder' } });
    const result = await service.review({ files: SAMPLE });
    assert.ok(SAMPLE.every((file) => statusOf(result, file) === 'completed'), JSON.stringify(result.summary.notices));
    assert.deepEqual(fake.loadedModels(), ['qwen2.5-coder:latest']);
    assert.equal(fake.loadsStarted, 1);
    assert.equal(fake.requests.filter((r) => r.path === '/api/chat' && (r.body as FakeChatRequest).messages?.length === 0).length, 1, 'one load request');
  });

  it('a model another client loaded with a smaller num_ctx is loaded again in the background, not by a turn that times out', async () => {
    const { fake, service } = await setUp({ fake: { loadMs: 1500, loaded: { 'qwen3-coder:30b': 4096 } }, model: { requestTimeoutMs: 1000, timeoutMs: 10_000 } });
    const result = await service.review({ files: SAMPLE });
    assert.ok(SAMPLE.every((file) => statusOf(result, file) === 'completed'), JSON.stringify(result.summary.notices));
    assert.equal(fake.loadsStarted, 1, 'one reload, to num_ctx 16384');
    assert.ok(fake.requests.every((r) => !(r.path === '/api/chat' && r.aborted)), 'no request hung up on the reload');
  });

  it("a 400 for one conversation's length fails that file only, without retries, and the next files are judged", async () => {
    const script = (request: FakeChatRequest): FakeReply =>
      request.messages[1]?.content.includes('BEGIN src/handler/settings.ts') ? { status: 400, error: 'input length exceeds the context length' } : NO_FINDINGS;
    const { fake, service } = await setUp({ script });
    const result = await service.review({ files: SAMPLE });
    assert.equal(statusOf(result, 'src/handler/settings.ts'), 'incomplete');
    assert.match(reviewWarnings(result, 'src/handler/settings.ts')[0] ?? '', /HTTP 400: input length exceeds the context length/);
    assert.equal(fake.chatRequests().filter((c) => c.messages[1]?.content.includes('settings.ts')).length, 1);
    assert.equal(statusOf(result, 'src/handler/http-handler.ts'), 'completed');
    assert.equal(statusOf(result, 'src/report/messages.ts'), 'completed');
  });

  it('an answer given only in the separate thinking field (think: true models) is not taken as an empty verdict', async () => {
    const thinkingOnly = raw({ content: '', thinking: 'Looking at parseSettings… {"findings":[]}' });
    const { service } = await setUp({ script: () => thinkingOnly });
    const result = await service.review({ files: ['src/handler/settings.ts'] });
    assert.equal(statusOf(result, 'src/handler/settings.ts'), 'incomplete');
    assert.match(reviewWarnings(result, 'src/handler/settings.ts')[0] ?? '', /the answer was empty/);
  });
});
