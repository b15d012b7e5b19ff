/**
 * @fileoverview Naming formats: which names each predicate accepts, how
 * names split into words, and what the converter produces (acronyms included).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { convertName, FORMATS, matchesFormat, splitWords, type Format } from '../../../rules/naming/formats.js';

// name → the formats it matches; every other format must reject it.
const MATCHES: ReadonlyArray<readonly [string, readonly Format[]]> = [
  ['getUser', ['camelCase', 'strictCamelCase']],
  ['parseURL', ['camelCase']],
  ['UserService', ['PascalCase', 'StrictPascalCase']],
  ['XMLHttpRequest', ['PascalCase']],
  ['get_user', ['snake_case']],
  ['MAX_RETRIES', ['UPPER_CASE']],
  // One word fits several formats at once.
  ['user', ['camelCase', 'strictCamelCase', 'snake_case']],
  ['URL', ['PascalCase', 'UPPER_CASE']],
  ['A', ['PascalCase', 'StrictPascalCase', 'UPPER_CASE']],
  ['item2Name', ['camelCase', 'strictCamelCase']],
  ['$el', ['camelCase', 'strictCamelCase', 'snake_case']],
  ['$Store', ['PascalCase', 'StrictPascalCase']],
  ['ñandú', ['camelCase', 'strictCamelCase', 'snake_case']],
  ['Get_User', []],
  ['_user', []],
  ['user_', []],
  ['MAX__RETRIES', []],
];

const CONVERSIONS: ReadonlyArray<readonly [string, Format, string]> = [
  ['get_user_name', 'camelCase', 'getUserName'],
  ['Get_User', 'camelCase', 'getUser'],
  ['my_class', 'PascalCase', 'MyClass'],
  ['Parse_URL', 'camelCase', 'parseURL'],
  ['Parse_URL', 'strictCamelCase', 'parseUrl'],
  ['URL_parser', 'camelCase', 'urlParser'],
  ['xml_HTTP_request', 'PascalCase', 'XmlHTTPRequest'],
  ['XMLHttpRequest', 'StrictPascalCase', 'XmlHttpRequest'],
  ['GET_USER', 'camelCase', 'getUser'],
  ['maxRetries', 'UPPER_CASE', 'MAX_RETRIES'],
  ['IOError', 'snake_case', 'io_error'],
  ['html5Parser', 'PascalCase', 'Html5Parser'],
  ['light_green', 'PascalCase', 'LightGreen'],
  ['$Store_value', 'camelCase', '$storeValue'],
  ['$store_value', 'PascalCase', '$StoreValue'],
];

describe('naming formats', () => {
  for (const [name, formats] of MATCHES) {
    it(`${name} matches ${formats.join(', ') || 'no format'}`, () => {
      assert.deepEqual(
        FORMATS.filter((format) => matchesFormat(name, format)),
        formats,
      );
    });
  }

  it('splits words at underscores, humps and acronym ends', () => {
    assert.deepEqual(splitWords('XMLHttpRequest'), ['XML', 'Http', 'Request']);
    assert.deepEqual(splitWords('parse_URLValue2x'), ['parse', 'URL', 'Value2x']);
    assert.deepEqual(splitWords('HTML5Parser'), ['HTML5', 'Parser']);
  });

  for (const [name, format, expected] of CONVERSIONS) {
    it(`${name} in ${format} is ${expected}`, () => assert.equal(convertName(name, format), expected));
  }

  it('leaves a name without words as it is', () => assert.equal(convertName('$', 'PascalCase'), '$'));

  it('every conversion matches its target format', () => {
    for (const [name] of CONVERSIONS) {
      for (const format of FORMATS) assert.ok(matchesFormat(convertName(name, format), format), `${name} → ${format}`);
    }
  });
});
