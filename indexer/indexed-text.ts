/**
 * @fileoverview The text of indexed files, as it was indexed. The index
 * stores no code; text is read back from disk and accepted only when its
 * hash still matches, with a small cache so repeated snippet and readCode
 * calls on the same files (and files indexed from unsaved text) are cheap.
 * Read back through the guard as the walk read them (workspace-read.ts):
 * a file now reached through a symlink is not read, so a folder swapped for
 * a link cannot feed snippets or `read_code` from outside the root.
 */
import path from 'node:path';
import { contentHash } from './hash.js';
import { SizedLru } from './sized-lru.js';
import { withLineFeeds, readInsideRootSync } from '../workspace/index.js';

/**
 * Characters of the most recently used files kept in memory: the candidates
 * of one review span dozens of files, and the next edit's mostly the same
 * ones (a warm process then reads and hashes none of them again).
 */
const CACHE_CHARS = 4 * 1024 * 1024;

/** Looks up file text by relative path and indexed content hash. */
export class IndexedTexts {
  private readonly cache = new SizedLru<{ hash: string; text: string }>(CACHE_CHARS);

  constructor(
    private readonly root: string,
    private readonly maxFileBytes: number,
  ) {}

  /** Keeps `text` as the indexed text of `relPath` (it may differ from disk). */
  remember(relPath: string, hash: string, text: string): void {
    this.cache.set(relPath, { hash, text }, text.length);
  }

  /** The text of `relPath` if it still hashes to `hash`, else undefined (changed or gone). */
  get(relPath: string, hash: string): string | undefined {
    const cached = this.cache.get(relPath);
    if (cached?.hash === hash) return cached.text;
    const read = readInsideRootSync(this.root, path.join(this.root, ...relPath.split('/')), { links: 'refuse', maxBytes: this.maxFileBytes });
    if (!read.ok) return undefined;
    const text = withLineFeeds(read.bytes.toString('utf8'));
    if (contentHash(text) !== hash) return undefined;
    this.remember(relPath, hash, text);
    return text;
  }
}
