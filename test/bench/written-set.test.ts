import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadWrittenSet } from '../../bench/eval/written/set.js';
import { decodeT1, encodeT1 } from '../../bench/eval/written/t1.js';

const ORIGINAL = `export function clampScore(score: number, max: number): number {
  if (score < 0) return 0;
  if (score > max) return max;
  return Math.round(score);
}
`;

const T1 = `/** Scores for the leaderboard. */
export function limitScore(score: number, max = 100): number {
  if (score < 0) return 0;
  if (score > max) return max;
  return Math.round(score);
}
`;

describe('written set: T1 line operations', () => {
  it('stores only the written lines and decodes back to the text', () => {
    const lines = ORIGINAL.replace(/\n$/, '').split('\n');
    const { ops } = encodeT1(lines, T1);
    assert.deepEqual(ops, [['add', ['/** Scores for the leaderboard. */', 'export function limitScore(score: number, max = 100): number {']], ['drop', 1], ['keep', 4]]);
    assert.deepEqual(decodeT1(lines, ops), { text: T1 });
  });

  it('refuses ops that do not use up the original lines, naming the problem', () => {
    const lines = ORIGINAL.replace(/\n$/, '').split('\n');
    const short = decodeT1(lines, [['keep', 3]]);
    assert.ok('error' in short && /use 3 of the original's 5 lines/.test(short.error), JSON.stringify(short));
    const past = decodeT1(lines, [['keep', 9]]);
    assert.ok('error' in past && /runs past/.test(past.error), JSON.stringify(past));
  });
});

describe('written set: loading checks the cases against the corpus', () => {
  let dir: string;
  let corpus: string;
  let set: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rg-written-'));
    corpus = path.join(dir, 'corpus');
    set = path.join(dir, 'set');
    await mkdir(path.join(corpus, 'src'), { recursive: true });
    await mkdir(set);
    await writeFile(path.join(corpus, 'src', 'score.ts'), ORIGINAL);
    await writeFile(path.join(corpus, 'src', 'taken.ts'), 'export const taken = 1;\n');
    const original = { file: 'src/score.ts', symbol: 'clampScore', startLine: 1, endLine: 5 };
    const cases = [
      { id: 'ok-1', original, newFile: 'src/limit-score.ts' },
      { id: 'moved-1', original: { ...original, startLine: 2, endLine: 6 }, newFile: 'src/moved.ts' },
      { id: 'taken-1', original, newFile: 'src/taken.ts' },
      { id: 'no-t1', original, newFile: 'src/no-t1.ts' },
    ];
    await writeFile(path.join(set, 'corpus.json'), JSON.stringify({ repo: 'me/corpus', commit: 'a'.repeat(40), cases, negatives: [{ id: 'neg-1', newFile: 'src/new-helper.ts' }] }));
    const lines = ORIGINAL.replace(/\n$/, '').split('\n');
    for (const id of ['ok-1', 'moved-1', 'taken-1']) await writeFile(path.join(set, `${id}.t1.json`), JSON.stringify(encodeT1(lines, T1)));
    for (const id of ['ok-1', 'moved-1', 'taken-1', 'no-t1']) {
      await writeFile(path.join(set, `${id}.t2.ts`), 'export const t2 = 2;\n');
      await writeFile(path.join(set, `${id}.t3.ts`), 'export const t3 = 3;\n');
    }
    await writeFile(path.join(set, 'neg-1.ts'), 'export const negative = 0;\n');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('keeps the good case, decodes its T1 and lists each broken case with what is wrong', () => {
    const loaded = loadWrittenSet(set, corpus);
    const ok = loaded.copies.filter((c) => c.id === 'ok-1');
    assert.deepEqual(ok.map((c) => c.tier), ['t1', 't2', 't3']);
    assert.equal(ok[0]!.text, T1);
    assert.deepEqual(loaded.copies.filter((c) => c.tier === 'negative').map((c) => c.id), ['neg-1']);
    assert.equal(loaded.broken.length, 3, loaded.broken.join('\n'));
    assert.match(loaded.broken.find((b) => b.startsWith('moved-1'))!, /no unit clampScore at src\/score\.ts:2-6 \(it is at 1-5/);
    assert.match(loaded.broken.find((b) => b.startsWith('taken-1'))!, /already exists in the corpus/);
    assert.match(loaded.broken.find((b) => b.startsWith('no-t1'))!, /no-t1\.t1\.json is missing/);
    // A broken T1 leaves the case's other tiers measurable.
    assert.deepEqual(loaded.copies.filter((c) => c.id === 'no-t1').map((c) => c.tier), ['t2', 't3']);
  });

  it('rejects an unusable corpus.json with the field that is wrong', async () => {
    const bad = path.join(dir, 'bad');
    await mkdir(bad);
    await writeFile(path.join(bad, 'corpus.json'), JSON.stringify({ repo: 'me/corpus', commit: 'abc', cases: [] }));
    assert.throws(() => loadWrittenSet(bad, corpus), /commit: 40 hex digits/);
  });
});
