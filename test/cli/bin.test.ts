/**
 * The CLI as users run it: a child process, its output and its exit code.
 */
import assert from 'node:assert/strict';
import { cp, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FindingSchema, ReviewResultSchema } from '../../src/pipeline/index.js';
import { runCli, type CliRun } from '../support/cli.js';
import { copySampleRepo, makeTempDir, REPO_ROOT, type SampleRepo } from '../support/sample-repo.js';

const cli = (cwd: string, ...args: string[]): Promise<CliRun> => runCli(cwd, args);

describe('review-guard CLI', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo();
  });
  after(() => repo.remove());

  it('exits 1 with the findings when a file has error findings', async () => {
    const { code, stdout } = await cli(repo.root, 'review', '--no-model', 'src/handler/settings.ts', 'src/report/messages.ts');
    assert.equal(code, 1, 'messages.ts is over max-lines');
    assert.match(stdout, /warning "parseSettings" duplicates "loadConfig" at src\/config\/load\.ts:13 \(near copy: /);
  });

  it('exits 0 when the findings are warnings (a near copy)', async () => {
    const { code, stdout } = await cli(repo.root, 'review', '--no-model', 'src/handler/settings.ts');
    assert.equal(code, 0);
    assert.match(stdout, /"parseSettings" duplicates "loadConfig"/);
  });

  it('exits 0 when there are no error findings', async () => {
    const { code, stdout } = await cli(repo.root, 'review', '--no-model', 'src/util/strings.ts');
    assert.equal(code, 0);
    assert.match(stdout, /No findings in 1 file/);
  });

  it('prints {findings, summary} as JSON with --json', async () => {
    const { code, stdout } = await cli(repo.root, 'review', '--no-model', '--json', 'src/handler/http-handler.ts');
    assert.equal(code, 0, 'naming findings are warnings');
    const result = ReviewResultSchema.strict().parse(JSON.parse(stdout));
    assert.ok(result.findings.length >= 6);
    for (const finding of result.findings) FindingSchema.strict().parse(finding);
    assert.ok(result.findings.every((f) => f.rule === 'naming' && /^[0-9a-f]{16}$/.test(f.fingerprint)));
    assert.deepEqual(result.summary.files, [{ file: 'src/handler/http-handler.ts', status: 'reviewed', model: 'disabled' }]);
  });

  it('prints SARIF 2.1.0 with --format sarif, and refuses an unknown format', async () => {
    const { code, stdout } = await cli(repo.root, 'review', '--no-model', '--format', 'sarif', 'src/handler/settings.ts', 'src/report/messages.ts');
    assert.equal(code, 1);
    const log = JSON.parse(stdout) as { version: string; runs: { results: { ruleId: string }[] }[] };
    assert.equal(log.version, '2.1.0');
    assert.ok(log.runs[0]!.results.some((r) => r.ruleId === 'duplicate'));
    const bad = await cli(repo.root, 'review', '--format', 'xml', 'src/handler/settings.ts');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--format xml: expected one of text, json, sarif/);
  });

  it('resolves paths from the current folder, inside the root found above it', async () => {
    const { code, stdout } = await cli(join(repo.root, 'src', 'handler'), 'review', '--no-model', 'settings.ts');
    assert.equal(code, 0);
    assert.match(stdout, /^src\/handler\/settings\.ts$/m);
  });

  it('exits 2 naming the file when a file is missing, and still reviews the others', async () => {
    const { code, stdout } = await cli(repo.root, 'review', '--no-model', 'src/missing.ts', 'src/handler/settings.ts');
    assert.equal(code, 2);
    assert.match(stdout, /src\/missing\.ts: error: file not found: src\/missing\.ts/);
    assert.match(stdout, /"parseSettings" duplicates/);
  });

  it('refuses a path outside the root', async () => {
    const { code, stdout } = await cli(repo.root, 'review', '--no-model', '../outside.ts');
    assert.equal(code, 2);
    assert.match(stdout, /outside the workspace root/);
  });

  it('exits 2 on usage errors', async () => {
    assert.equal((await cli(repo.root, 'review')).code, 2);
    assert.equal((await cli(repo.root, 'review', '--frobnicate', 'x.ts')).code, 2);
    const unknown = await cli(repo.root, 'lint');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "lint"/);
    const root = await cli(repo.root, 'review', '--root', 'no/such/dir', 'x.ts');
    assert.equal(root.code, 2);
    assert.match(root.stderr, /--root no\/such\/dir: no such folder/);
  });

  it('exits 2 and names the key when the config is broken', async () => {
    const broken = await copySampleRepo({ model: { maxTurns: 'six' } });
    try {
      const { code, stderr } = await cli(broken.root, 'review', '--no-model', 'src/util/strings.ts');
      assert.equal(code, 2);
      assert.match(stderr, /review-guard\.config\.json: "model\.maxTurns"/);
    } finally {
      await broken.remove();
    }
  });

  it('builds the index and reports what it did', async () => {
    const first = await cli(repo.root, 'index', '--json');
    assert.equal(first.code, 0);
    const stats = JSON.parse(first.stdout) as { files: number; chunks: number; indexed: number };
    assert.equal(stats.files, 5);
    assert.ok(stats.chunks >= 6);
    await writeFile(join(repo.root, 'src', 'util', 'strings.ts'), 'export function shout(s: string): string {\n  const loud = s.toUpperCase();\n  return `${loud}!`;\n}\n');
    const second = JSON.parse((await cli(repo.root, 'index', '--json')).stdout) as { indexed: number; unchanged: number };
    assert.equal(second.indexed, 1, 'only the changed file is re-indexed');
    assert.equal(second.unchanged, 4);
    const rebuilt = JSON.parse((await cli(repo.root, 'index', '--rebuild', '--json')).stdout) as { indexed: number };
    assert.equal(rebuilt.indexed, 5);
  });

  it('rebuilds a corrupt index with a note instead of failing', async () => {
    assert.equal((await cli(repo.root, 'index')).code, 0);
    await writeFile(join(repo.root, '.review-guard', 'index', 'meta.json'), '{"truncated": ');
    const { code, stdout } = await cli(repo.root, 'index');
    assert.equal(code, 0);
    assert.match(stdout, /^note: index store discarded \(.+\); it is rebuilt/m);
    assert.match(stdout, /Indexed .*: 5 files/);
  });

  it('prints help with examples for every command', async () => {
    for (const command of ['review', 'index', 'baseline', 'hook', 'init', 'serve']) {
      const { code, stdout } = await cli(repo.root, command, '--help');
      assert.equal(code, 0);
      assert.match(stdout, new RegExp(`Usage: review-guard ${command}`));
      assert.match(stdout, /Example/);
    }
    assert.match((await cli(repo.root, '--help')).stdout, /Exit codes: 0 no error findings, 1 error findings, 2 usage/);
  });

  it('names the fix, with no stack, when the syntax binding was never built: review, hook and doctor', async () => {
    // An installed package whose install scripts did not run: its dist without build/.
    const install = await makeTempDir();
    try {
      await cp(join(REPO_ROOT, 'dist'), join(install.path, 'dist'), { recursive: true });
      await cp(join(REPO_ROOT, 'package.json'), join(install.path, 'package.json'));
      await symlink(join(REPO_ROOT, 'node_modules'), join(install.path, 'node_modules'));
      const cli = join(install.path, 'dist/src/cli/bin.cjs');
      const installed = (args: string[], input?: string) => runCli(repo.root, args, { cli, ...(input ? { input } : {}) });
      const run = await installed(['review', '--no-model', 'src/util/strings.ts']);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /syntax binding could not be loaded .*run `npm rebuild review-guard`/);
      assert.doesNotMatch(run.stderr, /internal error|\n {4}at /);
      // The Claude Code hook reports it as its own problem (exit 1, shown to the user), not as an internal error.
      const event = { cwd: repo.root, hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: 'src/util/strings.ts' } };
      const hook = await installed(['hook', 'claude-code'], JSON.stringify(event));
      assert.equal(hook.code, 1, hook.stderr);
      assert.match(hook.stderr, /run `npm rebuild review-guard`/);
      assert.doesNotMatch(hook.stderr, /internal error|\n {4}at /);
      // The doctor names it as well, beside its other checks.
      const doctor = await installed(['doctor']);
      assert.equal(doctor.code, 1, doctor.stderr);
      assert.match(doctor.stdout, /^error syntax +review-guard's syntax binding could not be loaded .* → fix: run `npm rebuild review-guard`/m);
      assert.match(doctor.stdout, /^ok +config /m);
    } finally {
      await install.remove();
    }
  });
});
