/**
 * @fileoverview Which files the index takes and what changed: the file walk and its
 * path filter (`file-walk.ts`, `path-filter.ts`, `generated.ts`), the
 * watcher of a long-lived index (`watcher.ts`) and what its changed paths
 * mean without a walk (`dirty-paths.ts`), and what the last walk saw in each
 * folder, stored so the next one can skip unchanged folders (`walk-record.ts`).
 */
export { WorkspaceScanner } from './dirty-paths.js';
export { DEFAULT_MAX_FILE_BYTES, readSourceText, type SourceEntry, toWorkspacePath, type WalkOptions, walkSourceFiles } from './file-walk.js';
export { GENERATED_NAME, hasGeneratedMarker } from './generated.js';
export { type FileSelection, PathFilter, SKIPPED_FOLDERS } from './path-filter.js';
export { parseWalkRecord, serializeWalkRecord, type WalkRecord } from './walk-record.js';
