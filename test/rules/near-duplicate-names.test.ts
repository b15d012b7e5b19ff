/**
 * @fileoverview near-duplicate-names: version-marked variants of an existing
 * name are reported and point at it; numbered series, names with numbers
 * in them, old/new pairs, case-only differences and overloads are not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_MARKERS, nearDuplicateNames, splitStem } from '../../rules/near-duplicate-names.js';
import { check } from './helpers.js';

function flagged(code: string, options: unknown = {}): string[] {
  return check(nearDuplicateNames, code, options).map((v) => `${v.line} ${v.data.name} -> ${v.data.existing}@${v.data.existingLine}`);
}

describe('near-duplicate-names', () => {
  it('flags the variants of parseConfig, each pointing at the original', () => {
    const names = ['parseConfig', 'parseConfig2', 'newParseConfig', 'parseConfigNew', 'parseConfigOld', 'parseConfig_v2', 'parseConfigCopy'];
    const code = names.map((name) => `export function ${name}() {}`).join('\n');
    assert.deepEqual(flagged(code), [
      '2 parseConfig2 -> parseConfig@1',
      '3 newParseConfig -> parseConfig@1',
      '4 parseConfigNew -> parseConfig@1',
      '5 parseConfigOld -> parseConfig@1',
      '6 parseConfig_v2 -> parseConfig@1',
      '7 parseConfigCopy -> parseConfig@1',
    ]);
  });

  it('compares across kinds at module level and within one class', () => {
    const code = 'const loadUser = () => 1;\nclass Repo {\n  save() {}\n  saveV2() {}\n}\nclass Other {\n  save2() {}\n}\nfunction loadUserLegacy() {}';
    assert.deepEqual(flagged(code), ['4 saveV2 -> save@3', '9 loadUserLegacy -> loadUser@1']);
  });

  it('leaves series, numbers inside names, old/new pairs, case and overloads alone', () => {
    const code = [
      'const zod3 = 1;',
      'const zod4 = 2;',
      'const cuid = 1;',
      'const cuid2 = 2;',
      'const uuid = 1;',
      'const uuidv4 = 2;',
      'const int = 1;',
      'const int32 = 2;',
      'class Change {',
      '  oldValue = 1;',
      '  newValue = 2;',
      '}',
      'interface Config {}',
      'const config: Config = {};',
      'function load(a: string): void;',
      'function load(a: number): void;',
      'function load(a: unknown) {}',
      'function run() {',
      '  const step = 1;',
      '  const step2 = 2;',
      '}',
    ].join('\n');
    assert.deepEqual(flagged(code), []);
  });

  it('markers can be replaced', () => {
    const code = 'function render() {}\nfunction renderNew() {}\nfunction renderFancy() {}';
    assert.deepEqual(flagged(code, { markers: ['fancy'] }), ['3 renderFancy -> render@1']);
    assert.equal(nearDuplicateNames.meta.options.safeParse({ markers: ['Fancy'] }).success, false);
  });

  it('splits a name into its stem and markers', () => {
    const markers = new Set<string>(DEFAULT_MARKERS);
    assert.deepEqual(splitStem('newParseConfigV2', markers), { stem: 'parseconfig', markers: '2,new' });
    assert.deepEqual(splitStem('cuid2', markers), { stem: 'cuid2', markers: '' });
    assert.deepEqual(splitStem('newNew', markers), { stem: 'newnew', markers: '' });
  });
});
