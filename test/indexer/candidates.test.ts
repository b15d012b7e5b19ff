import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeSnippet, SNIPPET_MAX_CHARS, SNIPPET_MAX_LINES } from '../../indexer/candidates.js';

describe('makeSnippet', () => {
  it('keeps short code whole', () => {
    assert.deepEqual(makeSnippet('a\nb'), { snippet: 'a\nb', truncated: false });
  });

  it('cuts at the line limit, then at the character limit', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const byLines = makeSnippet(lines.join('\n'));
    assert.equal(byLines.snippet.split('\n').length, SNIPPET_MAX_LINES);
    assert.equal(byLines.truncated, true);
    const byChars = makeSnippet('x'.repeat(SNIPPET_MAX_CHARS + 1));
    assert.equal(byChars.snippet.length, SNIPPET_MAX_CHARS);
    assert.equal(byChars.truncated, true);
  });

  it('shows CRLF code without carriage returns', () => {
    assert.equal(makeSnippet('a\r\nb\r\n').snippet, 'a\nb\n');
  });
});
