/**
 * @fileoverview The evidence index of a code index, kept in step with its
 * catalog: built from the chunk records on the first evidence search (a
 * process that never asks pays nothing at load), then updated as files are
 * indexed and dropped.
 */
import { createSourceFile, languageForPath } from '../../syntax/index.js';
import type { Catalog, CatalogEntry, ChunkRecord } from '../catalog.js';
import type { Chunk } from '../chunks/index.js';
import { EvidenceIndex, decodeTermHashes, termHashes, type EvidenceHit } from './evidence-index.js';
import { evidenceTerms } from './terms.js';

/** A chunk of the catalog that shares evidence with the query. */
export interface EvidenceMatch extends EvidenceHit {
  readonly entry: CatalogEntry;
}

/** See the file overview. */
export class EvidenceSignal {
  private index: EvidenceIndex | undefined;

  /** Records indexed since the catalog was loaded (no-op before the first search). */
  added(records: readonly ChunkRecord[]): void {
    if (!this.index) return;
    for (const record of records) this.index.add(record.label, decodeTermHashes(record.evidence) ?? new Uint32Array());
  }

  dropped(labels: readonly number[]): void {
    for (const label of labels) this.index?.remove(label);
  }

  /** Forgets everything; the next search builds it again from the catalog then. */
  reset(): void {
    this.index = undefined;
  }

  /**
   * The chunks of `catalog` that agree most with `chunk`, best first, at most
   * `k`; never the chunk itself nor what overlaps it in its file.
   */
  search(catalog: Catalog, chunk: Chunk, k: number): EvidenceMatch[] {
    const index = this.built(catalog);
    const query = queryTerms(catalog, chunk);
    if (query.length === 0) return [];
    const overlaps = (entry: CatalogEntry | undefined): boolean =>
      entry === undefined ||
      entry.record.id === chunk.id ||
      (entry.file === chunk.file && entry.record.startLine <= chunk.endLine && entry.record.endLine >= chunk.startLine);
    return index
      .search(query, k, (label) => overlaps(catalog.chunkByLabel(label)))
      .map((hit) => ({ ...hit, entry: catalog.chunkByLabel(hit.label)! }));
  }

  /** The rarity weight of a term (see EvidenceIndex.weight), for naming the shared evidence that counts most. */
  weigh(catalog: Catalog, term: string): number {
    return this.built(catalog).weight(termHashes([term])[0]!);
  }

  private built(catalog: Catalog): EvidenceIndex {
    if (this.index) return this.index;
    const index = new EvidenceIndex();
    for (const label of catalog.labels()) {
      const record = catalog.chunkByLabel(label)!.record;
      index.add(label, decodeTermHashes(record.evidence) ?? new Uint32Array());
    }
    this.index = index;
    return index;
  }
}

/** The query's term hashes: as indexed when the chunk is, else from its text. */
function queryTerms(catalog: Catalog, chunk: Chunk): Uint32Array {
  const indexed = catalog.chunk(chunk.id)?.record;
  if (indexed?.hash === chunk.hash) return decodeTermHashes(indexed.evidence) ?? new Uint32Array();
  return termHashes(textEvidence(chunk.text, chunk.file).map((t) => t.term));
}

/** The evidence terms of a piece of code read alone (a candidate's text, a chunk out of its file). */
export function textEvidence(text: string, file: string): ReturnType<typeof evidenceTerms> {
  const language = languageForPath(file);
  if (!language) return [];
  return evidenceTerms(createSourceFile(file, text, language), 0, text.length);
}
