import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTestPath } from '../../../src/pipeline/duplicates/evidence-verdict.js';

describe('test code, which a reimplementation is never told to call', () => {
  it('knows the test folders and file names of TypeScript, Python and Go', () => {
    for (const file of ['test/a.ts', 'src/__tests__/b.tsx', 'packages/docs/content/api.test.ts', 'x.spec.js', 'context_test.go', 'tests/test_urls.py', 'httpx/conftest.py', 'pkg/specs/c.ts']) {
      assert.equal(isTestPath(file), true, file);
    }
    for (const file of ['src/testing.ts', 'src/util/latest.ts', 'httpx/_urls.py', 'context.go', 'src/contest/x.ts']) {
      assert.equal(isTestPath(file), false, file);
    }
  });
});
