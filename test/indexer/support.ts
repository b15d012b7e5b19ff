/**
 * @fileoverview Indexer test support: temp folders, a private copy of the
 * small fixture workspace, and parsing shortcuts.
 */
import { cp, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSourceFile, languageForPath, type SourceFile } from '../../syntax/index.js';

/** fixtures/indexer/small-repo (tests run from dist/test/indexer). */
export const SMALL_REPO = fileURLToPath(new URL('../../../fixtures/indexer/small-repo', import.meta.url));

/** A temp folder removed by `remove`. */
export interface TempDir {
  readonly path: string;
  remove(): Promise<void>;
}

/** An empty temp folder (real path, so symlink checks compare like with like). */
export async function makeTempDir(prefix = 'rg-indexer-'): Promise<TempDir> {
  const path = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** A temp copy of the small fixture workspace. */
export async function copySmallRepo(): Promise<TempDir> {
  const dir = await makeTempDir('rg-small-repo-');
  await cp(SMALL_REPO, dir.path, { recursive: true });
  return dir;
}

/** Parses `text` as the language of `path` (TypeScript when unknown). */
export function parse(text: string, path = 'src/example.ts'): SourceFile {
  return createSourceFile(path, text, languageForPath(path) ?? 'typescript');
}
