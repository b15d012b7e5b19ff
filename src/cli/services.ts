/**
 * @fileoverview Where a command gets its review service: in process, a
 * fresh one per call (it walks the workspace once and exits); in the warm
 * process (src/cli/daemon/server.ts), the long-lived, watched one.
 */
import { createReviewService, type ReviewService } from '../pipeline/index.js';

export interface ServiceSource {
  get(root: string): Promise<ReviewService>;
  /**
   * The services are long-lived and watched, so bringing the index up to
   * date costs only the files changed since the last call: the hook does
   * it too (in process it searches the stored index, see runHook).
   */
  readonly warm: boolean;
}

/** One service per call, unwatched: the in-process CLI. */
export const oneShotServices: ServiceSource = {
  get: (root) => createReviewService({ root, watch: false, oneShot: true }),
  warm: false,
};
