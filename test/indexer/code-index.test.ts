import assert from 'node:assert/strict';
import { appendFile, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CodeIndex, type CodeIndexOptions } from '../../indexer/code-index.js';
import type { EmbedInput, Embedder } from '../../indexer/embedder.js';
import { StructuralEmbedder } from '../../indexer/structural-embedder.js';
import { copySmallRepo, parse, type TempDir } from './support.js';

/** The structural embedder, counting the inputs it embeds. */
class CountingEmbedder implements Embedder {
  private readonly inner = new StructuralEmbedder();
  readonly id = this.inner.id;
  readonly dimensions = this.inner.dimensions;
  embedded = 0;
  embed(inputs: readonly EmbedInput[]): Promise<Float32Array[]> {
    this.embedded += inputs.length;
    return this.inner.embed(inputs);
  }
}

// 8 source files in the fixture (the .d.ts and README are not indexed).
const FIXTURE_FILES = 8;

describe('CodeIndex', () => {
  let repo: TempDir;
  let embedder: CountingEmbedder;
  const open = (extra: Partial<CodeIndexOptions> = {}): Promise<CodeIndex> => CodeIndex.open({ root: repo.path, embedder, ...extra });
  const storeDir = (): string => join(repo.path, '.review-guard', 'index');

  beforeEach(async () => {
    repo = await copySmallRepo();
    embedder = new CountingEmbedder();
  });
  afterEach(() => repo.remove());

  it('indexes the workspace, reporting progress, and persists it', async () => {
    const index = await open();
    assert.equal(index.stats().openedFrom, 'empty');
    const progress: [number, number][] = [];
    const stats = await index.refresh((done, total) => progress.push([done, total]));
    assert.deepEqual(stats, { indexed: FIXTURE_FILES, removed: 0, unchanged: 0, files: FIXTURE_FILES, chunks: 19 });
    assert.deepEqual(progress.at(-1), [FIXTURE_FILES, FIXTURE_FILES]);
    const names = (await readdir(storeDir())).sort();
    assert.equal(names.length, 2);
    assert.equal(names[0], 'meta.json');

    const reopened = await open();
    assert.equal(reopened.stats().openedFrom, 'store');
    assert.equal(reopened.stats().chunks, 19);
    // Pasted code with its `export` matches the chunk of the declaration exactly.
    const pasted = (await readFile(join(repo.path, 'src/util/collections.ts'), 'utf8')).split('\n').slice(20, 25).join('\n');
    assert.match(pasted, /^export const sumBy = [^]*\};$/);
    const [first] = await reopened.search({ code: pasted, language: 'typescript' }, 1);
    assert.deepEqual([first?.id, first?.score], ['src/util/collections.ts#sumBy', 1]);
  });

  it('re-indexes only what changed and removes deleted files', async () => {
    const index = await open();
    await index.refresh();
    embedder.embedded = 0;
    assert.deepEqual(await index.refresh(), { indexed: 0, removed: 0, unchanged: FIXTURE_FILES, files: FIXTURE_FILES, chunks: 19 });
    assert.equal(embedder.embedded, 0);

    // Touched but not changed: the hash decides.
    const later = new Date(Date.now() + 5000);
    await utimes(join(repo.path, 'src/util/collections.ts'), later, later);
    assert.equal((await index.refresh()).unchanged, FIXTURE_FILES);
    assert.equal(embedder.embedded, 0);

    await appendFile(join(repo.path, 'src/util/collections.ts'), '\nexport function extra(values: number[]): number {\n  const sorted = [...values].sort((a, b) => a - b);\n  return sorted[Math.floor(sorted.length / 2)] ?? 0;\n}\n');
    await rm(join(repo.path, 'src/ui/Button.tsx'));
    const stats = await index.refresh();
    assert.deepEqual(stats, { indexed: 1, removed: 1, unchanged: FIXTURE_FILES - 2, files: FIXTURE_FILES - 1, chunks: 18 });
    assert.equal(embedder.embedded, 5);
    assert.equal(index.readCode('src/ui/Button.tsx#Button'), undefined);
    assert.ok(index.readCode('src/util/collections.ts#extra'));
  });

  it('finds exact and renamed copies first, never the query itself or its own members', async () => {
    const index = await open();
    await index.refresh();
    const query = index.readCode('src/config/load-config.ts#loadConfig')!.chunk;
    const results = await index.search({ chunk: query }, 5);
    assert.deepEqual(results.slice(0, 2).map((c) => [c.id, c.score]), [
      ['src/config/load-config-copy.ts#loadConfigAgain', 1],
      ['src/settings/read-settings.ts#readSettings', 1],
    ]);
    assert.ok(results.every((c) => c.id !== query.id));
    assert.ok(results[2]!.score < 0.6);

    const cls = index.readCode('src/http/request-handler.ts#RequestHandler')!.chunk;
    const forClass = await index.search({ chunk: cls }, 10);
    assert.ok(forClass.every((c) => c.file !== cls.file), 'its own methods are not similar code elsewhere');
  });

  it('returns candidates with rounded scores and short snippets', async () => {
    const index = await open();
    await index.refresh();
    const results = await index.search({ code: 'function total(xs: number[]) {\n  let t = 0;\n  for (const x of xs) t += x;\n  return t;\n}', language: 'typescript' }, 3);
    assert.equal(results.length, 3);
    for (const c of results) {
      assert.ok(c.score >= 0 && c.score <= 1 && Math.round(c.score * 1000) === c.score * 1000);
      assert.ok(c.snippet.split('\n').length <= 12 && c.snippet.length <= 600);
    }
    const classText = index.readCode('src/http/request-handler.ts#RequestHandler')!.text;
    const [cls] = await index.search({ code: classText, language: 'typescript' }, 1);
    assert.deepEqual([cls?.symbol, cls?.score, cls?.snippetTruncated], ['RequestHandler', 1, true]);
    assert.equal(cls?.snippet, classText.split('\n').slice(0, 12).join('\n'));
  });

  it('reads code as indexed and says when it changed since', async () => {
    const index = await open();
    await index.refresh();
    const read = index.readCode('src/util/strings.js#formatters.snake')!;
    assert.equal(read.changed, false);
    assert.equal(read.text, read.chunk.text);
    assert.match(read.text, /^ {2}snake: \(text\) => \{/);
    assert.equal(index.readCode('nope#x'), undefined);

    // A fresh instance has no cached copy of the file as indexed; the disk changed.
    await appendFile(join(repo.path, 'src/util/strings.js'), '\n// edited\n');
    const fresh = await open();
    const stale = fresh.readCode('src/util/strings.js#formatters.snake')!;
    assert.deepEqual([stale.changed, stale.text, stale.chunk.symbol], [true, '', 'formatters.snake']);
    assert.ok((await fresh.search({ chunk: read.chunk }, 19)).every((c) => c.file !== 'src/util/strings.js'));
  });

  it('indexes a parsed file the caller hands in, even one not saved to disk', async () => {
    const index = await open();
    await index.refresh();
    const rel = 'src/settings/read-settings.ts';
    const text = await readFile(join(repo.path, rel), 'utf8');
    embedder.embedded = 0;
    const same = await index.indexSource(rel, parse(text, rel));
    assert.deepEqual(same.map((c) => c.id), [`${rel}#readSettings`]);
    assert.equal(embedder.embedded, 0, 'unchanged content is not re-embedded');

    const unsaved = `${text}\nexport function another(values: number[]): number {\n  const sorted = [...values].sort((a, b) => a - b);\n  return sorted[Math.floor(sorted.length / 2)] ?? 0;\n}\n`;
    const chunks = await index.indexSource(`./${rel}`, parse(unsaved, rel));
    assert.deepEqual(chunks.map((c) => c.symbol), ['readSettings', 'another']);
    assert.equal(embedder.embedded, 2);
    assert.equal(index.readCode(`${rel}#another`)?.text, chunks[1]!.text);
    const found = await index.search({ chunk: chunks[0]! }, 2);
    assert.deepEqual(found.map((c) => c.symbol).sort(), ['loadConfig', 'loadConfigAgain']);
    // The disk still has the old text, so the next refresh re-indexes it from disk.
    await index.save();
    assert.equal((await (await open()).refresh()).indexed, 1);
    await assert.rejects(index.indexSource('../outside.ts', parse(text)), /relative to the workspace root/);
  });

  it('rebuilds cleanly from corrupt metadata or another embedder', async () => {
    await (await open()).refresh();
    await writeFile(join(storeDir(), 'meta.json'), '{"formatVersion":1,"files":{"a.ts":');
    const afterCorruption = await open();
    assert.equal(afterCorruption.stats().openedFrom, 'discarded');
    assert.match(afterCorruption.stats().discardReason ?? '', /corrupt/);
    assert.equal((await afterCorruption.refresh()).indexed, FIXTURE_FILES);

    const other = await CodeIndex.open({ root: repo.path, embedder: new StructuralEmbedder({ dimensions: 256 }) });
    assert.equal(other.stats().openedFrom, 'discarded');
    assert.equal((await other.refresh()).chunks, 19);
  });

  it('rebuild discards and re-indexes everything', async () => {
    const index = await open();
    await index.refresh();
    assert.deepEqual(await index.rebuild(), { indexed: FIXTURE_FILES, removed: 0, unchanged: 0, files: FIXTURE_FILES, chunks: 19 });
    assert.equal((await open()).stats().chunks, 19);
  });

  it('serialises concurrent refreshes and honours options', async () => {
    const index = await open({ storeDir: join(repo.path, 'custom-store'), maxFileBytes: 600, chunkOptions: { minTokens: 50 } });
    const [a, b] = await Promise.all([index.refresh(), index.refresh()]);
    assert.equal(a.indexed + b.indexed, a.files);
    assert.ok(a.files < FIXTURE_FILES, 'files over 600 bytes are skipped');
    assert.ok((await readdir(join(repo.path, 'custom-store'))).includes('meta.json'));
    await assert.rejects(CodeIndex.open({ root: 'relative/path', embedder }), /absolute/);
  });
});
