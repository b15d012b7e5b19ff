/**
 * @fileoverview Test support: temp folders, a private copy of
 * fixtures/sample-repo in one (so indexes written by tests never land in the
 * checkout), and the paths of the built CLI.
 */
import { cp, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (tests run from dist/test/…). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CLI_PATH = join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.cjs');
export const SAMPLE_REPO = join(REPO_ROOT, 'fixtures', 'sample-repo');

/** A temp folder removed by `remove`. */
export interface TempDir {
  readonly path: string;
  remove(): Promise<void>;
}

/** An empty temp folder (real path, so symlink checks compare like with like). */
export async function makeTempDir(prefix = 'rg-test-'): Promise<TempDir> {
  const path = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * A temp folder holding a workspace root `repo/` and a folder `outside/`
 * beside it (the target of hostile links), with `files` written (paths
 * relative to the temp folder).
 */
export async function makeRootBesideOutside(prefix: string, files: Readonly<Record<string, string>> = {}): Promise<TempDir> {
  const base = await makeTempDir(prefix);
  await mkdir(join(base.path, 'repo'));
  await mkdir(join(base.path, 'outside'));
  for (const [relPath, text] of Object.entries(files)) {
    await mkdir(dirname(join(base.path, relPath)), { recursive: true });
    await writeFile(join(base.path, relPath), text);
  }
  return base;
}

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
  const { path: root, remove } = await makeTempDir('rg-sample-');
  // A demo run leaves an index in the fixture; each test starts without one.
  await cp(source, root, { recursive: true, filter: (src) => !src.includes('.review-guard') });
  if (config !== undefined) await writeFile(join(root, 'review-guard.config.json'), JSON.stringify(config));
  return { root, remove };
}
