/**
 * @fileoverview The guarded workspace I/O every layer may use: a cloned repository is
 * untrusted, so files are read by opening first and checking what was opened
 * (`read.ts`), written only through folders that no link can redirect
 * (`write.ts`, `create-once.ts`), kept inside the root (`root-paths.ts`), and
 * their line ends read as the parser counts them (`line-ends.ts`). Imports
 * nothing of the project.
 */
export { withLineFeeds } from './line-ends.js';
export { type GuardedRead, readInsideRoot, readInsideRootSync, type ReadRefusal } from './read.js';
export { isWithinRoot, leavesRoot } from './root-paths.js';
export { type LinkPolicy, readBeforeRewrite, resolveWorkspacePath, WorkspaceFolder, WorkspaceLinkError, writeWorkspaceFile } from './write.js';
