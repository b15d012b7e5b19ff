/**
 * Reads that a hostile repository cannot redirect out of the workspace root
 * with symlinks, without a race: a watched folder swapped for a link (as a
 * `git checkout` of a branch where it is one does) through the real MCP
 * server; config, baseline, package.json, ignore files and the accepted
 * duplicates linked to outside files, whose content (a CANARY string) must
 * never appear in any output, and whose rules must not be applied.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createReviewService, locateWorkspaceRoot } from '../../src/pipeline/index.js';
import { indexedFunction } from '../indexer/support.js';
import { runCli } from '../support/cli.js';
import { CLI_PATH, makeTempDir, type TempDir } from '../support/sample-repo.js';

const CANARY = 'CANARY_7f3';

/** Every file under `dir` as text, to check that a store holds no outside symbol. */
async function allText(dir: string): Promise<string> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const texts = await Promise.all(names.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'latin1')));
  return texts.join('\n');
}

describe('a watched folder swapped for a symlink (real MCP server, watcher on)', () => {
  let base: TempDir;
  let root: string;
  let client: Client;

  beforeEach(async () => {
    base = await makeTempDir('rg-swap-');
    root = join(base.path, 'repo');
    await mkdir(join(root, 'd'), { recursive: true });
    await mkdir(join(root, 'src'));
    await mkdir(join(base.path, 'outside'));
    await writeFile(join(root, 'd', 'file.ts'), indexedFunction('insideHelper'));
    await writeFile(join(root, 'src', 'keep.ts'), indexedFunction('keptHelper'));
    await writeFile(join(base.path, 'outside', 'file.ts'), indexedFunction(`${CANARY}_outsideHelper`));
    client = new Client({ name: 'review-guard-swap', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'serve', '--root', root], env: { ...(process.env as Record<string, string>), OLLAMA_HOST: '' }, stderr: 'pipe' }));
  });
  afterEach(async () => {
    await client.close();
    await base.remove();
  });

  const call = async (name: string, args: Record<string, unknown> = {}): Promise<string> => {
    const reply = await client.callTool({ name, arguments: args });
    assert.notEqual(reply.isError, true, JSON.stringify(reply));
    return JSON.stringify(reply);
  };
  /** Lets the watcher's events arrive (one refresh takes whatever has been queued). */
  const eventsIn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 150));

  const moves: Array<[string, () => string]> = [
    ['moved elsewhere in the root', () => join(root, 'moved')],
    ['moved out of the root', () => join(base.path, 'moved-out')],
  ];
  for (const [how, target] of moves) {
    it(`drops the folder's files and never reads through the link (folder ${how})`, async () => {
      await call('refresh_index');
      assert.match(await call('search_similar_code', { code: indexedFunction('probe'), limit: 10 }), /(?<![\w-])d\/file\.ts/, 'the folder was indexed and watched');
      await rename(join(root, 'd'), target());
      await symlink(join(base.path, 'outside'), join(root, 'd'));
      await eventsIn();
      const replies = [await call('refresh_index'), await call('search_similar_code', { code: indexedFunction('probe'), limit: 10 })];
      // The old folder's watch may still report its changes under d/: they must not be read through the link.
      await writeFile(join(target(), 'file.ts'), indexedFunction('editedHelper'));
      await writeFile(join(base.path, 'outside', 'file.ts'), indexedFunction(`${CANARY}_editedOutside`));
      await eventsIn();
      replies.push(await call('refresh_index'), await call('search_similar_code', { code: indexedFunction('probe'), limit: 10 }), await call('index_status'));
      for (const reply of replies) {
        assert.doesNotMatch(reply, new RegExp(CANARY), 'no outside symbol or text in any reply');
        assert.doesNotMatch(reply, /(?<![\w-])d\/file\.ts/, 'the swapped folder left the index');
      }
      assert.match(replies.at(-2)!, /src\/keep\.ts/, 'the rest of the index still answers');
      await client.close();
      assert.doesNotMatch(await allText(join(root, '.review-guard')), new RegExp(CANARY), 'nothing outside was saved in the index');
    });
  }
});

describe('config, baseline and ignore files linked out of the root', () => {
  let base: TempDir;
  let root: string;
  let outside: string;

  before(async () => {
    base = await makeTempDir('rg-linked-config-');
    outside = join(base.path, 'outside');
    await mkdir(outside);
  });
  after(() => base.remove());
  beforeEach(async () => {
    root = join(base.path, 'repo');
    await rm(root, { recursive: true, force: true });
    await mkdir(join(root, 'src'), { recursive: true });
    await writeFile(join(root, 'src', 'a.ts'), indexedFunction('firstHelper'));
    await writeFile(join(root, 'src', 'b.ts'), indexedFunction('secondHelper'));
  });

  /** A file outside the root holding `text`, linked in at `relPath`. */
  const linkOut = async (relPath: string, text: string): Promise<void> => {
    const file = join(outside, relPath.replace(/\//g, '_'));
    await writeFile(file, text);
    await mkdir(join(root, relPath, '..'), { recursive: true });
    await symlink(file, join(root, relPath));
  };

  const configs: Array<[string, string]> = [
    ['not JSON', `${CANARY} is a secret, not JSON`],
    ['JSON with an unknown key', JSON.stringify({ [CANARY]: 1 })],
    ['JSON with a bad value', JSON.stringify({ maxFileBytes: CANARY })],
  ];
  for (const [what, text] of configs) {
    it(`refuses a linked config (${what}) naming the file and the fix, quoting nothing of it`, async () => {
      await linkOut('review-guard.config.json', text);
      await assert.rejects(createReviewService({ root, watch: false }), (error: Error) => {
        assert.match(error.message, /review-guard\.config\.json resolves through a symlink to a file outside the workspace root, so it is not read; put the file itself/);
        assert.doesNotMatch(error.message, new RegExp(CANARY));
        return true;
      });
      for (const args of [['review', '--no-model', 'src/a.ts'], ['doctor'], ['index']]) {
        const run = await runCli(root, [...args, '--root', root]);
        assert.doesNotMatch(run.stdout + run.stderr, new RegExp(CANARY), `${args[0]} quotes nothing of it`);
        assert.match(run.stdout + run.stderr, /review-guard\.config\.json resolves through a symlink/, `${args[0]} says why`);
      }
    });
  }

  it('follows a config linked to a file inside the root', async () => {
    await writeFile(join(root, 'shared.json'), JSON.stringify({ maxFileBytes: 1234 }));
    await symlink(join(root, 'shared.json'), join(root, 'review-guard.config.json'));
    const service = await createReviewService({ root, watch: false });
    assert.equal(service.loaded.config.maxFileBytes, 1234);
    service.close();
  });

  it('refuses a linked baseline without quoting it, on the command line too', async () => {
    await linkOut('review-guard.baseline.json', `${CANARY} not a baseline`);
    const run = await runCli(root, ['review', '--no-model', '--root', root, 'src/a.ts']);
    assert.equal(run.code, 2);
    assert.match(run.stdout + run.stderr, /`review-guard\.baseline\.json` is a symlink to a file outside the workspace root/);
    assert.doesNotMatch(run.stdout + run.stderr, new RegExp(CANARY));
  });

  it('reads no settings and finds no root marker in a package.json linked out of the root', async () => {
    await linkOut('package.json', JSON.stringify({ reviewGuard: { [CANARY]: true } }));
    const service = await createReviewService({ root, watch: false });
    const notes = service.loaded.notes.join('\n');
    assert.equal(service.loaded.origin, 'defaults');
    assert.match(notes, /package\.json resolves through a symlink .*"reviewGuard" settings in it were not read/);
    assert.doesNotMatch(notes, new RegExp(CANARY));
    const result = await service.review({ files: ['src/a.ts'] }, { model: false });
    assert.doesNotMatch(JSON.stringify(result), new RegExp(CANARY));
    service.close();
    assert.notEqual(locateWorkspaceRoot(join(root, 'src')).chosenBy, 'package-json', 'a linked package.json marks no root');
  });

  for (const ignoreFile of ['.gitignore', '.git/info/exclude', 'src/.gitignore']) {
    it(`applies no rules from a ${ignoreFile} linked out of the root`, async () => {
      // If it were read, its rules would take src/a.ts out of the index.
      await linkOut(ignoreFile, `a.ts\nsrc/a.ts\n# ${CANARY}\n`);
      const service = await createReviewService({ root, watch: false });
      const result = await service.review({ files: ['src/b.ts'] }, { model: false });
      assert.ok(result.findings.some((f) => f.rule === 'duplicate' && f.related?.[0]?.file === 'src/a.ts'), 'src/a.ts is still indexed');
      assert.doesNotMatch(JSON.stringify(result), new RegExp(CANARY));
      service.close();
    });
  }

  it('waits on no FIFO put in place of the config or a .gitignore', { timeout: 10_000 }, async () => {
    execFileSync('mkfifo', [join(root, '.gitignore')]);
    const service = await createReviewService({ root, watch: false });
    const result = await service.review({ files: ['src/b.ts'] }, { model: false });
    assert.equal(result.summary.files[0]?.status, 'reviewed', 'the index walk did not wait on the .gitignore');
    service.close();
    execFileSync('mkfifo', [join(root, 'review-guard.config.json')]);
    await assert.rejects(createReviewService({ root, watch: false }), /review-guard\.config\.json is not a regular file; put a file there/);
  });

  it('quotes nothing of an index store meta.json linked out of the root', async () => {
    await linkOut('.review-guard/index/meta.json', `${CANARY} not a store`);
    const service = await createReviewService({ root, watch: false });
    const result = await service.review({ files: ['src/b.ts'] }, { model: false });
    assert.match(JSON.stringify(result), /index store discarded \(corrupt store: meta\.json is not valid JSON\)/);
    assert.doesNotMatch(JSON.stringify(result), new RegExp(CANARY));
    service.close();
    // The review saved a store of its own in place of the link: link it out again for the doctor.
    await rm(join(root, '.review-guard', 'index', 'meta.json'));
    await linkOut('.review-guard/index/meta.json', `${CANARY} not a store`);
    const doctor = await runCli(root, ['doctor', '--root', root]);
    assert.match(doctor.stdout, /meta\.json is not valid JSON/);
    assert.doesNotMatch(doctor.stdout + doctor.stderr, new RegExp(CANARY), 'the doctor quotes nothing of it either');
  });

  it('does not take accepted duplicates from a file linked out of the root', async () => {
    const pair = { file: 'src/b.ts', symbol: 'secondHelper', relatedFile: 'src/a.ts', relatedSymbol: 'firstHelper', acceptedAt: CANARY };
    await linkOut('.review-guard/accepted-duplicates.json', JSON.stringify({ version: 1, accepted: [pair] }));
    const service = await createReviewService({ root, watch: false });
    const result = await service.review({ files: ['src/b.ts'] }, { model: false });
    assert.ok(result.findings.some((f) => f.rule === 'duplicate'), 'the outside file accepted nothing');
    service.close();
  });
});
