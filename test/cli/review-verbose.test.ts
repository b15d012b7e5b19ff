/**
 * @fileoverview `review --verbose` and REVIEW_GUARD_LOG: the model
 * transcript on stderr or in a file, stdout left to the report, and the
 * model stage's line in the text report.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { fakeOllamaForFile, type FakeChatRequest, type FakeReply } from '../helpers/fake-ollama.js';
import { CLI_PATH, copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const run = promisify(execFile);
const startFake = fakeOllamaForFile();

/** Searches once by symbol, then answers that there is nothing to report. */
const script = (request: FakeChatRequest): FakeReply =>
  request.messages.some((m) => m.role === 'tool')
    ? { content: '{"findings":[]}' }
    : { tool_calls: [{ function: { name: 'search_similar_code', arguments: { symbol: 'capitalize' } } }] };

describe('review --verbose', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo();
  });
  after(() => repo.remove());

  async function review(env: Record<string, string>, ...flags: string[]) {
    const ollama = await startFake(script);
    const args = [CLI_PATH, 'review', ...flags, 'src/util/strings.ts'];
    return run(process.execPath, args, { cwd: repo.root, env: { ...process.env, OLLAMA_HOST: ollama.url, REVIEW_GUARD_DAEMON: 'off', ...env } });
  }

  it('shows the transcript on stderr and the model line in the report', async () => {
    const { stdout, stderr } = await review({}, '--verbose');
    assert.match(stderr, /^── model src\/util\/strings\.ts ── system\nYou are a code reviewer/m);
    // The prompt tokens are the fake's count of what it read, as Ollama's prompt_eval_count is.
    assert.match(stderr, /── model src\/util\/strings\.ts ── assistant \(turn 1, \d+ prompt \+ 17 output tokens\)\n→ search_similar_code \{"symbol":"capitalize"\}/);
    assert.match(stderr, /── model src\/util\/strings\.ts ── tool search_similar_code\n/);
    assert.doesNotMatch(stdout, /── model/);
    assert.match(stdout, /^model: ok \(2 turn\(s\), 1 tool call\(s\), \d+ tokens, \d+ ms, prompt review-v3\)$/m);
  });

  it('stays quiet without --verbose, and writes REVIEW_GUARD_LOG when set', async () => {
    const quiet = await review({});
    assert.equal(quiet.stderr, '');
    const log = join(repo.root, 'transcript.log');
    const logged = await review({ REVIEW_GUARD_LOG: 'transcript.log' });
    assert.equal(logged.stderr, '');
    const text = await readFile(log, 'utf8');
    assert.match(text, /^\d{4}-\d\d-\d\dT[\d:.]+Z ── model src\/util\/strings\.ts ── system$/m);
    assert.match(text, /── assistant \(turn 2, /);
  });
});
