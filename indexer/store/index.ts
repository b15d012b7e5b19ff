/**
 * @fileoverview The persisted index: the store's on-disk format and checksums
 * (`format.ts`, `integrity.ts`), the writers' lock and whether its holder is
 * alive (`lock.ts`, `process-alive.cts`), the store itself (`store.ts`) and a read-only look for
 * the doctor (`inspect.ts`). Imports the vectors room and the workspace I/O.
 */
export type { StoreIdentity } from './format.js';
export { inspectStore, type StoreSummary } from './inspect.js';
export { StoreLockedError, type StoreLockOptions } from './lock.js';
export { processExists } from './process-alive.cjs';
export { IndexStore } from './store.js';
