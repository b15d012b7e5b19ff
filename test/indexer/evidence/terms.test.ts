import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSourceFile, type LanguageId } from '../../../syntax/index.js';
import { evidenceTerms, wordsOf } from '../../../indexer/evidence/index.js';

function termsOf(text: string, language: LanguageId): Map<string, string> {
  const file = createSourceFile('x', text, language);
  return new Map(evidenceTerms(file, 0, text.length).map((t) => [t.term, t.role]));
}

describe('evidence terms', () => {
  it('splits names into lowercased words, plurals cut', () => {
    assert.deepEqual(wordsOf('getUTCFullYear'), ['get', 'utc', 'full', 'year']);
    assert.deepEqual(wordsOf('retry_after_ms'), ['retry', 'after', 'ms']);
    assert.deepEqual(wordsOf('sessionKeys'), ['session', 'key']);
    assert.deepEqual(wordsOf('address'), ['address']);
  });

  it('keeps what TypeScript code calls, reads, names and spells, with the most telling role', () => {
    const terms = termsOf(
      'function f(store: SessionStore, keyOf: (x: number) => string) { const v = keyOf(3); return store.retryAfter + fs.stat(`p/${v}`, 1000, 0, /ab+c/g); }',
      'typescript',
    );
    assert.equal(terms.get('n:sessionstore'), 'type');
    assert.equal(terms.get('n:keyof'), 'call');
    assert.equal(terms.get('n:retryafter'), 'member');
    assert.equal(terms.get('w:stat'), 'call');
    assert.equal(terms.get('#1000'), 'literal');
    assert.equal(terms.get('r:ab+c'), 'literal');
    assert.equal(terms.get('s:p/'), 'literal');
    assert.equal(terms.has('#0'), false, 'plain numbers are no evidence');
    assert.equal(terms.has('#3'), true);
  });

  it('reads Python members and string values, and Go fields and types, leaving receivers out', () => {
    const python = termsOf('def f(self, headers):\n    return self.cache.get("Retry-After", 86400)\n', 'python');
    assert.equal(python.get('w:cache'), 'member');
    assert.equal(python.get('s:Retry-After'), 'literal');
    assert.equal(python.get('#86400'), 'literal');
    assert.equal(python.has('w:self'), false);
    const go = termsOf('package gin\nfunc (c *Context) ClientIP() string { return c.Request.Header.Get("X-Real-Ip") }\n', 'go');
    assert.equal(go.get('w:request'), 'member');
    assert.equal(go.get('w:context'), 'type');
    assert.equal(go.get('s:X-Real-Ip'), 'literal');
  });
});
