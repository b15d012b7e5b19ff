/**
 * @fileoverview The guarded write path: links leading out of the root are
 * refused before anything is read or written, links inside are followed (and
 * stay links), review-guard's own tree takes no link at all, and a write
 * replaces a file by rename without touching what a planted link points to.
 */
import assert from 'node:assert/strict';
import { chmod, lstat, mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { readBeforeRewrite, resolveWorkspacePath, WorkspaceFolder, WorkspaceLinkError, writeWorkspaceFile } from '../../workspace/write.js';
import { makeRootBesideOutside, type TempDir } from '../support/sample-repo.js';

const CANARY = 'outside: must stay as it is\n';

describe('writeWorkspaceFile', () => {
  let tmp: TempDir;
  let root: string;
  let outside: string;
  beforeEach(async () => {
    tmp = await makeRootBesideOutside('rg-write-', { 'outside/target': CANARY });
    root = join(tmp.path, 'repo');
    outside = join(tmp.path, 'outside');
  });
  afterEach(() => tmp.remove());

  const refusal = (pattern: RegExp) => (error: unknown) => error instanceof WorkspaceLinkError && pattern.test(error.message);

  it('refuses a file that is a link to a file outside the root, naming it and the fix', async () => {
    await symlink(join(outside, 'target'), join(root, '.mcp.json'));
    await assert.rejects(
      writeWorkspaceFile(root, '.mcp.json', 'new', 'inside'),
      refusal(/^`\.mcp\.json` is a symlink to a file outside the workspace root; review-guard does not read or write through it — replace the link or edit the target yourself$/),
    );
    await assert.rejects(readBeforeRewrite(root, '.mcp.json', 'inside'), WorkspaceLinkError, 'refused before it is read');
    assert.equal(await readFile(join(outside, 'target'), 'utf8'), CANARY);
    assert.equal(await readlink(join(root, '.mcp.json')), join(outside, 'target'), 'the link is left alone');
  });

  it('refuses a folder on the way that links outside, and a dangling link leading out', async () => {
    await symlink(outside, join(root, '.claude'));
    await assert.rejects(writeWorkspaceFile(root, '.claude/settings.json', '{}', 'inside'), refusal(/^`\.claude` is a symlink to a folder outside the workspace root/));
    await symlink(join(outside, 'missing'), join(root, 'CLAUDE.md'));
    await assert.rejects(writeWorkspaceFile(root, 'CLAUDE.md', 'x', 'inside'), refusal(/^`CLAUDE\.md` is a symlink to a file outside/));
    assert.deepEqual((await readdir(outside)).sort(), ['target']);
  });

  it('follows a link inside the root: the real file is rewritten and the link stays a link', async () => {
    await mkdir(join(root, 'docs'));
    await writeFile(join(root, 'docs', 'agents.md'), 'old\n');
    await symlink('docs/agents.md', join(root, 'AGENTS.md'));
    assert.equal(await readBeforeRewrite(root, 'AGENTS.md', 'inside'), 'old\n');
    await writeWorkspaceFile(root, 'AGENTS.md', 'new\n', 'inside');
    assert.equal(await readFile(join(root, 'docs', 'agents.md'), 'utf8'), 'new\n');
    assert.ok((await lstat(join(root, 'AGENTS.md'))).isSymbolicLink());
  });

  it("in review-guard's own tree refuses every link, even one inside the root", async () => {
    await mkdir(join(root, 'elsewhere'));
    await symlink('elsewhere', join(root, '.review-guard'));
    await assert.rejects(writeWorkspaceFile(root, '.review-guard/accepted-duplicates.json', '{}', 'none'), refusal(/^`\.review-guard` is a symlink; review-guard writes its own files only into real folders/));
    assert.deepEqual(await readdir(join(root, 'elsewhere')), []);
    await assert.rejects(WorkspaceFolder.open(root, '.review-guard/index', { create: true }), refusal(/^`\.review-guard` is a symlink/));
    assert.deepEqual(await readdir(join(root, 'elsewhere')), [], 'no folder was made through the link');
  });

  it('creates missing folders one level at a time and replaces a file by rename, keeping its permissions', async () => {
    await writeWorkspaceFile(root, '.claude/settings.json', '{"a":1}', 'inside');
    assert.equal(await readFile(join(root, '.claude', 'settings.json'), 'utf8'), '{"a":1}');
    await chmod(join(root, '.claude', 'settings.json'), 0o600);
    const before = await stat(join(root, '.claude', 'settings.json'));
    await writeWorkspaceFile(root, '.claude/settings.json', '{"a":2}', 'inside');
    const after = await stat(join(root, '.claude', 'settings.json'));
    assert.notEqual(after.ino, before.ino, 'a new file renamed into place');
    assert.equal(after.mode & 0o777, 0o600);
    assert.deepEqual(await readdir(join(root, '.claude')), ['settings.json'], 'no temp file left');
  });

  it('a link planted where the store writes is replaced by rename, never written through', async () => {
    await mkdir(join(root, '.review-guard', 'index'), { recursive: true });
    await symlink(join(outside, 'target'), join(root, '.review-guard', 'index', 'meta.json'));
    const folder = await WorkspaceFolder.open(root, '.review-guard/index', { create: false });
    try {
      await folder!.writeFile('meta.json', '{}');
    } finally {
      await folder!.close();
    }
    assert.equal(await readFile(join(outside, 'target'), 'utf8'), CANARY);
    assert.ok((await lstat(join(root, '.review-guard', 'index', 'meta.json'))).isFile());
  });

  it('refuses paths that leave the root lexically', () => {
    assert.throws(() => resolveWorkspacePath(root, '../outside/target', 'inside'), refusal(/^`\.\.\/outside\/target` is outside the workspace root/));
  });
});
