/**
 * @fileoverview The few git questions a review asks (`questions.ts`) and how this
 * process runs git: directly or through one small helper process in the
 * daemon (`runner.ts`, `helper.ts`).
 */
export { changedPaths, gitIgnoreStatus, hasHead, isGitWorkTree, stagedPaths, stagedText, trackedPaths, untrackedPaths, zeroContextDiff } from './questions.js';
export { useGitHelper } from './runner.js';
