/**
 * @fileoverview Duplicates a person accepted ("keep the new function"):
 * recorded per pair under .review-guard/ and not reported again for that
 * pair, by any adapter. A pair is the new symbol in its file and the
 * existing symbol it copies.
 */
import { z } from 'zod';
import { WorkspaceLinkError, writeWorkspaceFile } from '../../../workspace/index.js';
import { readForRewrite } from '../config/index.js';
import { linkRefusalAsUserError } from '../errors.js';
import { withoutFindings } from '../findings/index.js';
import type { Finding, ReviewResult } from '../schemas.js';

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

/** The accepted pairs of one workspace; the file is review-guard's own, so no link on its way is followed (workspace-write.ts). */
export class AcceptedDuplicates {
  constructor(private readonly root: string) {}

  /** Records `pairs` as accepted; a UserError when the file is behind a link. */
  async add(pairs: readonly DuplicatePair[]): Promise<void> {
    if (pairs.length === 0) return;
    try {
      const store = await this.read({ refuseLinks: true });
      const known = new Set(store.accepted.map(key));
      const acceptedAt = new Date().toISOString();
      for (const pair of pairs) if (!known.has(key(pair))) store.accepted.push({ ...pair, acceptedAt });
      await writeWorkspaceFile(this.root, ACCEPTED_DUPLICATES_FILE, `${JSON.stringify(store, null, 2)}\n`, 'none');
    } catch (error) {
      throw linkRefusalAsUserError(error);
    }
  }

  /** The result without duplicate findings for accepted pairs, counts recomputed. */
  async filter(result: ReviewResult): Promise<ReviewResult> {
    // Most reviews (every hook call without a copy) have no duplicate to look up: no file read.
    if (!result.findings.some((f) => f.rule === 'duplicate')) return result;
    const accepted = new Set((await this.read({ refuseLinks: false })).accepted.map(key));
    if (accepted.size === 0) return result;
    return withoutFindings(result, (f) => {
      const pair = duplicatePair(f);
      return pair !== undefined && accepted.has(key(pair));
    });
  }

  /** The recorded pairs; with `refuseLinks`, a file behind a link is an error (else it counts as none recorded). */
  private async read({ refuseLinks }: { refuseLinks: boolean }): Promise<z.infer<typeof StoreSchema>> {
    try {
      const text = await readForRewrite(this.root, ACCEPTED_DUPLICATES_FILE, 'none');
      if (text !== undefined) return StoreSchema.parse(JSON.parse(text));
    } catch (error) {
      if (refuseLinks && error instanceof WorkspaceLinkError) throw error;
      // Unreadable: nothing accepted (a broken file is rewritten by the next add).
    }
    return { version: 1, accepted: [] };
  }
}
