/**
 * @fileoverview The engine: settings validation names the offending key,
 * `off` and severity overrides apply, results are formatted, and a crashing
 * rule is contained.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { SourceFile } from '../../syntax/index.js';
import { RuleOptionsError, runRules, validateRuleSettings, type RuleSettings } from '../../rules/engine.js';
import { lines, parse } from './helpers.js';

const LONG = parse(lines(3, (i) => `function Bad_${i}() {}`));

/** The key a RuleOptionsError names for `settings`, failing when none is thrown. */
function rejectedKey(settings: RuleSettings): string {
  try {
    validateRuleSettings(settings);
  } catch (error) {
    assert.ok(error instanceof RuleOptionsError);
    assert.ok(error.message.startsWith(`${error.key}: `));
    return error.key;
  }
  assert.fail('settings were accepted');
}

describe('engine: settings validation', () => {
  const REJECTED: ReadonlyArray<readonly [string, RuleSettings, string]> = [
    ['an out-of-range option', { 'max-lines': { severity: 'error', options: { max: 0 } } }, 'rules.max-lines.max'],
    ['a wrongly typed option', { 'max-lines': { severity: 'error', options: { max: '300' } } }, 'rules.max-lines.max'],
    ['an unknown option', { 'max-lines': { severity: 'error', options: { maxx: 300 } } }, 'rules.max-lines.maxx'],
    ['a nested option', { naming: { severity: 'warning', options: { function: { formats: ['kebab-case'] } } } }, 'rules.naming.function.formats[0]'],
    ['an invalid regex', { naming: { severity: 'warning', options: { ignore: ['('] } } }, 'rules.naming.ignore[0]'],
    ['a model rule option', { duplicate: { severity: 'error', options: { threshold: 0.9 } } }, 'rules.duplicate.threshold'],
    ['an option of a disabled rule', { naming: { severity: 'off', options: { checkDestructured: 'yes' } } }, 'rules.naming.checkDestructured'],
    ['an unknown rule', { 'no-such-rule': { severity: 'error' } }, 'rules.no-such-rule'],
    ['an unknown severity', { naming: { severity: 'fatal' as 'error' } }, 'rules.naming.severity'],
  ];
  for (const [title, settings, key] of REJECTED) {
    it(`names the key of ${title}`, () => assert.equal(rejectedKey(settings), key));
  }

  it('includes the schema message', () => {
    assert.throws(() => validateRuleSettings({ naming: { severity: 'warning', options: { ignore: ['('] } } }), /Invalid regular expression/);
  });

  it('names every problem with its own key', () => {
    const settings = { naming: { severity: 'warning' as const, options: { checkDestructured: 1, enum: { formats: [] } } } };
    assert.throws(() => validateRuleSettings(settings), {
      name: 'RuleOptionsError',
      key: 'rules.naming.enum.formats',
      message: /^rules\.naming\.enum\.formats: .+; rules\.naming\.checkDestructured: /,
    });
  });

  it('names each unknown key', () => {
    assert.throws(() => validateRuleSettings({ 'max-lines': { options: { a: 1, b: 2 } } }), {
      message: 'rules.max-lines.a: unknown option; rules.max-lines.b: unknown option',
    });
  });

  it('accepts empty settings and valid overrides', () => {
    validateRuleSettings({});
    validateRuleSettings({ 'max-lines': { severity: 'warning', options: { max: 400 } }, review: { severity: 'off' } });
    validateRuleSettings({ naming: { options: { enum: { formats: ['UPPER_CASE'] } } } });
  });

  it('runRules validates before running anything', () => {
    assert.throws(() => runRules(LONG, { 'max-lines': { severity: 'error', options: { max: -1 } } }), RuleOptionsError);
  });
});

describe('engine: running rules', () => {
  it('runs every deterministic rule with its defaults, in rule-id order', () => {
    const file = parse(lines(251, (i) => `const value${i} = ${i};`) + 'function Get_User() {}\n');
    const results = runRules(file, {});
    assert.deepEqual(
      results.map(({ ruleId, severity, messageId, line }) => ({ ruleId, severity, messageId, line })),
      [
        { ruleId: 'max-lines', severity: 'error', messageId: 'tooMany', line: 251 },
        { ruleId: 'naming', severity: 'warning', messageId: 'format', line: 252 },
      ],
    );
    assert.equal(results[1]!.message, 'function "Get_User" should be camelCase: rename to "getUser"');
    assert.equal(results[1]!.suggestion, 'getUser');
  });

  it('off disables a rule', () => {
    const results = runRules(LONG, { 'max-lines': { severity: 'error', options: { max: 1 } }, naming: { severity: 'off' } });
    assert.deepEqual(results.map((r) => r.ruleId), ['max-lines']);
  });

  it('a severity override replaces the default severity', () => {
    const results = runRules(LONG, { 'max-lines': { severity: 'info', options: { max: 2 } }, naming: { severity: 'error' } });
    assert.deepEqual(results.map((r) => [r.ruleId, r.severity]), [['max-lines', 'info'], ['naming', 'error'], ['naming', 'error'], ['naming', 'error']]);
    assert.deepEqual(results[0]!.data, { count: 3, max: 2 });
    assert.equal(results[0]!.message, '3 code lines (limit 2): split the file along a seam');
  });

  it('a crashing rule yields one info result and the others still run', () => {
    // A file whose line count cannot be read: max-lines throws, naming does not need it.
    const broken: SourceFile = Object.create(LONG, {
      codeLineCount: {
        get(): number {
          throw new Error('boom');
        },
      },
    });
    const results = runRules(broken, {});
    assert.deepEqual(results[0], {
      ruleId: 'max-lines',
      severity: 'info',
      messageId: 'crashed',
      data: { rule: 'max-lines', reason: 'boom' },
      message: 'rule "max-lines" crashed: boom',
    });
    assert.deepEqual(results.slice(1).map((r) => r.symbol), ['Bad_0', 'Bad_1', 'Bad_2']);
  });

  it('finds nothing in an idiomatic component file', () => {
    const path = new URL('../../../fixtures/rules/clean-component.tsx', import.meta.url);
    const file = parse(readFileSync(path, 'utf8'), 'tsx');
    // 42 = 48 non-blank lines - shebang - 5 comment-only lines (the `{/* */}` line is code).
    assert.deepEqual(runRules(file, { 'max-lines': { severity: 'error', options: { max: 42 } } }), []);
    assert.deepEqual(runRules(file, { 'max-lines': { severity: 'error', options: { max: 41 } } }).map((r) => r.data), [{ count: 42, max: 41 }]);
  });
});
