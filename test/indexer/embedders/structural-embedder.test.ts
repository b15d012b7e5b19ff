/**
 * @fileoverview StructuralEmbedder on the embedder corpus, including the
 * score bands documented in indexer/vectors/scores.ts. The corpus's RENAMED and
 * EDITED copies also rename the fields they read, which since structural-v2
 * makes them different code (member names are kept); the copies an agent
 * makes rename only locals, built here from ORIGINAL.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeSnippet } from '../../../indexer/chunks/normalize.js';
import { StructuralEmbedder } from '../../../indexer/embedders/structural-embedder.js';
import { EDITED, ORIGINAL, REFORMATTED, RENAMED, UNRELATED } from '../embedder-corpus.js';

/** ORIGINAL with its own name, parameters and locals renamed and other strings. */
const LOCALS_RENAMED = ORIGINAL.replace('loadConfig', 'readSettings')
  .replace(/\bpath\b/g, 'file')
  .replace(/\braw\b/g, 'content')
  .replace(/\bparsed\b/g, 'data')
  .replace("'utf8'", "'latin1'")
  .replace("'localhost'", "'0.0.0.0'");
/** LOCALS_RENAMED with one condition rewritten and one statement added. */
const LOCALS_EDITED = LOCALS_RENAMED.replace('data.port <= 0)', 'data.port < 1 || data.port > 65535)').replace(
  '  return {',
  "  log.debug('settings loaded');\n  return {",
);

const embedder = new StructuralEmbedder();
const tokens = (code: string): string[] => normalizeSnippet(code, 'typescript');
const vector = (code: string): Float32Array => embedder.embedTokens(tokens(code));

function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** Corpus entries ranked by similarity to `query`, best first. */
function rank(query: string, corpus: readonly string[]): { index: number; score: number }[] {
  const q = vector(query);
  return corpus.map((code, index) => ({ index, score: cosine(q, vector(code)) })).sort((a, b) => b.score - a.score);
}

describe('StructuralEmbedder', () => {
  it('encodes its parameters in its id and validates them', () => {
    assert.equal(embedder.id, 'structural-v3-512-n3-5');
    assert.equal(embedder.dimensions, 512);
    assert.equal(new StructuralEmbedder({ dimensions: 256, minN: 2, maxN: 4 }).id, 'structural-v3-256-n2-4');
    assert.throws(() => new StructuralEmbedder({ dimensions: 500 }), /power of two/);
    assert.throws(() => new StructuralEmbedder({ minN: 4, maxN: 3 }), /minN/);
  });

  it('returns deterministic unit vectors through the port', async () => {
    const [a, b] = await embedder.embed([
      { text: ORIGINAL, tokens: tokens(ORIGINAL) },
      { text: ORIGINAL, tokens: tokens(ORIGINAL) },
    ]);
    assert.equal(a!.length, 512);
    assert.deepEqual(a, b);
    assert.ok(Math.abs(cosine(a!, a!) - 1) < 1e-5);
  });

  it('scores an identical copy 1 and a renamed copy at least 0.9, ranked first', () => {
    assert.ok(cosine(vector(ORIGINAL), vector(ORIGINAL)) > 0.9999);
    const ranking = rank(LOCALS_RENAMED, [...UNRELATED, ORIGINAL]);
    assert.equal(ranking[0]!.index, UNRELATED.length);
    assert.ok(ranking[0]!.score >= 0.9, `renamed copy scored ${ranking[0]!.score}`);
  });

  it('still ranks an edited copy first, clearly above unrelated code', () => {
    const ranking = rank(LOCALS_EDITED, [...UNRELATED, ORIGINAL]);
    assert.equal(ranking[0]!.index, UNRELATED.length);
    assert.ok(ranking[0]!.score >= 0.75, `edited copy scored ${ranking[0]!.score}`);
    assert.ok(ranking[1]!.score < ranking[0]!.score - 0.3, `runner-up scored ${ranking[1]!.score}`);
  });

  it('scores unrelated functions of similar size low', () => {
    for (const { score } of rank(ORIGINAL, UNRELATED)) assert.ok(score < 0.5, `unrelated scored ${score}`);
  });

  it('maps inputs too short for a shingle to the zero vector', () => {
    assert.ok(embedder.embedTokens(['ID', ';']).every((x) => x === 0));
  });

  it('scores as indexer/vectors/scores.ts documents', () => {
    const score = (code: string): number => cosine(vector(ORIGINAL), vector(code));
    assert.ok(score(LOCALS_RENAMED) > 0.9999, 'renamed locals and other literals: 1.0');
    assert.ok(score(REFORMATTED) > 0.9999, 'formatting, optional semicolons and trailing commas: 1.0');
    const noTypes = score(ORIGINAL.replace(/: string\)/, ')').replace(/\): AppConfig/, ')').replace(/ as Partial<AppConfig>/, ''));
    assert.ok(noTypes > 0.9999, `type annotations removed: ${noTypes}`);
    const edited = score(LOCALS_EDITED);
    assert.ok(edited >= 0.8 && edited < 0.95, `small statement edits: ${edited}`);
    const otherFields = score(RENAMED);
    assert.ok(otherFields >= 0.4 && otherFields < 0.8, `same shape, other fields: ${otherFields}`);
    assert.ok(score(EDITED) < 0.8, 'same shape, other fields, edited');
    for (const code of UNRELATED) assert.ok(score(code) < 0.6);
  });
});
