/**
 * @fileoverview CodeIndex with a semantic embedder beside the structural
 * one: both persisted, fused ranking with the structural score kept, and
 * every way the semantic side can be missing or failing (changed embedder,
 * embedder down while indexing or searching) ending in a notice, never in a
 * failed call.
 */
import assert from 'node:assert/strict';
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { Candidate } from '../../indexer/candidates.js';
import { CodeIndex, type CodeIndexOptions } from '../../indexer/code-index.js';
import { type TempDir } from '../support/sample-repo.js';
import { copySmallRepo, CountingEmbedder, KeywordEmbedder } from './support.js';

// Same words as loadConfig, other statements: structurally far, semantically near.
const PORT_CONFIG = `import { existsSync, readFileSync } from 'node:fs';

export function configFromPath(path: string) {
  if (!existsSync(path)) return { port: 8080, host: 'localhost', debug: false };
  const config = JSON.parse(readFileSync(path, 'utf8'));
  const port = Number(config.port);
  const valid = Number.isInteger(port) && port > 0;
  if (!valid) throw new Error('invalid port in config');
  return { port, host: String(config.host ?? 'localhost'), debug: Boolean(config.debug) };
}
`;
// Shaped like groupBy's loop, worded like the config loaders: by structure
// groupBy ranks first and configFromPath only fifth (it touches other APIs);
// the semantic signal lifts configFromPath and the loaders above groupBy.
const QUERY = `function portFromConfig(path: string): number {
  const config = readConfig(path);
  for (const key of ['port', 'listenPort']) {
    if (typeof config[key] === 'number') return config[key];
  }
  throw new Error('invalid port in config ' + path);
}`;
const CHUNKS = 20;
const ids = (candidates: readonly Candidate[]): string[] => candidates.map((c) => c.id);

describe('CodeIndex with a semantic embedder', () => {
  let repo: TempDir;
  let structural: CountingEmbedder;
  let semantic: KeywordEmbedder;
  const open = (extra: Partial<CodeIndexOptions> = {}): Promise<CodeIndex> =>
    CodeIndex.open({ root: repo.path, embedder: structural, semantic, ...extra });
  const storeDir = (): string => join(repo.path, '.review-guard', 'index');
  const meta = async (): Promise<{ embedder: unknown; semantic?: { id: string; dimensions: number; missing: number[] } }> =>
    JSON.parse(await readFile(join(storeDir(), 'meta.json'), 'utf8')) as never;

  beforeEach(async () => {
    repo = await copySmallRepo();
    await writeFile(join(repo.path, 'src/config/port-config.ts'), PORT_CONFIG);
    structural = new CountingEmbedder();
    semantic = new KeywordEmbedder();
  });
  afterEach(() => repo.remove());

  it('records both embedders and keeps the semantic vectors beside the structural ones', async () => {
    await (await open()).refresh();
    assert.deepEqual(await meta().then((m) => [m.embedder, m.semantic?.id, m.semantic?.dimensions, m.semantic?.missing]), [
      { id: structural.id, dimensions: 512 },
      semantic.id,
      64,
      [],
    ]);
    assert.equal((await readdir(storeDir())).filter((name) => /\.(hnsw|flat)$/.test(name)).length, 2);

    semantic = new KeywordEmbedder();
    const reopened = await open();
    assert.deepEqual(reopened.stats().semantic, { embedder: semantic.id, dimensions: 64, vectors: CHUNKS });
    assert.deepEqual(reopened.stats().notices, []);
    await reopened.refresh();
    const query = reopened.readCode('src/config/load-config.ts#loadConfig')!.chunk;
    const [first] = await reopened.search({ chunk: query }, 1);
    assert.equal(semantic.calls, 0, 'stored vectors serve an unchanged indexed chunk');
    assert.deepEqual([first?.id, first?.score, first?.semanticScore], ['src/config/load-config-copy.ts#loadConfigAgain', 1, 0.997]);
  });

  it('ranks by fusion of both signals, keeping the structural score', async () => {
    const fused = await open();
    await fused.refresh();
    const plain = await CodeIndex.open({ root: repo.path, embedder: structural, storeDir: join(repo.path, 'plain-store') });
    await plain.refresh();
    const byStructure = await plain.search({ code: QUERY, language: 'typescript' }, 3);
    const byBoth = await fused.search({ code: QUERY, language: 'typescript' }, 3);
    assert.deepEqual(ids(byStructure), ['src/util/collections.ts#groupBy', 'src/config/load-config-copy.ts#loadConfigAgain', 'src/config/load-config.ts#loadConfig']);
    assert.deepEqual(ids(byBoth), ['src/config/load-config-copy.ts#loadConfigAgain', 'src/config/port-config.ts#configFromPath', 'src/config/load-config.ts#loadConfig']);
    const structuralScores = new Map((await plain.search({ code: QUERY, language: 'typescript' }, CHUNKS)).map((c) => [c.id, c.score]));
    for (const candidate of byBoth) {
      assert.equal(candidate.score, structuralScores.get(candidate.id), `${candidate.id} keeps its structural score`);
      assert.ok(candidate.semanticScore! > 0.5 && candidate.semanticScore! <= 1);
      assert.equal(Math.round(candidate.semanticScore! * 1000), candidate.semanticScore! * 1000);
    }
    for (const candidate of byStructure) assert.equal('semanticScore' in candidate, false);
  });

  it('opened without a semantic embedder, a store built with one ranks by structure alone', async () => {
    await (await open()).refresh();
    const structuralOnly = await CodeIndex.open({ root: repo.path, embedder: structural });
    assert.equal(structuralOnly.stats().openedFrom, 'store');
    assert.equal(structuralOnly.stats().semantic, undefined);
    const results = await structuralOnly.search({ code: QUERY, language: 'typescript' }, 5);
    assert.equal(results[0]?.id, 'src/util/collections.ts#groupBy');
    assert.ok(results.every((c, i) => !('semanticScore' in c) && (i === 0 || c.score <= results[i - 1]!.score)));
  });

  for (const [what, other] of [
    ['model', () => new KeywordEmbedder(64, 'keywords-v2')],
    ['dimensions', () => new KeywordEmbedder(32)],
  ] as const) {
    it(`re-embeds only the semantic vectors, with a notice, when the semantic ${what} changed`, async () => {
      await (await open()).refresh();
      structural.embedded = 0;
      semantic = other();
      const index = await open();
      assert.equal(index.stats().openedFrom, 'store');
      assert.match(index.stats().notices.join('\n'), /semantic vectors were built with keywords-v1-64\/64, now keywords-v\d-\d+\/\d+; they are embedded again/);
      assert.equal(index.stats().semantic?.vectors, 0);
      assert.deepEqual(await index.refresh(), { indexed: 0, removed: 0, unchanged: 9, files: 9, chunks: CHUNKS });
      assert.equal(structural.embedded, 0, 'structural vectors are kept');
      assert.equal(semantic.embedded, CHUNKS);
      assert.equal((await meta()).semantic?.id, semantic.id);
      assert.equal((await open()).stats().semantic?.vectors, CHUNKS);
    });
  }

  it('notes a discarded store among the notices', async () => {
    await (await open()).refresh();
    const other = await open({ chunkOptions: { minTokens: 30 } });
    assert.equal(other.stats().openedFrom, 'discarded');
    assert.match(other.stats().notices[0] ?? '', /^index store discarded \(built with other chunking options\)/);
  });

  it('indexes on without the semantic embedder when it fails, and embeds what is missing later', async () => {
    semantic.failure = new Error('ollama went away');
    const index = await open();
    assert.equal((await index.refresh()).chunks, CHUNKS);
    assert.equal(semantic.calls, 1, 'one failure per call: not asked again for every file');
    assert.equal(index.stats().semantic?.vectors, 0);
    assert.match(index.stats().notices.join('\n'), /semantic embedder keywords-v1-64 failed \(ollama went away\); indexing src\/.* used the structural signal alone/);
    assert.equal((await meta()).semantic?.missing.length, CHUNKS);
    // Search still works, on the structure alone.
    assert.equal((await index.search({ code: QUERY, language: 'typescript' }, 3))[0]?.id, 'src/util/collections.ts#groupBy');

    semantic.failure = undefined;
    assert.equal((await index.refresh()).indexed, 0);
    assert.equal(index.stats().semantic?.vectors, CHUNKS);
    assert.deepEqual((await meta()).semantic?.missing, []);
    assert.equal((await open()).stats().semantic?.vectors, CHUNKS);
  });

  it('searches on the structure alone, with a notice, when the semantic embedder fails', async () => {
    const index = await open();
    await index.refresh();
    const fusedResults = await index.search({ code: QUERY, language: 'typescript' }, 3);
    semantic.failure = new Error('connection refused');
    const fallback = await index.search({ code: QUERY, language: 'typescript' }, 3);
    assert.notDeepEqual(ids(fallback), ids(fusedResults));
    assert.equal(fallback[0]?.id, 'src/util/collections.ts#groupBy');
    assert.ok(fallback.every((c) => !('semanticScore' in c)));
    assert.match(index.stats().notices.at(-1) ?? '', /failed \(connection refused\); a search used the structural signal alone/);
    // An unchanged indexed chunk needs no embedding: still fused.
    const query = index.readCode('src/config/load-config.ts#loadConfig')!.chunk;
    assert.ok((await index.search({ chunk: query }, 2)).every((c) => c.semanticScore !== undefined));
    // Indexing goes on too.
    await appendFile(join(repo.path, 'src/config/port-config.ts'), '\nexport const twice = (n: number): number => {\n  const doubled = n * 2;\n  return doubled + 0;\n};\n');
    assert.equal((await index.refresh()).indexed, 1);
  });
});
