/**
 * @fileoverview The reviewer's tools: argument handling, corrective
 * messages, the per-review call budget, reading only candidates a search
 * returned, and the compact listings with their truncation markers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { READ_MAX_LINES, formatCandidates, formatCode } from '../../../../src/pipeline/model/agent/tool-text.js';
import { ToolInputError, ToolRunner, type AgentCandidate, type CandidateQuery, type CodeText } from '../../../../src/pipeline/model/agent/tools.js';

const CANDIDATE: AgentCandidate = {
  id: 'src/util/dates.ts#shiftDate',
  file: 'src/util/dates.ts',
  symbol: 'shiftDate',
  startLine: 10,
  endLine: 14,
  score: 0.9312,
  snippet: 'export function shiftDate(d: Date, n: number) {\n  return new Date(d.getTime() + n * DAY);\n',
  snippetTruncated: true,
};
const FULL_TEXT = 'export function shiftDate(d: Date, n: number) {\n  return new Date(d.getTime() + n * DAY);\n}';

function recordingRunner(result: readonly AgentCandidate[] | Error = [CANDIDATE], maxCalls?: number) {
  const searches: { query: CandidateQuery; limit: number }[] = [];
  const reads: string[] = [];
  const runner = new ToolRunner(
    {
      async search(query, limit) {
        searches.push({ query, limit });
        if ('symbol' in query && query.symbol === 'nope') throw new ToolInputError('No function named "nope"');
        if (result instanceof Error) throw result;
        return result;
      },
      async read(id): Promise<CodeText | undefined> {
        reads.push(id);
        return id === CANDIDATE.id ? { text: FULL_TEXT, changed: false } : undefined;
      },
    },
    maxCalls,
  );
  return { runner, searches, reads };
}

const call = (name: string, args: Record<string, unknown> | string) => ({ function: { name, arguments: args } });

describe('ToolRunner', () => {
  it('searches by code with the default limit and lists the candidates', async () => {
    const { runner, searches } = recordingRunner();
    const outcome = await runner.execute(call('search_similar_code', { code: 'function f() {}' }));
    assert.deepEqual(searches, [{ query: { code: 'function f() {}' }, limit: 5 }]);
    assert.equal(outcome.toolName, 'search_similar_code');
    assert.match(outcome.content, /candidate c1: src\/util\/dates\.ts:10-14 symbol shiftDate score 0\.93/);
  });

  it('searches by symbol, and corrects an unknown symbol with the fix', async () => {
    const { runner, searches } = recordingRunner();
    await runner.execute(call('search_similar_code', { symbol: 'addDays', code: null }));
    assert.deepEqual(searches[0], { query: { symbol: 'addDays' }, limit: 5 });
    const unknown = await runner.execute(call('search_similar_code', { symbol: 'nope' }));
    assert.match(unknown.content, /^No function named "nope"\. search_similar_code takes \{"symbol"/);
  });

  it('runs JSON-string arguments with a corrective note, and clamps the limit', async () => {
    const { runner, searches } = recordingRunner();
    const fromString = await runner.execute(call('search_similar_code', '{"code":"a()","limit":50}'));
    const fromObject = await runner.execute(call('search_similar_code', { code: 'b()', limit: '2' }));
    assert.deepEqual(searches.map((s) => s.limit), [10, 2]);
    assert.match(fromString.content, /\n\(Note: send arguments as a JSON object, not as a string\.\)$/);
    assert.doesNotMatch(fromObject.content, /Note:/);
  });

  it('corrects unknown tools and bad arguments without searching', async () => {
    const { runner, searches } = recordingRunner();
    const unknown = await runner.execute(call('read_file', { path: 'x' }));
    assert.match(unknown.content, /^Unknown tool "read_file"\. The tools are: search_similar_code takes .*; read_code takes/);
    assert.equal(unknown.toolName, 'read_file');
    assert.match((await runner.execute(call('search_similar_code', { query: 'x' }))).content, /^Invalid arguments: arguments: give "symbol"/);
    assert.match((await runner.execute(call('search_similar_code', 'function f'))).content, /must be a JSON object/);
    assert.match((await runner.execute(call('search_similar_code', { code: '   ' }))).content, /non-empty/);
    assert.match((await runner.execute(call('read_code', {}))).content, /^Invalid arguments: id: /);
    assert.deepEqual(searches, []);
  });

  it('refuses to repeat a call, whitespace and limit aside', async () => {
    const { runner, searches } = recordingRunner();
    await runner.execute(call('search_similar_code', { code: 'function f() {\n  return 1;\n}' }));
    const again = await runner.execute(call('search_similar_code', { code: 'function f() { return 1; }', limit: 3 }));
    assert.match(again.content, /already made this call.*answer now/);
    assert.equal(searches.length, 1);
  });

  it('reads the full code of a candidate a search returned, and only those', async () => {
    const { runner, reads } = recordingRunner();
    const early = await runner.execute(call('read_code', { id: 'c1' }));
    assert.match(early.content, /^No candidate "c1" was shown in this review\. read_code takes/);
    await runner.execute(call('search_similar_code', { symbol: 'addDays' }));
    const read = await runner.execute(call('read_code', { id: 'c1' }));
    assert.equal(read.content, `code c1: src/util/dates.ts:10-14 symbol shiftDate\n${FULL_TEXT}`);
    assert.deepEqual(reads, [CANDIDATE.id]);
  });

  it('gives each candidate shown one short id, in the order first shown, and resolves it (and the index id)', async () => {
    const other: AgentCandidate = { ...CANDIDATE, id: 'src/b.ts#other', file: 'src/b.ts', symbol: 'other' };
    const runner = new ToolRunner({ search: async (query) => ('symbol' in query ? [CANDIDATE] : [other, CANDIDATE]), read: async () => undefined });
    assert.equal(runner.shownCandidate('c1'), undefined, 'nothing shown yet');
    const first = await runner.execute(call('search_similar_code', { symbol: 'addDays' }));
    const second = await runner.execute(call('search_similar_code', { code: 'function other() {}' }));
    assert.match(first.content, /candidate c1: src\/util\/dates\.ts:10-14/);
    assert.match(second.content, /candidate c2: src\/b\.ts:10-14 symbol other[\s\S]*candidate c1: src\/util\/dates\.ts/);
    assert.equal(runner.shownCandidate('c2'), other);
    assert.equal(runner.shownCandidate(' C1 '), CANDIDATE);
    assert.equal(runner.shownCandidate(CANDIDATE.id), CANDIDATE);
    assert.equal(runner.shownCandidate('c3'), undefined);
    // Named in a listing that was not shown (the first turn's, cut to fit the window) is not shown.
    runner.describe([{ ...CANDIDATE, id: 'src/c.ts#never' }]);
    assert.equal(runner.shownCandidate('c3'), undefined);
  });

  it('budgets the calls of one review, refused ones included, and says so', async () => {
    const { runner, searches } = recordingRunner([CANDIDATE], 2);
    await runner.execute(call('nothing', {}));
    assert.equal(runner.exhausted, false);
    await runner.execute(call('search_similar_code', { code: 'a()' }));
    assert.equal(runner.exhausted, true);
    const over = await runner.execute(call('search_similar_code', { code: 'b()' }));
    assert.match(over.content, /^Tool budget used up \(2 calls per review\)/);
    assert.equal(runner.callCount, 3);
    assert.equal(searches.length, 1);
  });

  it('tells the model when nothing was found or the search failed', async () => {
    const empty = recordingRunner([]);
    assert.match((await empty.runner.execute(call('search_similar_code', { code: 'x' }))).content, /no similar code found/i);
    const failing = recordingRunner(new Error('index not built'));
    const outcome = await failing.runner.execute(call('search_similar_code', { code: 'x' }));
    assert.match(outcome.content, /search_similar_code call failed \(index not built\)/);
    // A failed search showed nothing, so it opens nothing to read_code.
    assert.match((await failing.runner.execute(call('read_code', { id: 'c1' }))).content, /^No candidate "c1" was shown/);
  });
});

describe('tool text', () => {
  it('marks truncated snippets and says how to see the rest', () => {
    const text = formatCandidates([CANDIDATE, { ...CANDIDATE, id: 'c8', snippetTruncated: false }], (c) => (c === CANDIDATE ? 'c7' : 'c8'));
    assert.match(text, /^2 similar candidates\./);
    assert.equal(text.match(/snippet truncated; read_code \{"id": "c7"\}/g)?.length, 1);
  });

  it('caps a long candidate and says how much is shown', () => {
    const text = Array.from({ length: 400 }, (_, i) => `line ${i + 1}`).join('\n');
    const shown = formatCode(CANDIDATE, 'c7', { text, changed: false });
    assert.ok(shown.includes(`line ${READ_MAX_LINES}\n`) && !shown.includes(`line ${READ_MAX_LINES + 1}\n`));
    assert.match(shown, new RegExp(`… \\(capped: ${READ_MAX_LINES} of 400 lines shown, \\d+ of ${text.length} characters\\)$`));
    assert.match(formatCode(CANDIDATE, 'c7', { text: '', changed: true }), /changed since it was indexed/);
  });
});
