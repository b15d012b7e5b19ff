/**
 * @fileoverview The doctor's look at the similarity index: does it exist,
 * how big and old is it, which embedders built it, would the current config
 * reuse it or rebuild it, and how far the workspace has moved on since it
 * was written. Read-only: it opens no index and loads no vectors.
 */
import { join } from 'node:path';
import { inspectStore, StructuralEmbedder, walkSourceFiles, type StoreSummary } from '../../../indexer/index.js';
import { ollamaEmbedderId, transformersEmbedderId } from '../../../indexer/embedders/neural/index.js';
import { fileSelectionOf, type Config } from '../config/index.js';
import { INDEX_DIR } from '../service.js';
import { check, type HealthCheck } from './report.js';

const FIX = 'review-guard index';

/** Checks the index of `root`; `config` undefined (invalid) checks only what is on disk. */
export async function indexCheck(root: string, config: Config | undefined, now = Date.now()): Promise<HealthCheck> {
  if (config && !config.index.enabled) return check('index', 'info', 'not used: the index is off (index.enabled: false)');
  const dir = join(root, INDEX_DIR);
  const structural = new StructuralEmbedder();
  const identity = config && {
    embedderId: structural.id,
    dimensions: structural.dimensions,
    chunking: { minCodeLines: config.index.minLines, minTokens: config.index.minTokens },
  };
  const store = await inspectStore(dir, identity);
  if (store.status === 'missing') {
    return check('index', 'warn', `no index yet in ${INDEX_DIR}; the first review builds it, which is slow on a large workspace`, {
      fix: FIX,
      details: { dir, exists: false },
    });
  }
  if (store.status === 'unreadable') {
    return check('index', 'warn', `the index in ${INDEX_DIR} is unusable (${store.reason}); the next review rebuilds it`, {
      fix: `${FIX} --rebuild`,
      details: { dir, exists: true, problem: store.reason },
    });
  }
  const summary = describeStore(store, now);
  const details: Record<string, unknown> = {
    dir,
    exists: true,
    files: store.files.size,
    chunks: store.chunks,
    bytes: store.bytes,
    savedAt: store.savedAt.toISOString(),
    ageMs: Math.max(0, now - store.savedAt.getTime()),
    embedders: [store.embedder.id, ...(store.semantic ? [store.semantic.id] : [])],
  };
  if (store.incompatible) {
    return check('index', 'warn', `${summary}; it no longer fits the config (${store.incompatible}), so the next review rebuilds it`, { fix: FIX, details });
  }
  const semanticGap = config && semanticProblem(store, config);
  if (semanticGap) return check('index', 'warn', `${summary}; ${semanticGap}`, { fix: FIX, details });
  if (!config) return check('index', 'info', `${summary} (not compared with the workspace: the config is invalid)`, { details });
  const drift = await driftSince(root, store, config);
  Object.assign(details, drift);
  const moved = drift.changed + drift.added + drift.removed;
  if (moved === 0) return check('index', 'ok', `${summary}; up to date with the workspace`, { details });
  const parts = [`${drift.changed + drift.added} file(s) new or changed`, ...(drift.removed ? [`${drift.removed} removed`] : [])];
  return check('index', 'info', `${summary}; ${parts.join(', ')} since (the next review or index updates them)`, { fix: FIX, details });
}

function describeStore(store: StoreSummary & { status: 'found' }, now: number): string {
  const embedders = [`${store.embedder.id} (${store.embedder.dimensions}-d)`];
  if (store.semantic) embedders.push(`${store.semantic.id} (${store.semantic.dimensions}-d)`);
  return (
    `${store.files.size} files, ${store.chunks} chunks, ${formatBytes(store.bytes)}, written ${formatAge(now - store.savedAt.getTime())}; ` +
    `embedders ${embedders.join(' + ')}`
  );
}

/** Why the stored semantic vectors do not serve the configured semantic embedder, if they do not. */
function semanticProblem(store: StoreSummary & { status: 'found' }, config: Config): string | undefined {
  const semantic = config.index.semantic;
  if (!semantic) return undefined;
  const wanted = semantic.provider === 'transformers' ? transformersEmbedderId(semantic.model, semantic.quantized) : ollamaEmbedderId(semantic.model);
  if (!store.semantic) return `it has no semantic vectors for ${wanted} yet`;
  if (store.semantic.id !== wanted) return `its semantic vectors come from ${store.semantic.id}, not ${wanted}, and are embedded again at the next index`;
  if (store.semantic.missing > 0) return `${store.semantic.missing} chunk(s) lack semantic vectors (the embedder failed for them)`;
  return undefined;
}

/** Files on disk the store has not seen in their current state, by size and modification time (as refresh decides). */
async function driftSince(root: string, store: StoreSummary & { status: 'found' }, config: Config) {
  const onDisk = await walkSourceFiles(root, fileSelectionOf(config));
  let changed = 0;
  let added = 0;
  for (const entry of onDisk) {
    const known = store.files.get(entry.relPath);
    if (!known) added++;
    else if (known.size !== entry.size || known.mtimeMs !== entry.mtimeMs) changed++;
  }
  const present = new Set(onDisk.map((e) => e.relPath));
  const removed = [...store.files.keys()].filter((file) => !present.has(file)).length;
  return { changed, added, removed };
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 48 * 3600) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86400)} days ago`;
}
