/**
 * No spread of an unbounded list into a call in the shipped sources:
 * `push(...list)`, `splice(i, n, ...list)`, `Math.max(...list)` put every
 * element on the call stack, and past ~100k elements (a crafted file's
 * findings) that is a RangeError that ends the whole review. Found with
 * review-guard's own parser; the few spreads left are bounded, each with
 * the reason why.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createSourceFile, languageForPath } from '../../syntax/index.js';
import { REPO_ROOT } from '../support/sample-repo.js';

const PRODUCT_FOLDERS = ['workspace', 'syntax', 'rules', 'indexer', 'models', 'src'];

/** `file: spread` → why its list is small. */
const BOUNDED: Readonly<Record<string, string>> = {
  'indexer/embedders/neural/transformers-embedder.ts: ...modelId.split(\'/\')': 'path segments of a model id',
  'indexer/embedders/neural/transformers-embedder.ts: ...(await extract(this.extractor, texts, this.id))': 'one batch: at most batchSize vectors',
  'indexer/indexed-text.ts: ...relPath.split(\'/\')': 'path segments, bounded by the path length limit',
  'indexer/walk/dirty-paths.ts: ...rel.split(\'/\')': 'path segments',
  'indexer/walk/path-filter.ts: ...relDir.split(\'/\')': 'path segments (two calls)',
  'indexer/walk/watcher.ts: ...rel.split(\'/\')': 'path segments',
  'workspace/write.ts: ...names.slice(i + 1)': 'path segments',
  'src/pipeline/config/load.ts: ...name.split(\'/\')': 'path segments of a config file name',
  'src/cli/claude-code.ts: ...subcommand': 'a subcommand and its few flags',
  'src/pipeline/service.ts: ...status.notices.slice(-fresh)': 'the index keeps at most 20 notices',
};

/** Every spread argument of a call or `new` in the product sources, as `file: spread`. */
function callSpreads(): Set<string> {
  const files = execFileSync('git', ['ls-files', ...PRODUCT_FOLDERS.flatMap((f) => [`${f}/*.ts`, `${f}/*.cts`])], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const found = new Set<string>();
  for (const path of files) {
    const language = languageForPath(path);
    if (!language) continue;
    const file = createSourceFile(path, readFileSync(join(REPO_ROOT, path), 'utf8'), language);
    for (const spread of file.root.descendantsOfType('spread_element')) {
      if (spread.parent?.type === 'arguments') found.add(`${path}: ${spread.text}`);
    }
  }
  return found;
}

describe('call spreads in the shipped sources', () => {
  const found = callSpreads();

  it('spread only lists that are small by construction', () => {
    const unbounded = [...found].filter((key) => !(key in BOUNDED));
    assert.deepEqual(unbounded, [], 'loop, concat or reduce instead (or, if the list is bounded, add it to BOUNDED with the reason)');
  });

  it('lists no spread that is gone', () => {
    assert.deepEqual(Object.keys(BOUNDED).filter((key) => !found.has(key)), []);
  });
});
