/**
 * @fileoverview Tool calls written as text in the answer content.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractTextToolCalls } from '../../../../src/pipeline/model/agent/text-tool-calls.js';

describe('extractTextToolCalls', () => {
  it('reads the <function=…><parameter=…> dialect, inside <tool_call> or not', () => {
    const text =
      'Let me search.\n<tool_call>\n<function=search_similar_code>\n<parameter=code>\nfunction add(a, b) {\n  return a + b;\n}\n</parameter>\n' +
      '<parameter=limit>\n3\n</parameter>\n</function>\n</tool_call>';
    const { calls, rest } = extractTextToolCalls(text);
    assert.deepEqual(calls, [
      { function: { name: 'search_similar_code', arguments: { code: 'function add(a, b) {\n  return a + b;\n}', limit: '3' } } },
    ]);
    assert.equal(rest, 'Let me search.');
  });

  it('reads unclosed tags, as models stop early', () => {
    const { calls } = extractTextToolCalls('<function=search_similar_code>\n<parameter=code>\nconst x = 1;\n');
    assert.deepEqual(calls, [{ function: { name: 'search_similar_code', arguments: { code: 'const x = 1;' } } }]);
  });

  it('reads the <tool_call>{json}</tool_call> dialect, several at once', () => {
    const text =
      '<tool_call>\n{"name": "search_similar_code", "arguments": {"code": "function f() { return {a: 1}; }"}}\n</tool_call>\n' +
      '<tool_call>{"name": "search_similar_code", "parameters": {"code": "g()"}}</tool_call>';
    const { calls, rest } = extractTextToolCalls(text);
    assert.deepEqual(calls, [
      { function: { name: 'search_similar_code', arguments: { code: 'function f() { return {a: 1}; }' } } },
      { function: { name: 'search_similar_code', arguments: { code: 'g()' } } },
    ]);
    assert.equal(rest, '');
  });

  it('keeps a broken JSON body as string arguments for the runner to correct', () => {
    const { calls } = extractTextToolCalls('<tool_call>{"name": "search_similar_code", "arguments": {code: f}}</tool_call>');
    assert.deepEqual(calls, [{ function: { name: 'search_similar_code', arguments: '{"name": "search_similar_code", "arguments": {code: f}}' } }]);
  });

  it('leaves ordinary answers alone', () => {
    const text = '```json\n{"findings":[]}\n```';
    assert.deepEqual(extractTextToolCalls(text), { calls: [], rest: text });
  });
});

describe('extractTextToolCalls: bare JSON calls', () => {
  it('reads an answer that is only a JSON object naming a tool, fenced or not', () => {
    const bare = '{"name": "search_similar_code", "arguments": {"symbol": "addDays"}}';
    assert.deepEqual(extractTextToolCalls(bare), {
      calls: [{ function: { name: 'search_similar_code', arguments: { symbol: 'addDays' } } }],
      rest: '',
    });
    const fenced = '```json\n{"function": {"name": "read_code", "parameters": {"id": "c1"}}}\n```';
    assert.deepEqual(extractTextToolCalls(fenced).calls, [{ function: { name: 'read_code', arguments: { id: 'c1' } } }]);
  });

  it('never takes a findings answer or a JSON object without arguments for a call', () => {
    for (const text of ['{"findings": [], "name": "x", "arguments": {}}', '{"name": "addDays"}', 'see {"name": "a", "arguments": {}}']) {
      assert.deepEqual(extractTextToolCalls(text).calls, [], text);
    }
  });
});

describe('extractTextToolCalls: the other ways models write calls', () => {
  const search = (args: Record<string, unknown>) => ({ function: { name: 'search_similar_code', arguments: args } });

  it('reads arguments under "args" as under "arguments" and "parameters"', () => {
    assert.deepEqual(extractTextToolCalls('<tool_call>{"name": "search_similar_code", "args": {"symbol": "f"}}</tool_call>').calls, [search({ symbol: 'f' })]);
    assert.deepEqual(extractTextToolCalls('{"name": "search_similar_code", "args": {"symbol": "g"}}').calls, [search({ symbol: 'g' })]);
  });

  it('reads calls inside <tools> tags, also as a JSON array', () => {
    const text = 'Searching.\n<tools>[{"name": "search_similar_code", "arguments": {"symbol": "a"}}, {"name": "search_similar_code", "args": {"symbol": "b"}}]</tools>';
    const { calls, rest } = extractTextToolCalls(text);
    assert.deepEqual(calls, [search({ symbol: 'a' }), search({ symbol: 'b' })]);
    assert.equal(rest, 'Searching.');
    assert.deepEqual(extractTextToolCalls('<tools>{"name": "read_code", "arguments": {"id": "c1"}}</tools>').calls, [
      { function: { name: 'read_code', arguments: { id: 'c1' } } },
    ]);
  });

  it('reads a bare JSON array of calls and calls written one per line', () => {
    const array = '```json\n[{"name": "search_similar_code", "arguments": {"symbol": "a"}}, {"function": {"name": "search_similar_code", "parameters": {"symbol": "b"}}}]\n```';
    assert.deepEqual(extractTextToolCalls(array).calls, [search({ symbol: 'a' }), search({ symbol: 'b' })]);
    const lines = '{"name": "search_similar_code", "arguments": {"symbol": "a"}}\n{"name": "search_similar_code", "arguments": {"symbol": "c"}}';
    assert.deepEqual(extractTextToolCalls(lines).calls, [search({ symbol: 'a' }), search({ symbol: 'c' })]);
  });

  it('takes no array that mixes calls with other values, and no findings answer', () => {
    for (const text of ['[{"name": "search_similar_code", "arguments": {}}, 3]', '[{"findings": []}]', '[]']) {
      assert.deepEqual(extractTextToolCalls(text).calls, [], text);
    }
  });
});
