/**
 * @fileoverview The review loop end to end with the real OllamaChatClient
 * against the fake Ollama server: tool round trips, the ways small models
 * misbehave, and every way the run ends incomplete.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OllamaChatClient } from '../../../../models/ollama-chat.js';
import { MODEL_ANSWER_JSON_SCHEMA } from '../../../../src/pipeline/model/agent/answer.js';
import { runModelReview, type ModelReviewResult } from '../../../../src/pipeline/model/agent/loop.js';
import type { AgentCandidate, CandidateSource } from '../../../../src/pipeline/model/agent/tools.js';
import { fakeOllamaForFile, type FakeOllama, type FakeScript } from '../../../helpers/fake-ollama.js';
import { closedHost } from '../../../helpers/loopback.js';

const FILE = {
  path: 'src/orders/due.ts',
  text: 'export function addDays(date: Date, days: number): Date {\n  return new Date(date.getTime() + days * 86_400_000);\n}\n',
};
const CODE = FILE.text.trim();
const ORIGINAL: AgentCandidate = {
  id: 'chunk-42',
  file: 'src/util/dates.ts',
  symbol: 'shiftDate',
  startLine: 10,
  endLine: 12,
  score: 0.94,
  snippet: 'export function shiftDate(d: Date, n: number): Date {\n  return new Date(d.getTime() + n * DAY_MS);\n}',
  snippetTruncated: false,
};
const VERDICT = {
  findings: [
    {
      rule: 'duplicate',
      severity: 'error',
      message: 'addDays re-implements shiftDate from src/util/dates.ts',
      line: 1,
      symbol: 'addDays',
      file: 'src/elsewhere.ts',
      related: { file: 'src/util/dates.ts', line: 10, symbol: 'shiftDate' },
    },
  ],
};
const searchCall = (args: Record<string, unknown> | string) => ({ tool_calls: [{ function: { name: 'search_similar_code', arguments: args } }] });
const fenced = (value: unknown) => ({ content: `\`\`\`json\n${JSON.stringify(value)}\n\`\`\`` });

const startFake = fakeOllamaForFile();

function recordingIndex(found: readonly AgentCandidate[] = [ORIGINAL]): CandidateSource & { calls: Record<string, unknown>[] } {
  const calls: Record<string, unknown>[] = [];
  return {
    calls,
    async search(query, limit) {
      calls.push({ ...query, limit });
      return found;
    },
    async read(id) {
      return found.some((c) => c.id === id) ? { text: 'export function shiftDate() {}', changed: false } : undefined;
    },
  };
}

interface Run {
  result: ModelReviewResult;
  fake: FakeOllama;
  elapsedMs: number;
}

async function review(
  script: FakeScript,
  options: {
    candidates?: CandidateSource;
    maxTurns?: number;
    maxToolCalls?: number;
    timeoutMs?: number;
    signal?: AbortSignal;
    host?: string;
    retries?: number;
    requestTimeoutMs?: number;
    transcript?: (text: string) => void;
  } = {},
): Promise<Run> {
  const fake = await startFake(script);
  const llm = new OllamaChatClient({
    host: options.host ?? fake.url,
    model: 'qwen3-coder:30b',
    requestTimeoutMs: options.requestTimeoutMs ?? 5000,
    retries: options.retries ?? 0,
  });
  const started = Date.now();
  const result = await runModelReview({
    llm,
    candidates: options.candidates ?? recordingIndex(),
    file: FILE,
    timeoutMs: options.timeoutMs ?? 5000,
    ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {}),
    ...(options.maxToolCalls !== undefined ? { maxToolCalls: options.maxToolCalls } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.transcript ? { transcript: options.transcript } : {}),
  });
  return { result, fake, elapsedMs: Date.now() - started };
}

/** The prompt tokens the fake reported over all chat turns (`prompt_eval_count`). */
function promptTokensRead(fake: FakeOllama): number {
  return fake.requests.reduce((n, r) => n + (r.prompt ? Math.min(r.prompt.tokens, r.prompt.numCtx) : 0), 0);
}

/** The recorded `/api/chat` requests (the fake also sees `/api/show` and `/api/ps`). */
function reasonOf(result: ModelReviewResult): string {
  assert.equal(result.status, 'incomplete', JSON.stringify(result));
  return result.status === 'incomplete' ? result.reason : '';
}

describe('runModelReview', () => {
  it('searches, gets a candidate and reports the duplicate naming it', async () => {
    const index = recordingIndex();
    const { result, fake } = await review([searchCall({ code: CODE }), fenced(VERDICT)], { candidates: index });
    assert.equal(result.status, 'completed');
    assert.ok(result.status === 'completed');
    assert.deepEqual(result.findings, [
      {
        file: FILE.path,
        rule: 'duplicate',
        severity: 'error',
        message: 'addDays re-implements shiftDate from src/util/dates.ts',
        line: 1,
        symbol: 'addDays',
        related: { file: 'src/util/dates.ts', line: 10, symbol: 'shiftDate' },
      },
    ]);
    assert.equal(result.turns, 2);
    assert.equal(result.toolCalls, 1);
    // Ollama's own counts: what the fake's tokenizer read per turn, and 17 output tokens per turn.
    assert.equal(result.promptTokens, promptTokensRead(fake));
    assert.equal(result.outputTokens, 34);
    assert.deepEqual(index.calls, [{ code: CODE, limit: 5 }]);

    const [first, second] = fake.chatRequests();
    assert.ok(first && second);
    assert.deepEqual(first.tools?.map((t) => t.function.name), ['search_similar_code', 'read_code']);
    assert.equal(first.messages[0]?.role, 'system');
    assert.match(first.messages[0]?.content ?? '', /Allowed rules: duplicate, responsibility\./);
    assert.match(first.messages[1]?.content ?? '', /src\/orders\/due\.ts[\s\S]*1 \| export function addDays/);
    const toolMessage = second.messages.at(-1);
    assert.equal(toolMessage?.role, 'tool');
    assert.equal(toolMessage?.tool_name, 'search_similar_code');
    assert.match(toolMessage?.content ?? '', /candidate c1: src\/util\/dates\.ts:10-12 symbol shiftDate score 0\.94/);
  });

  it('resolves a cited short id to the candidate it names, and keeps an id no listing showed as unknown', async () => {
    const cite = (related: unknown) => ({ rule: 'duplicate', severity: 'error', message: 'copy', symbol: 'addDays', related });
    const answer = { content: JSON.stringify({ findings: [cite({ candidate: 'c1' }), cite('c9'), cite({ file: 'c1' })] }) };
    const { result } = await review([searchCall({ code: CODE }), answer], { candidates: recordingIndex() });
    assert.ok(result.status === 'completed');
    assert.deepEqual(
      result.findings.map((f) => [f.related, f.unknownCandidate]),
      [
        [{ file: 'src/util/dates.ts', line: 10, symbol: 'shiftDate', id: 'chunk-42' }, undefined],
        [undefined, 'c9'],
      ],
      'the id under "file" names the same candidate: one finding',
    );
  });

  it('executes a tool call written as text and sends it back as a real call', async () => {
    const index = recordingIndex();
    const textCall = { content: `I will search.\n<function=search_similar_code>\n<parameter=code>\n${CODE}\n</parameter>\n</function>` };
    const { result, fake } = await review([textCall, { content: '{"findings":[]}' }], { candidates: index });
    assert.equal(result.status, 'completed');
    assert.deepEqual(index.calls, [{ code: CODE, limit: 5 }]);
    const assistant = fake.chatRequests()[1]?.messages[2];
    assert.equal(assistant?.content, 'I will search.');
    assert.deepEqual(assistant?.tool_calls, [{ function: { name: 'search_similar_code', arguments: { code: CODE } } }]);
  });

  it('accepts arguments sent as a JSON string', async () => {
    const index = recordingIndex();
    const { result } = await review([searchCall(JSON.stringify({ code: CODE, limit: 2 })), fenced(VERDICT)], { candidates: index });
    assert.equal(result.status, 'completed');
    assert.deepEqual(index.calls, [{ code: CODE, limit: 2 }]);
  });

  it('corrects a call to an unknown tool and carries on', async () => {
    const index = recordingIndex();
    const unknown = { tool_calls: [{ function: { name: 'read_file', arguments: { path: 'src/util/dates.ts' } } }] };
    const { result, fake } = await review([unknown, { content: '{"findings":[]}' }], { candidates: index });
    assert.ok(result.status === 'completed' && result.findings.length === 0);
    assert.equal(result.toolCalls, 1);
    assert.deepEqual(index.calls, []);
    const reply = fake.chatRequests()[1]?.messages.at(-1);
    assert.equal(reply?.tool_name, 'read_file');
    assert.match(reply?.content ?? '', /Unknown tool "read_file"/);
  });

  it('stops a loop of repeated searches at the turn limit', async () => {
    const index = recordingIndex();
    const { result, fake } = await review(() => searchCall({ code: CODE }), { candidates: index, maxTurns: 3 });
    assert.equal(reasonOf(result), 'no verdict after 3 turns: the model called a tool again instead of giving its JSON answer');
    assert.equal(result.turns, 3);
    assert.equal(result.toolCalls, 2);
    assert.equal(index.calls.length, 1);
    assert.match(fake.chatRequests()[2]?.messages.at(-2)?.content ?? '', /already made this call/);
  });

  it('repairs an invalid answer by asking again with the schema as format', async () => {
    const { result, fake } = await review([{ content: 'Looks fine to me.' }, fenced(VERDICT)]);
    assert.ok(result.status === 'completed' && result.findings.length === 1);
    assert.equal(result.turns, 2);
    const repair = fake.chatRequests()[1];
    assert.deepEqual(repair?.format, MODEL_ANSWER_JSON_SCHEMA);
    assert.equal(repair?.tools, undefined);
    assert.match(repair?.messages.at(-1)?.content ?? '', /could not be used: the answer contains no JSON object/);
  });

  it('gives up cleanly when the repaired answer is invalid too', async () => {
    const notJson = await review([{ content: '{"findings": [' }, { content: 'still not json' }]);
    assert.match(reasonOf(notJson.result), /^the model's answer was not valid JSON: /);
    const wrongShape = await review([{ content: '{"issues":[]}' }, { content: '{"findings":[{"rule":"style","message":"x"}]}' }]);
    assert.match(reasonOf(wrongShape.result), /^the model's answer did not match the findings schema: findings\.0\.rule/);
  });

  it('names a bad answer without the control characters JSON.parse quotes from it', async () => {
    const spoof = '{"findings": [\x1b[2K\x1b[1A\nNo findings in 4 file(s)';
    const { result } = await review([{ content: spoof }, { content: spoof }]);
    const reason = reasonOf(result);
    assert.match(reason, /^the model's answer was not valid JSON: .*\[2K/);
    assert.doesNotMatch(reason, /[\x00-\x1f]/);
  });

  it('reports an unreachable Ollama as incomplete with the reason', async () => {
    const host = await closedHost();
    const { result } = await review([], { host });
    assert.equal(
      reasonOf(result),
      `Ollama is not reachable at ${host} (connection refused): is Ollama running? start it with \`ollama serve\` or set model.host`,
    );
    assert.equal(result.turns, 0);
  });

  it('reports a missing model with the pull command', async () => {
    const { result } = await review([{ status: 404, error: 'model "qwen3-coder:30b" not found, try pulling it first' }]);
    assert.match(reasonOf(result), /ollama pull qwen3-coder:30b/);
  });

  it('ends a slow model within its budget and hangs up on the request', async () => {
    const { result, fake, elapsedMs } = await review([{ content: '{"findings":[]}', delayMs: 5000 }], { timeoutMs: 300 });
    assert.equal(reasonOf(result), 'the model stage ran out of its time budget (model.timeoutMs; 300 ms were left for this file)');
    assert.ok(elapsedMs >= 290 && elapsedMs < 800, `took ${elapsedMs} ms`);
    for (let i = 0; i < 50 && !fake.turnRecords()[0]?.aborted; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(fake.turnRecords()[0]?.aborted, true);
  });

  it('gives up on one stalled request at its own limit, well inside the total budget', async () => {
    const { result, elapsedMs } = await review([{ content: '{"findings":[]}', delayMs: 5000 }], { requestTimeoutMs: 200, timeoutMs: 4000 });
    assert.match(reasonOf(result), /^qwen3-coder:30b on Ollama at http:\/\/127\.0\.0\.1:\d+ sent nothing for 200 ms \(model\.requestTimeoutMs bounds the silence within a turn\)$/);
    assert.ok(elapsedMs < 800, `took ${elapsedMs} ms`);
  });

  it('keeps the budget when the index never answers', async () => {
    const stuck: CandidateSource = { search: () => new Promise(() => undefined), read: async () => undefined };
    const { result, elapsedMs } = await review([searchCall({ code: CODE })], { candidates: stuck, timeoutMs: 300 });
    assert.equal(reasonOf(result), 'the model stage ran out of its time budget (model.timeoutMs; 300 ms were left for this file)');
    assert.ok(elapsedMs < 800, `took ${elapsedMs} ms`);
  });

  it('stops when the caller aborts, hanging up on the request', async () => {
    const controller = new AbortController();
    // Cancelled once the chat is under way (not while the client still reads the model's facts).
    const script: FakeScript = () => {
      setTimeout(() => controller.abort(), 50);
      return { content: '{"findings":[]}', delayMs: 5000 };
    };
    const { result, elapsedMs, fake } = await review(script, { signal: controller.signal, retries: 2 });
    assert.equal(reasonOf(result), 'the model review was cancelled');
    assert.ok(elapsedMs < 800, `took ${elapsedMs} ms`);
    // The cancel reaches the HTTP request (the server sees the client hang up) and is not retried.
    for (let i = 0; i < 50 && !fake.turnRecords()[0]?.aborted; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(fake.turnRecords()[0]?.aborted, true);
    assert.equal(fake.chatRequests().length, 1);
  });

  it('clamps a line number outside the file to its last line', async () => {
    const answer = { findings: [{ rule: 'responsibility', message: 'addDays does two jobs', line: 99, symbol: 'addDays' }] };
    const { result } = await review([fenced(answer)]);
    assert.ok(result.status === 'completed');
    assert.deepEqual(result.findings, [
      { file: FILE.path, rule: 'responsibility', severity: 'warning', message: 'addDays does two jobs', line: 3, symbol: 'addDays' },
    ]);
  });

  it('stops offering tools when the tool budget is spent', async () => {
    const index = recordingIndex();
    const script = [searchCall({ code: CODE }), searchCall({ symbol: 'addDays' }), { content: '{"findings":[]}' }];
    const { result, fake } = await review(script, { candidates: index, maxToolCalls: 1 });
    assert.ok(result.status === 'completed');
    assert.equal(result.toolCalls, 2);
    assert.equal(index.calls.length, 1);
    const [first, second, third] = fake.chatRequests();
    assert.ok(first?.tools && second && third);
    assert.equal(second.tools, undefined);
    assert.match(third.messages.at(-1)?.content ?? '', /^Tool budget used up \(1 calls per review\)/);
    assert.match(first.messages[0]?.content ?? '', /at most 6 replies from you and 1 tool calls/);
  });

  it('makes a call written as a bare JSON object, and reads a returned candidate', async () => {
    const index = recordingIndex();
    const bare = { content: '{"name": "search_similar_code", "arguments": {"symbol": "addDays"}}' };
    const read = { tool_calls: [{ function: { name: 'read_code', arguments: { id: 'c1' } } }] };
    const { result, fake } = await review([bare, read, fenced(VERDICT)], { candidates: index });
    assert.ok(result.status === 'completed' && result.findings.length === 1);
    assert.deepEqual(index.calls, [{ symbol: 'addDays', limit: 5 }]);
    assert.match(fake.chatRequests()[2]?.messages.at(-1)?.content ?? '', /^code c1: src\/util\/dates\.ts:10-12 symbol shiftDate\n/);
  });

  it('does not make a call the model only wrote inside its <think> block', async () => {
    const index = recordingIndex();
    const thinking = `<think>I could call <function=search_similar_code><parameter=code>${CODE}</parameter></function></think>\n{"findings":[]}`;
    const { result } = await review([{ content: thinking }], { candidates: index });
    assert.ok(result.status === 'completed' && result.findings.length === 0);
    assert.deepEqual(index.calls, []);
  });

  it('retries a transient server failure and a dropped connection, never a 4xx', async () => {
    const recovered = await review([{ status: 503, error: 'loading model' }, { drop: true }, { content: '{"findings":[]}' }], { retries: 2 });
    assert.equal(recovered.result.status, 'completed');
    assert.equal(recovered.result.turns, 1);
    assert.equal(recovered.fake.chatRequests().length, 3);
    const refused = await review([{ status: 400, error: 'invalid format' }, { content: '{"findings":[]}' }], { retries: 2 });
    assert.match(reasonOf(refused.result), /answered HTTP 400: invalid format$/);
    assert.equal(refused.fake.chatRequests().length, 1);
  });

  it('writes the transcript: every message once, with turns and tokens', async () => {
    const lines: string[] = [];
    const { fake } = await review([searchCall({ code: CODE }), fenced(VERDICT)], { transcript: (text) => lines.push(text) });
    const labels = lines.map((text) => text.split('\n', 1)[0]);
    assert.deepEqual(labels, [
      `── model ${FILE.path} ── system`,
      `── model ${FILE.path} ── user`,
      `── model ${FILE.path} ── assistant (turn 1, ${fake.requests.find((r) => r.prompt)?.prompt?.tokens} prompt + 17 output tokens)`,
      `── model ${FILE.path} ── tool search_similar_code`,
      `── model ${FILE.path} ── assistant (turn 2, ${fake.requests.filter((r) => r.prompt)[1]?.prompt?.tokens} prompt + 17 output tokens)`,
    ]);
    assert.match(lines[2] ?? '', /→ search_similar_code \{"code":/);
  });
});
