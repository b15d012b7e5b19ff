/**
 * @fileoverview Parsing the model's final answer: fences, think blocks,
 * prose around JSON, invalid JSON and schema failures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MODEL_ANSWER_JSON_SCHEMA, parseModelAnswer, stripThinking } from '../../../../src/pipeline/model/agent/answer.js';

const FINDING = { rule: 'duplicate', severity: 'error', message: 'same as parseDate', line: 3 };

describe('parseModelAnswer', () => {
  it('accepts bare JSON and an empty findings list', () => {
    assert.deepEqual(parseModelAnswer('{"findings":[]}'), { ok: true, findings: [] });
    const parsed = parseModelAnswer(JSON.stringify({ findings: [FINDING] }));
    assert.ok(parsed.ok);
    assert.equal(parsed.findings[0]?.message, 'same as parseDate');
  });

  it('takes the ```json fenced block, ignoring prose around it', () => {
    const text = `Here is my review:\n\`\`\`json\n${JSON.stringify({ findings: [FINDING] })}\n\`\`\`\nHope it helps {really}.`;
    const parsed = parseModelAnswer(text);
    assert.ok(parsed.ok);
    assert.equal(parsed.findings.length, 1);
  });

  it('takes the outermost object from prose, even with braces inside strings', () => {
    const text = `Verdict: {"findings":[{"rule":"responsibility","message":"split {x} from count","symbol":"x"}]} done`;
    const parsed = parseModelAnswer(text);
    assert.ok(parsed.ok);
    assert.equal(parsed.findings[0]?.message, 'split {x} from count');
  });

  it('strips <think> blocks, including a lone closing tag', () => {
    const blocks = parseModelAnswer('<think>maybe {"findings":[1]}</think>\n{"findings":[]}');
    assert.deepEqual(blocks, { ok: true, findings: [] });
    assert.equal(stripThinking('reasoning...</think>{"findings":[]}'), '{"findings":[]}');
    assert.equal(stripThinking('<think>never finished'), '');
  });

  it('defaults severity to warning, drops unknown fields and treats null as absent', () => {
    const parsed = parseModelAnswer(
      '{"findings":[{"rule":"responsibility","message":"does two jobs","line":null,"confidence":0.9,"related":null}],"notes":"x"}',
    );
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.findings[0], { rule: 'responsibility', severity: 'warning', message: 'does two jobs', line: null, related: null });
  });

  it('reads a cited candidate as an object, under "id", or as a bare string', () => {
    const relatedOf = (related: unknown) => {
      const parsed = parseModelAnswer(JSON.stringify({ findings: [{ ...FINDING, related }] }));
      return parsed.ok ? parsed.findings[0]?.related : parsed.error;
    };
    assert.deepEqual(relatedOf({ candidate: 'c3' }), { candidate: 'c3' });
    assert.deepEqual(relatedOf({ id: 'c3', symbol: 'parseDate' }), { candidate: 'c3', symbol: 'parseDate' });
    assert.deepEqual(relatedOf('src/config/load.ts:13-26'), { candidate: 'src/config/load.ts:13-26' });
    assert.deepEqual(relatedOf({ file: 'src/a.ts', line: 4 }), { file: 'src/a.ts', line: 4 });
  });

  it('reports invalid JSON and missing JSON as not-json', () => {
    const broken = parseModelAnswer('```json\n{"findings": [\n```');
    assert.equal(broken.ok, false);
    assert.ok(!broken.ok && broken.problem === 'not-json');
    assert.deepEqual(parseModelAnswer('No problems found.'), { ok: false, problem: 'not-json', error: 'the answer contains no JSON object' });
    assert.deepEqual(parseModelAnswer('<think>hmm</think>  '), { ok: false, problem: 'not-json', error: 'the answer was empty' });
  });

  it('reports schema failures with the path', () => {
    const cases: [unknown, RegExp][] = [
      [{ result: [] }, /findings/],
      [{ findings: [{ ...FINDING, rule: 'max-lines' }] }, /findings\.0\.rule/],
      [{ findings: [{ ...FINDING, severity: 'critical' }] }, /findings\.0\.severity/],
      [{ findings: [{ ...FINDING, message: '  ' }] }, /findings\.0\.message/],
      [{ findings: [{ ...FINDING, line: 0 }] }, /findings\.0\.line/],
      [{ findings: [{ ...FINDING, related: { line: 4 } }] }, /findings\.0\.related: give "candidate" \(the id a candidate listing showed, e\.g\. "c3"\) or "file"/],
    ];
    for (const [value, pattern] of cases) {
      const parsed = parseModelAnswer(JSON.stringify(value));
      assert.ok(!parsed.ok && parsed.problem === 'schema', JSON.stringify(value));
      assert.match(parsed.error, pattern);
    }
  });

  it('exposes the answer JSON Schema for structured output', () => {
    const schema = MODEL_ANSWER_JSON_SCHEMA as { required: string[]; properties: { findings: { items: { properties: { rule: { enum: string[] } } } } } };
    assert.deepEqual(schema.required, ['findings']);
    assert.deepEqual(schema.properties.findings.items.properties.rule.enum, ['duplicate', 'responsibility']);
  });
});
