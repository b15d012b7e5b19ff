/**
 * @fileoverview Where the syntax binding is loaded from (node-gyp-build): a
 * prebuild under `prebuilds/<platform>-<arch>/` serves when there is no
 * source build, and neither gives a SyntaxBindingError that says where it
 * looked and how to fix it. Run in a child process: a process loads the
 * binding once. `REVIEW_GUARD_PREBUILD` is node-gyp-build's override of the
 * folder it searches, here a folder without a `build/`.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { makeTempDir, REPO_ROOT, type TempDir } from '../support/sample-repo.js';

const NATIVE_MODULE = join(REPO_ROOT, 'dist', 'syntax', 'native.js');
const SOURCE_BUILD = join(REPO_ROOT, 'build', 'Release', 'review_guard_syntax.node');

/** Loads the binding in a child whose node-gyp-build searches `folder`; what the child printed. */
async function loadIn(folder: string): Promise<string> {
  const script = `
    const { syntaxBinding } = await import(${JSON.stringify(NATIVE_MODULE)});
    try { console.log('loaded', typeof syntaxBinding().parse); } catch (error) { console.log(error.name + ': ' + error.message); }`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, REVIEW_GUARD_PREBUILD: folder },
  });
  return stdout.trim();
}

describe('syntax binding loading', () => {
  let tmp: TempDir;
  beforeEach(async () => {
    tmp = await makeTempDir('rg-prebuild-');
  });
  afterEach(() => tmp.remove());

  it('loads the prebuild for this platform when there is no source build', async () => {
    const folder = join(tmp.path, 'prebuilds', `${process.platform}-${process.arch}`);
    await mkdir(folder, { recursive: true });
    await copyFile(SOURCE_BUILD, join(folder, 'review-guard.node'));
    assert.equal(await loadIn(tmp.path), 'loaded function');
  });

  it('without a build or a prebuild, says where it looked, for which platform, and how to fix it', async () => {
    const out = await loadIn(tmp.path);
    assert.match(out, /^SyntaxBindingError: review-guard's syntax binding could not be loaded from .* \(No native build was found for platform=/);
    assert.match(out, /To build it: run `npm rebuild review-guard` .* \(the package ships it prebuilt for linux x64\/arm64/);
  });
});
