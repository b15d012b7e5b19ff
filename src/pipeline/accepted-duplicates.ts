/**
 * @fileoverview Duplicates a person accepted ("keep the new function"):
 * recorded per pair under .review-guard/ and not reported again for that
 * pair, by any adapter. A pair is the new symbol in its file and the
 * existing symbol it copies.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { readInsideRoot } from '../../indexer/index.js';
import { withoutFindings } from './findings.js';
import type { Finding, ReviewResult } from './schemas.js';

const PairSchema = z.object({ file: z.string(), symbol: z.string(), relatedFile: z.string(), relatedSymbol: z.string() });
export type DuplicatePair = z.infer<typeof PairSchema>;
const StoreSchema = z.object({ version: z.literal(1), accepted: z.array(PairSchema.extend({ acceptedAt: z.string() })) });

const ACCEPTED_DUPLICATES_FILE = '.review-guard/accepted-duplicates.json';

/** The pair a duplicate finding is about, when it names both sides. */
export function duplicatePair(finding: Finding): DuplicatePair | undefined {
  const related = finding.related?.[0];
  if (finding.rule !== 'duplicate' || !finding.symbol || !related?.symbol) return undefined;
  return { file: finding.file, symbol: finding.symbol, relatedFile: related.file, relatedSymbol: related.symbol };
}

function key(pair: DuplicatePair): string {
  return JSON.stringify([pair.file, pair.symbol, pair.relatedFile, pair.relatedSymbol]);
}

export class AcceptedDuplicates {
  private readonly path: string;

  constructor(private readonly root: string) {
    this.path = join(root, ACCEPTED_DUPLICATES_FILE);
  }

  /** Records `pairs` as accepted. */
  async add(pairs: readonly DuplicatePair[]): Promise<void> {
    if (pairs.length === 0) return;
    const store = await this.read();
    const known = new Set(store.accepted.map(key));
    const acceptedAt = new Date().toISOString();
    for (const pair of pairs) if (!known.has(key(pair))) store.accepted.push({ ...pair, acceptedAt });
    await mkdir(dirname(this.path), { recursive: true });
    await writeFile(this.path, `${JSON.stringify(store, null, 2)}\n`);
  }

  /** The result without duplicate findings for accepted pairs, counts recomputed. */
  async filter(result: ReviewResult): Promise<ReviewResult> {
    // Most reviews (every hook call without a copy) have no duplicate to look up: no file read.
    if (!result.findings.some((f) => f.rule === 'duplicate')) return result;
    const accepted = new Set((await this.read()).accepted.map(key));
    if (accepted.size === 0) return result;
    return withoutFindings(result, (f) => {
      const pair = duplicatePair(f);
      return pair !== undefined && accepted.has(key(pair));
    });
  }

  private async read(): Promise<z.infer<typeof StoreSchema>> {
    // Through the workspace guard: a link out of the root is not read.
    const read = await readInsideRoot(this.root, this.path, { links: 'inside' });
    try {
      if (read.ok) return StoreSchema.parse(JSON.parse(read.bytes.toString('utf8')));
    } catch {
      // A broken file is rewritten by the next add.
    }
    // Missing, unreadable or refused: nothing accepted.
    return { version: 1, accepted: [] };
  }
}
