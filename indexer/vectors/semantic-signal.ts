/**
 * @fileoverview The optional second signal of an index: a semantic (neural)
 * embedder and its vectors, stored under the same labels as the structural
 * ones. It never fails an index operation: when the embedder throws or
 * answers malformed vectors, the call goes on with the structural signal
 * alone (a `SemanticCall` stops asking after the first failure), a notice
 * is recorded, and the chunks left without a semantic vector are embedded
 * by a later refresh (`backfill`).
 */
import type { Catalog, CatalogEntry } from '../catalog.js';
import type { Embedder } from '../embedders/index.js';
import { HnswIndex } from './hnsw-index.js';
import type { Notices } from '../notices.js';

/** Texts per backfill request. */
const BACKFILL_BATCH = 64;

/** One index operation's use of the semantic embedder: after a failure it is not asked again. */
export class SemanticCall {
  failed = false;
}

/** The semantic embedder, its vectors and where its failures are told. */
export class SemanticSignal {
  constructor(
    readonly embedder: Embedder,
    public vectors: HnswIndex,
    private readonly notices: Notices,
  ) {}

  /** A new signal with no vectors yet. */
  static empty(embedder: Embedder, notices: Notices): SemanticSignal {
    return new SemanticSignal(embedder, HnswIndex.create(embedder.dimensions), notices);
  }

  /**
   * One vector per text, or undefined when the embedder failed now or
   * earlier in `call` (then a notice says `what` went without it).
   */
  async embed(call: SemanticCall, texts: readonly string[], what: string): Promise<Float32Array[] | undefined> {
    if (call.failed) return undefined;
    if (texts.length === 0) return [];
    const { id, dimensions } = this.embedder;
    try {
      const vectors = await this.embedder.embed(texts.map((text) => ({ text, tokens: [] })));
      if (vectors.length !== texts.length || vectors.some((v) => v.length !== dimensions)) {
        throw new Error(`returned ${vectors.length} vector(s) for ${texts.length} text(s), expected ${dimensions}-dimensional ones`);
      }
      return vectors;
    } catch (error) {
      call.failed = true;
      const detail = error instanceof Error ? error.message : String(error);
      this.notices.add(`semantic embedder ${id} failed (${detail}); ${what} used the structural signal alone`);
      return undefined;
    }
  }

  /** Adds `vectors[i]` under `labels[i]`. */
  addAll(labels: readonly number[], vectors: readonly Float32Array[]): void {
    labels.forEach((label, i) => this.vectors.add(label, vectors[i]!));
  }

  /**
   * Embeds the chunks of `catalog` that have no semantic vector yet (indexed
   * while the embedder failed, or stored by another one), as far as their
   * text can still be read; stops at the first failure. Returns how many
   * vectors it added.
   */
  async backfill(call: SemanticCall, catalog: Catalog, chunkText: (entry: CatalogEntry) => string | undefined): Promise<number> {
    const pending: { label: number; text: string }[] = [];
    let added = 0;
    const flush = async (): Promise<boolean> => {
      const vectors = await this.embed(call, pending.map((p) => p.text), 'the semantic backfill');
      if (vectors) this.addAll(pending.map((p) => p.label), vectors);
      added += vectors?.length ?? 0;
      pending.length = 0;
      return vectors !== undefined;
    };
    for (const label of catalog.labels()) {
      if (this.vectors.has(label)) continue;
      const text = chunkText(catalog.chunkByLabel(label)!);
      if (text === undefined) continue;
      pending.push({ label, text });
      if (pending.length === BACKFILL_BATCH && !(await flush())) return added;
    }
    if (pending.length > 0) await flush();
    return added;
  }
}
