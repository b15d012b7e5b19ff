/**
 * Diff-only findings: parsing `git diff -U0` and deciding which findings
 * are about the change.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keepInScope, mayPassScope, parseZeroContextDiff, WHOLE_FILE, type FileChange } from '../../../src/pipeline/scope/diff-scope.js';
import type { FindingDraft } from '../../../src/pipeline/findings/drafts.js';
import { parse } from '../../rules/helpers.js';

const DIFF = `diff --git a/src/a.ts b/src/a.ts
index 1111111..2222222 100644
--- a/src/a.ts
+++ b/src/a.ts
@@ -3,0 +4,2 @@ export function f() {
+  const x = 1;
+  return x;
@@ -10 +12 @@ function g() {
-  old();
+  fresh();
@@ -20,3 +21,0 @@ function h() {
-  a();
-  b();
-  c();
diff --git a/src/gone.ts b/src/gone.ts
deleted file mode 100644
--- a/src/gone.ts
+++ /dev/null
@@ -1,2 +0,0 @@
-x
-y
diff --git a/src/new.ts b/src/new.ts
new file mode 100644
--- /dev/null
+++ b/src/new.ts
@@ -0,0 +1,3 @@
+a
+b
+c
`;

describe('diff scope', () => {
  it('parses added, changed and deleted lines of the new side, with the growth', () => {
    const scope = parseZeroContextDiff(DIFF);
    assert.deepEqual([...scope.keys()], ['src/a.ts', 'src/new.ts']);
    assert.deepEqual(scope.get('src/a.ts'), { kind: 'lines', ranges: [{ start: 4, end: 5 }, { start: 12, end: 12 }, { start: 21, end: 21 }], growth: -1 });
    assert.deepEqual(scope.get('src/new.ts'), { kind: 'lines', ranges: [{ start: 1, end: 3 }], growth: 3 });
  });

  const text = [
    'export function touched(a: number) {', // 1
    '  const b = a + 1;', // 2
    '  return b;', // 3
    '}', // 4
    'export function Untouched_name() {', // 5
    '  return 2;', // 6
    '}', // 7
    '',
  ].join('\n');
  const file = parse(text);
  const draft = (rule: string, line: number, extra: Partial<FindingDraft> = {}): FindingDraft => ({
    file: file.path, rule, severity: 'error', message: `${rule}@${line}`, source: 'rule', line, ...extra,
  });
  const kept = (change: FileChange, drafts: FindingDraft[], others: [string, FileChange][] = []) =>
    keepInScope(drafts, file, new Map([[file.path, change], ...others])).map((d) => d.message);

  it('keeps findings on changed lines and on declarations the change touched', () => {
    const change: FileChange = { kind: 'lines', ranges: [{ start: 2, end: 2 }], growth: 0 };
    const drafts = [draft('naming', 1, { symbol: 'touched' }), draft('naming', 5, { symbol: 'Untouched_name' }), draft('naming', 2)];
    assert.deepEqual(kept(change, drafts), ['naming@1', 'naming@2']);
  });

  it('judges a line-less finding by the declaration its symbol names', () => {
    const change: FileChange = { kind: 'lines', ranges: [{ start: 2, end: 2 }], growth: 0 };
    const about = (symbol: string): FindingDraft => ({ ...draft('responsibility', 1, { symbol }), line: undefined, message: symbol });
    assert.deepEqual(kept(change, [about('touched'), about('Untouched_name'), about('unknownSymbol')]), ['touched', 'unknownSymbol']);
  });

  it('keeps a duplicate whose copy or whose original lies on changed lines', () => {
    const change: FileChange = { kind: 'lines', ranges: [{ start: 6, end: 6 }], growth: 0 };
    const copyHere = draft('duplicate', 5, { endLine: 7, symbol: 'Untouched_name' });
    const oldCopy = draft('duplicate', 1, { endLine: 4, related: [{ file: 'src/other.ts', line: 3 }] });
    const originalChanged = draft('duplicate', 1, { endLine: 4, related: [{ file: 'src/changed.ts', line: 10 }] });
    const changedElsewhere: [string, FileChange] = ['src/changed.ts', { kind: 'lines', ranges: [{ start: 9, end: 12 }], growth: 4 }];
    assert.deepEqual(kept(change, [copyHere, oldCopy, originalChanged], [changedElsewhere]), ['duplicate@5', 'duplicate@1']);
  });

  it('keeps a whole-file finding only when the change made the file longer, and line-less findings always', () => {
    const fileLevel = draft('max-lines', 6, { anchor: 'file' });
    const lineless: FindingDraft = { ...draft('review', 1), line: undefined, message: 'review' };
    assert.deepEqual(kept({ kind: 'lines', ranges: [{ start: 6, end: 6 }], growth: 0 }, [fileLevel, lineless]), ['review']);
    assert.deepEqual(kept({ kind: 'lines', ranges: [{ start: 1, end: 1 }], growth: 2 }, [fileLevel]), ['max-lines@6']);
  });

  it('keeps everything of a new file and nothing line-bound of an unchanged one', () => {
    assert.deepEqual(kept(WHOLE_FILE, [draft('naming', 5)]), ['naming@5']);
    assert.deepEqual(keepInScope([draft('naming', 5)], file, new Map()), []);
  });

  it('a duplicate search is worth it only for code on or below a changed line, in a new file, or with another changed file', () => {
    const edit: [string, FileChange] = ['src/a.ts', { kind: 'lines', ranges: [{ start: 40, end: 44 }], growth: 5 }];
    const at = (file: string, endLine: number) => ({ file, endLine });
    const scope = new Map([edit]);
    assert.deepEqual([at('src/a.ts', 10), at('src/a.ts', 40), at('src/a.ts', 90)].map((chunk) => mayPassScope(scope, chunk)), [false, true, true]);
    assert.equal(mayPassScope(new Map([['src/a.ts', WHOLE_FILE]]), at('src/a.ts', 10)), true);
    assert.equal(mayPassScope(new Map([edit, ['src/b.ts', WHOLE_FILE]]), at('src/a.ts', 10)), true, 'its original may be in the other changed file');
    assert.equal(mayPassScope(new Map(), at('src/a.ts', 10)), false);
  });
});
