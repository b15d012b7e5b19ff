/**
 * @fileoverview CodeIndex end to end on the small fixture workspace:
 * refresh, search, readCode, indexSource, save, and crash safety.
 */
import assert from 'node:assert/strict';
import { readdirSync, utimesSync } from 'node:fs';
import { appendFile, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CodeIndex, type CodeIndexOptions } from '../../indexer/code-index.js';
import { StructuralEmbedder } from '../../indexer/embedders/structural-embedder.js';
import { type TempDir } from '../support/sample-repo.js';
import { copySmallRepo, CountingEmbedder, FailingEmbedder, parse, runChild } from './support.js';

// 8 source files in the fixture (the .d.ts and README are not indexed).
const FIXTURE_FILES = 8;
const COLLECTIONS = 'src/util/collections.ts';
const EXTRA_FUNCTION = '\nexport function extra(values: number[]): number {\n  const sorted = [...values].sort((a, b) => a - b);\n  return sorted[Math.floor(sorted.length / 2)] ?? 0;\n}\n';

/** Sets the times of `dir` and every folder below it an hour back, as in a workspace left alone for a while. */
function ageFolders(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) ageFolders(join(dir, entry.name));
  const past = new Date(Date.now() - 3_600_000);
  utimesSync(dir, past, past);
}

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
    assert.equal(names.length, 3);
    assert.equal(names[0], 'meta.json');
    assert.equal(names[2], 'walk.json');

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

  it('reuses the last walk\'s folder listings in a new process, and still sees files added or edited since', async () => {
    ageFolders(repo.path);
    await (await open()).refresh();
    const record = JSON.parse(await readFile(join(storeDir(), 'walk.json'), 'utf8')) as { folders: Record<string, unknown> };
    assert.ok(Object.keys(record.folders).includes('src/util'));
    // Creating the store changed the root folder: the next walk records it (ages again so it is not racy)...
    ageFolders(repo.path);
    await (await open()).refresh();
    // ...and a new process then reuses every listing: its record stays as it was, so it is not written again.
    const written = (await stat(join(storeDir(), 'walk.json'))).mtimeMs;
    await (await open()).refresh();
    assert.equal((await stat(join(storeDir(), 'walk.json'))).mtimeMs, written);
    await writeFile(join(repo.path, 'src/util/added.ts'), EXTRA_FUNCTION);
    await appendFile(join(repo.path, 'src/ui/Button.tsx'), EXTRA_FUNCTION.replace('extra', 'extraTwo'));
    const stats = await (await open()).refresh();
    assert.deepEqual([stats.indexed, stats.files], [2, FIXTURE_FILES + 1]);
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

  it('does not score a copy that reads other fields as a duplicate', async () => {
    // readSettings with its fields renamed as well: the same shape touching other data.
    const copy = await readFile(join(repo.path, 'src/settings/read-settings.ts'), 'utf8');
    const otherFields = copy
      .replaceAll('readSettings', 'readServerSettings')
      .replace(/\bport\b/g, 'listenPort')
      .replace(/\bhost\b/g, 'bindAddress')
      .replace(/\bdebug\b/g, 'verbose');
    assert.match(otherFields, /data\.listenPort/);
    await writeFile(join(repo.path, 'src/settings/read-server-settings.ts'), otherFields);
    const index = await open();
    await index.refresh();
    const query = index.readCode('src/config/load-config.ts#loadConfig')!.chunk;
    const fieldsCopy = index.readCode('src/settings/read-server-settings.ts#readServerSettings')!.chunk;
    assert.notEqual(fieldsCopy.hash, query.hash);
    assert.notEqual(fieldsCopy.hash, index.readCode('src/settings/read-settings.ts#readSettings')!.chunk.hash);
    const results = await index.search({ chunk: query }, 5);
    assert.deepEqual(results.slice(0, 2).map((c) => [c.id, c.score]), [
      ['src/config/load-config-copy.ts#loadConfigAgain', 1],
      ['src/settings/read-settings.ts#readSettings', 1],
    ]);
    const other = results.find((c) => c.id === fieldsCopy.id);
    assert.ok(other, 'still found as similar code');
    assert.ok(other.score < 0.8, `scored ${other.score}, below the same-code-with-edits band`);
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

  it('takes the caller\'s disk stat for text read from disk, so the next refresh does not read the file again', async () => {
    const index = await open();
    await index.refresh();
    const rel = 'src/util/tiny.ts';
    const abs = join(repo.path, rel);
    const fixed = new Date('2030-01-01T00:00:00Z');
    await appendFile(abs, EXTRA_FUNCTION);
    await utimes(abs, fixed, fixed);
    const text = await readFile(abs, 'utf8');
    const { size, mtimeMs } = await stat(abs);
    await index.indexSource(rel, parse(text, rel), { size, mtimeMs });
    await index.save();
    // Same size and time, other bytes: only a refresh that reads the file would notice.
    await writeFile(abs, text.replace('sorted', 'sortie'));
    await utimes(abs, fixed, fixed);
    assert.equal((await (await open()).refresh()).indexed, 0, 'the stat was recorded: the file is not read again');
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

  it('rebuild discards and re-indexes everything, reporting progress', async () => {
    const index = await open();
    await index.refresh();
    const progress: [number, number][] = [];
    const stats = await index.rebuild({ onProgress: (done, total) => progress.push([done, total]) });
    assert.deepEqual(stats, { indexed: FIXTURE_FILES, removed: 0, unchanged: 0, files: FIXTURE_FILES, chunks: 19 });
    assert.deepEqual(progress.at(-1), [FIXTURE_FILES, FIXTURE_FILES]);
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

  it('leaves excluded files as they are: not read, not re-indexed, not removed', async () => {
    const index = await open();
    await index.refresh();
    const before = index.readCode(`${COLLECTIONS}#sumBy`)!;
    await appendFile(join(repo.path, COLLECTIONS), EXTRA_FUNCTION);
    await rm(join(repo.path, 'src/ui/Button.tsx'));
    embedder.embedded = 0;
    const progress: number[] = [];
    const stats = await index.refresh({
      exclude: new Set([COLLECTIONS, './src/ui/Button.tsx']),
      onProgress: (done) => progress.push(done),
    });
    assert.deepEqual(stats, { indexed: 0, removed: 0, unchanged: FIXTURE_FILES - 2, files: FIXTURE_FILES, chunks: 19 });
    assert.equal(progress.at(-1), FIXTURE_FILES - 1, 'the walk still counts the excluded file it found');
    assert.equal(embedder.embedded, 0);
    assert.equal(index.readCode(`${COLLECTIONS}#extra`), undefined, 'the edited file was not re-read');
    assert.equal(index.readCode(`${COLLECTIONS}#sumBy`)?.chunk.id, before.chunk.id);
    assert.ok(index.readCode('src/ui/Button.tsx#Button'), 'the deleted file was not removed');

    // The caller indexes the excluded file from its own parse right after.
    const text = await readFile(join(repo.path, COLLECTIONS), 'utf8');
    const chunks = await index.indexSource(COLLECTIONS, parse(text, COLLECTIONS));
    assert.ok(chunks.some((c) => c.symbol === 'extra'));
    assert.equal(index.readCode(`${COLLECTIONS}#extra`)?.changed, false);
    // Without the exclusion, the deleted file goes.
    assert.equal((await index.refresh({})).removed, 1);
    await assert.rejects(index.refresh({ exclude: new Set(['../outside.ts']) }), /relative to the workspace root/);
  });

  it('indexSource changes only memory; save writes, once', async () => {
    const index = await open();
    await index.refresh();
    const meta = join(storeDir(), 'meta.json');
    const savedAt = (await stat(meta)).mtimeMs;
    const namesBefore = (await readdir(storeDir())).sort();
    const text = (await readFile(join(repo.path, COLLECTIONS), 'utf8')) + EXTRA_FUNCTION;
    await index.indexSource(COLLECTIONS, parse(text, COLLECTIONS));
    assert.deepEqual((await readdir(storeDir())).sort(), namesBefore);
    assert.equal((await stat(meta)).mtimeMs, savedAt);
    assert.equal((await open()).readCode(`${COLLECTIONS}#extra`), undefined);

    await index.save();
    assert.ok((await open()).readCode(`${COLLECTIONS}#extra`));
    const names = await readdir(storeDir());
    assert.deepEqual(names.filter((n) => n !== 'walk.json').length, 2, 'one metadata and one vector file');
    const resavedAt = (await stat(meta)).mtimeMs;
    await index.save();
    assert.equal((await stat(meta)).mtimeMs, resavedAt, 'nothing pending, nothing written');
  });

  it('a process that exits without save leaves the previous store intact and loadable', async () => {
    await (await open()).refresh();
    const before = (await open()).stats();
    await appendFile(join(repo.path, COLLECTIONS), EXTRA_FUNCTION);

    // Indexes a changed file, then exits without saving.
    const afterIndexSource = await runChild(repo.path, `
      const index = await CodeIndex.open({ root, embedder: new StructuralEmbedder() });
      const rel = ${JSON.stringify(COLLECTIONS)};
      const { readFile } = await import('node:fs/promises');
      const chunks = await index.indexSource(rel, parse(await readFile(root + '/' + rel, 'utf8'), rel));
      if (!chunks.some((c) => c.symbol === 'extra')) throw new Error('not indexed');
      process.exit(3);
    `);
    assert.equal(afterIndexSource, 3);
    const reopened = await open();
    assert.deepEqual([reopened.stats().openedFrom, reopened.stats().chunks], ['store', before.chunks]);
    assert.equal(reopened.readCode(`${COLLECTIONS}#extra`), undefined);

    // Dies in the middle of a rebuild.
    const midRebuild = await runChild(repo.path, `
      const inner = new StructuralEmbedder();
      let calls = 0;
      const embedder = {
        id: inner.id,
        dimensions: inner.dimensions,
        embed(inputs) {
          if (++calls === 3) { console.error('exiting on purpose'); process.exit(4); }
          return inner.embed(inputs);
        },
      };
      const index = await CodeIndex.open({ root, embedder });
      await index.rebuild();
    `);
    assert.equal(midRebuild, 4);
    const afterCrash = await open();
    assert.deepEqual([afterCrash.stats().openedFrom, afterCrash.stats().chunks], ['store', before.chunks]);
    assert.ok(afterCrash.readCode(`${COLLECTIONS}#sumBy`));
  });

  it('a failed rebuild keeps the previous index in memory and on disk', async () => {
    await (await open()).refresh();
    const index = await CodeIndex.open({ root: repo.path, embedder: new FailingEmbedder(3) });
    assert.equal(index.stats().openedFrom, 'store');
    await assert.rejects(index.rebuild(), /embedder down/);
    assert.equal(index.stats().chunks, 19);
    assert.ok(index.readCode(`${COLLECTIONS}#sumBy`));
    await index.save();
    const reopened = await open();
    assert.deepEqual([reopened.stats().openedFrom, reopened.stats().chunks], ['store', 19]);
  });

  it('leaves out a file too deeply nested to chunk, with a notice, and indexes the rest', async () => {
    // 3,000 nested functions: the normaliser's recursion overflows the stack. Before, the whole refresh failed,
    // and with it the duplicate search of every review of the workspace. (Should the normaliser ever take it,
    // the file is simply indexed; what must hold is that the refresh and the other files are unaffected.)
    const deep = `${Array.from({ length: 3000 }, (_, i) => `function f${i}() {`).join('\n')}\n${'}'.repeat(3000)}\n`;
    await writeFile(join(repo.path, 'src/deep.ts'), deep);
    const index = await open();
    const stats = await index.refresh();
    assert.equal(stats.files - (index.readCode('src/deep.ts#f0') ? 1 : 0), FIXTURE_FILES);
    assert.ok(index.readCode(`${COLLECTIONS}#sumBy`));
    if (!index.readCode('src/deep.ts#f0')) {
      assert.match(index.stats().notices.join('\n'), /^src\/deep\.ts could not be chunked \(RangeError: Maximum call stack size exceeded\); it is left out of the index$/m);
    }
  });

  it('leaves files it did not write in its folder through refresh, rebuild and discard', async () => {
    const index = await open();
    await index.refresh();
    const foreign = ['notes.tmp', 'meta.json.bak', 'vectors.txt', 'vectors-1.hnsw.orig', '.review-guard-tmp-x'];
    for (const name of foreign) await writeFile(join(storeDir(), name), 'not the index');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(join(storeDir(), 'notes.tmp'), old, old);
    await appendFile(join(repo.path, COLLECTIONS), EXTRA_FUNCTION);
    await index.refresh();
    await index.rebuild();
    await writeFile(join(storeDir(), 'meta.json'), '{"formatVersion":1,');
    assert.equal((await open()).stats().openedFrom, 'discarded');
    assert.deepEqual((await readdir(storeDir())).sort(), [...foreign].sort());
  });
});
