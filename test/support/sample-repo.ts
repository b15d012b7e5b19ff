/**
 * @fileoverview Test support: a private copy of fixtures/sample-repo in a
 * temp folder (so indexes written by tests never land in the checkout), and
 * the paths of the built CLI.
 */
import { cp, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (tests run from dist/test/…). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CLI_PATH = join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.js');
export const SAMPLE_REPO = join(REPO_ROOT, 'fixtures', 'sample-repo');

export interface SampleRepo {
  readonly root: string;
  remove(): Promise<void>;
}

/** Copies the sample repository; `config` replaces its review-guard.config.json. */
export async function copySampleRepo(config?: unknown): Promise<SampleRepo> {
  return copyFixtureRepo(SAMPLE_REPO, config);
}

/** Copies a fixture repository (e.g. fixtures/polyglot); `config` replaces its review-guard.config.json. */
export async function copyFixtureRepo(source: string, config?: unknown): Promise<SampleRepo> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'rg-sample-')));
  // A demo run leaves an index in the fixture; each test starts without one.
  await cp(source, root, { recursive: true, filter: (src) => !src.includes('.review-guard') });
  if (config !== undefined) await writeFile(join(root, 'review-guard.config.json'), JSON.stringify(config));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
