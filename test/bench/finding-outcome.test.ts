/**
 * @fileoverview How the findings harness judges one copy's review, and how
 * it writes a copy as a file of its own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { copyExtension, copyFileText } from '../../bench/eval/copy-file.js';
import { judgeCopy, type Original } from '../../bench/eval/finding-outcome.js';
import { placeKey } from '../../bench/eval/corpus.js';
import type { Finding } from '../../src/pipeline/index.js';

const ORIGINAL: Original = { file: 'src/a.ts', symbol: 'parse', startLine: 10, endLine: 30, hash: 'h-original' };
const COPY = 'src/rg-copy-0.ts';
const HASHES = new Map([
  [placeKey('src/a.ts', 10), 'h-original'],
  [placeKey('src/b.ts', 3), 'h-original'],
  [placeKey('src/a.ts', 40), 'h-other'],
  [placeKey('src/c.ts', 7), 'h-other'],
]);

function duplicate(severity: Finding['severity'], ...related: Array<[string, number, string]>): Finding {
  return {
    file: COPY,
    rule: 'duplicate',
    severity,
    source: 'index',
    message: 'copy',
    fingerprint: 'f',
    related: related.map(([file, line, symbol]) => ({ file, line, symbol, score: 0.97 })),
  };
}

describe('judgeCopy', () => {
  it('is found when an error or warning finding names the original among its related code', () => {
    const judged = judgeCopy([duplicate('warning', ['src/c.ts', 7, 'other'], ['src/a.ts', 10, 'parse'])], COPY, ORIGINAL, HASHES);
    assert.deepEqual({ outcome: judged.outcome, severity: judged.severity, namedFirst: judged.namedFirst }, { outcome: 'found', severity: 'warning', namedFirst: false });
  });

  it('tells units of one symbol in one file apart by line', () => {
    const sameSymbolElsewhere = duplicate('error', ['src/a.ts', 40, 'parse']);
    assert.equal(judgeCopy([sameSymbolElsewhere], COPY, ORIGINAL, HASHES).outcome, 'misattributed');
  });

  it('counts a finding naming only an equal normalised function as equivalent, not found', () => {
    assert.equal(judgeCopy([duplicate('error', ['src/b.ts', 3, 'parseAgain'])], COPY, ORIGINAL, HASHES).outcome, 'equivalent');
  });

  it('counts a finding naming only a function nested inside the original as part', () => {
    assert.equal(judgeCopy([duplicate('error', ['src/a.ts', 14, 'inner'])], COPY, ORIGINAL, HASHES).outcome, 'part');
    assert.equal(judgeCopy([duplicate('error', ['src/a.ts', 31, 'after'])], COPY, ORIGINAL, HASHES).outcome, 'misattributed');
  });

  it('keeps info findings out of the headline, and a copy without findings is missed', () => {
    assert.equal(judgeCopy([duplicate('info', ['src/a.ts', 10, 'parse'])], COPY, ORIGINAL, HASHES).outcome, 'info');
    assert.equal(judgeCopy([duplicate('info', ['src/c.ts', 7, 'other'])], COPY, ORIGINAL, HASHES).outcome, 'missed');
    assert.equal(judgeCopy([], COPY, ORIGINAL, HASHES).outcome, 'missed');
  });

  it('reads only duplicate findings about the copy file', () => {
    const rule: Finding = { ...duplicate('error', ['src/a.ts', 10, 'parse']), rule: 'max-lines' };
    const otherFile: Finding = { ...duplicate('error', ['src/a.ts', 10, 'parse']), file: 'src/z.ts' };
    assert.equal(judgeCopy([rule, otherFile], COPY, ORIGINAL, HASHES).outcome, 'missed');
  });
});

describe('copy files', () => {
  it('keeps the extension, except a copy ported to JavaScript', () => {
    assert.equal(copyExtension('src/ui/Button.tsx', false), '.tsx');
    assert.equal(copyExtension('src/ui/Button.tsx', true), '.jsx');
    assert.equal(copyExtension('src/a.mts', true), '.mjs');
    assert.equal(copyExtension('src/a.js', true), '.js');
  });

  it('writes a function alone, dedented, and a method as the member of a new class', () => {
    assert.equal(copyFileText('  export function f() {\n    return 1;\n  }', 'src/rg-copy-1.ts'), 'export function f() {\n  return 1;\n}\n');
    assert.equal(copyFileText('    run(n: number) {\n      return n;\n    }', 'src/rg-copy-2.ts'), 'export class RgCopy2 {\n  run(n: number) {\n    return n;\n  }\n}\n');
    assert.equal(copyFileText('  title: (s) => s.toUpperCase(),', 'src/rg-copy-3.js'), 'export const rgCopy3 = {\n  title: (s) => s.toUpperCase(),\n};\n');
    assert.deepEqual(copyFileText('function f(a: number) {\n  return a;\n}', 'src/rg-copy-4.js'), { skip: 'copy does not parse as javascript' });
  });
});
