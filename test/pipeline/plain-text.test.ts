/**
 * @fileoverview plainText: one line, no control characters, every other
 * character kept.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { plainText } from '../../src/pipeline/plain-text.js';

describe('plainText', () => {
  it('folds line breaks and tabs to one space', () => {
    assert.equal(plainText('a\nb\r\nc\rd\u2028e\u2029f\u0085g\th\v\fi'), 'a b c d e f g h i');
    assert.equal(plainText('copy\n\n\nNo findings in 4 file(s)'), 'copy No findings in 4 file(s)');
  });

  it('removes C0 (with ESC), DEL, C1 and the bidi overrides and isolates', () => {
    assert.equal(plainText('x\x1b[2K\x1b[1Ay'), 'x[2K[1Ay');
    assert.equal(plainText('\u0000a\u0007\u0008\u007fb\u0080\u009bc\u009f'), 'abc');
    assert.equal(plainText('\u202aa\u202b\u202cb\u202d\u202ec\u2066d\u2067\u2068\u2069'), 'abcd');
  });

  it('keeps every other character', () => {
    const text = 'parseDate(x) → “y” × 2 … 日本 🙂 \u200d é';
    assert.equal(plainText(text), text);
  });
});
