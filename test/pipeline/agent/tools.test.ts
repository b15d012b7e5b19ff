/**
 * @fileoverview The search tool: argument handling, corrective messages and
 * the compact candidate listing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SearchToolRunner, formatCandidates, type AgentCandidate } from '../../../src/pipeline/agent/tools.js';

const CANDIDATE: AgentCandidate = {
  id: 'c7',
  file: 'src/util/dates.ts',
  symbol: 'shiftDate',
  startLine: 10,
  endLine: 14,
  score: 0.9312,
  snippet: 'export function shiftDate(d: Date, n: number) {\n  return new Date(d.getTime() + n * DAY);\n',
  snippetTruncated: true,
};

function recordingRunner(result: readonly AgentCandidate[] | Error = [CANDIDATE]) {
  const searches: { code: string; limit: number }[] = [];
  const runner = new SearchToolRunner({
    async search(code, limit) {
      searches.push({ code, limit });
      if (result instanceof Error) throw result;
      return result;
    },
  });
  return { runner, searches };
}

const call = (name: string, args: Record<string, unknown> | string) => ({ function: { name, arguments: args } });

describe('SearchToolRunner', () => {
  it('searches with the default limit and lists the candidates', async () => {
    const { runner, searches } = recordingRunner();
    const outcome = await runner.execute(call('search_similar_code', { code: 'function f() {}' }));
    assert.deepEqual(searches, [{ code: 'function f() {}', limit: 5 }]);
    assert.equal(outcome.toolName, 'search_similar_code');
    assert.deepEqual(outcome.candidates, [CANDIDATE]);
    assert.match(outcome.content, /candidate c7: src\/util\/dates\.ts:10-14 symbol shiftDate score 0\.93/);
  });

  it('parses JSON-string arguments and clamps the limit', async () => {
    const { runner, searches } = recordingRunner();
    await runner.execute(call('search_similar_code', '{"code":"a()","limit":50}'));
    await runner.execute(call('search_similar_code', { code: 'b()', limit: '2' }));
    assert.deepEqual(searches, [
      { code: 'a()', limit: 10 },
      { code: 'b()', limit: 2 },
    ]);
  });

  it('corrects unknown tools and bad arguments without searching', async () => {
    const { runner, searches } = recordingRunner();
    const unknown = await runner.execute(call('read_file', { path: 'x' }));
    assert.match(unknown.content, /Unknown tool "read_file"\. The only tool is search_similar_code/);
    assert.equal(unknown.toolName, 'read_file');
    assert.match((await runner.execute(call('search_similar_code', { query: 'x' }))).content, /Invalid arguments: code: /);
    assert.match((await runner.execute(call('search_similar_code', 'function f'))).content, /must be a JSON object/);
    assert.match((await runner.execute(call('search_similar_code', { code: '   ' }))).content, /non-empty/);
    assert.deepEqual(searches, []);
  });

  it('refuses to repeat a search of the same code, whitespace aside', async () => {
    const { runner, searches } = recordingRunner();
    await runner.execute(call('search_similar_code', { code: 'function f() {\n  return 1;\n}' }));
    const again = await runner.execute(call('search_similar_code', { code: 'function f() { return 1; }', limit: 3 }));
    assert.match(again.content, /already searched this code.*answer now/);
    assert.equal(searches.length, 1);
  });

  it('tells the model when nothing was found or the search failed', async () => {
    const empty = recordingRunner([]);
    assert.match((await empty.runner.execute(call('search_similar_code', { code: 'x' }))).content, /no similar code found/i);
    const failing = recordingRunner(new Error('index not built'));
    const outcome = await failing.runner.execute(call('search_similar_code', { code: 'x' }));
    assert.match(outcome.content, /search failed \(index not built\)/);
    assert.deepEqual(outcome.candidates, []);
  });
});

describe('formatCandidates', () => {
  it('marks truncated snippets', () => {
    const text = formatCandidates([CANDIDATE, { ...CANDIDATE, id: 'c8', snippetTruncated: false }]);
    assert.match(text, /^2 similar candidates\./);
    assert.equal(text.match(/snippet truncated/g)?.length, 1);
  });
});
