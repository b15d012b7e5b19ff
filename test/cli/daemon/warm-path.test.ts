/**
 * The warm path as users meet it: the first call starts the user's daemon
 * (one for all their workspaces), later `hook`, `review` and `index` calls
 * are answered by it —
 * with exactly what the same call prints in process — and its watched index
 * sees edits made outside the hook (a commit, a checkout, a new or ignored
 * file between two hook calls included). Every test has its own temp workspace
 * and stops its daemon in teardown.
 */
import assert from 'node:assert/strict';
import { appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyOfLoadConfig, git, initAndCommit, postToolUse, preToolUse, runCli, sampleGitRepo, waitFor } from '../../support/cli.js';
import { answeredWarm, DAEMON_ON, daemonState, daemonStates, isAlive, moduleTracer, startDaemon, stopDaemons, withoutDurations, type ModuleTracer } from '../../support/daemon.js';
import { copyFixtureRepo, REPO_ROOT, type SampleRepo } from '../../support/sample-repo.js';

/** A fixture repository as a git repository with everything committed. */
async function fixtureGitRepo(name: string, config?: unknown): Promise<SampleRepo> {
  const repo = await copyFixtureRepo(join(REPO_ROOT, 'fixtures', name), config);
  await initAndCommit(repo.root);
  return repo;
}

describe('the warm path: results equal the in-process results', () => {
  let tracer: ModuleTracer;
  before(async () => {
    tracer = await moduleTracer();
  });
  after(() => tracer.remove());

  /** Runs `args` in process and through the daemon; both outputs, durations blanked, must be equal. Returns the exit code. */
  async function assertSameBothWays(root: string, args: readonly string[], input?: string): Promise<number> {
    const options = input === undefined ? {} : { input };
    const inProcess = await runCli(root, args, options);
    const warm = await tracer.run(root, args, { ...options, env: DAEMON_ON });
    assert.ok(answeredWarm(warm.loaded), `${args.join(' ')}: the daemon answered`);
    const shown = (run: { code: number; stdout: string; stderr: string }) => ({ code: run.code, stdout: withoutDurations(run.stdout), stderr: withoutDurations(run.stderr) });
    assert.deepEqual(shown(warm), shown(inProcess), args.join(' '));
    return warm.code;
  }

  for (const fixture of ['sample-repo', 'duplicates']) {
    it(`${fixture}: review (text, json, sarif, --changed, --staged), hook and index print the same through the daemon`, async () => {
      const repo = await fixtureGitRepo(fixture);
      try {
        await startDaemon(repo.root);
        const files = (await git(repo.root, 'ls-files', 'src')).trim().split('\n');
        await assertSameBothWays(repo.root, ['review', '--no-model', ...files]);
        await assertSameBothWays(repo.root, ['review', '--no-model', '--json', ...files]);
        await assertSameBothWays(repo.root, ['review', '--no-model', '--format', 'sarif', ...files]);
        // An edit (a copy of a function into another file) reviewed diff-only, unstaged and then staged.
        const [first, second] = files as [string, string];
        await appendFile(join(repo.root, second), `\n${await readFile(join(repo.root, first), 'utf8')}`);
        await assertSameBothWays(repo.root, ['review', '--no-model', '--changed']);
        await git(repo.root, 'add', second);
        await assertSameBothWays(repo.root, ['review', '--no-model', '--staged']);
        const edit = postToolUse(repo.root, 'Edit', { file_path: join(repo.root, second), old_string: '', new_string: 'x' });
        await assertSameBothWays(repo.root, ['hook', 'claude-code'], edit);
        await assertSameBothWays(repo.root, ['index']);
        // A usage error is the same error.
        await assertSameBothWays(repo.root, ['review', '--no-model', 'no/such/file.ts']);
      } finally {
        await stopDaemons();
        await repo.remove();
      }
    });
  }

  it('hook: a commit between two calls, an edit back to HEAD, a new file and an ignored one answer as in process', async () => {
    const repo = await fixtureGitRepo('duplicates');
    try {
      await startDaemon(repo.root);
      const [first, second] = (await git(repo.root, 'ls-files', 'src')).trim().split('\n') as [string, string];
      const hook = (relPath: string) =>
        assertSameBothWays(repo.root, ['hook', 'claude-code'], postToolUse(repo.root, 'Edit', { file_path: join(repo.root, relPath), old_string: '', new_string: 'x' }));
      const copy = `\n${await readFile(join(repo.root, first), 'utf8')}`;
      await appendFile(join(repo.root, second), copy);
      assert.equal(await hook(second), 2, 'the copy is reported');
      // Committed, the copy is old code: the next edit of the file is judged against the new HEAD.
      await git(repo.root, 'commit', '-qam', 'the copy');
      await appendFile(join(repo.root, second), '\nexport function onlyHere(n: number): number {\n  return n * 3 + 1;\n}\n');
      assert.equal(await hook(second), 0, 'the commit was seen');
      await git(repo.root, 'checkout', '--', second);
      assert.equal(await hook(second), 0, 'a file back at HEAD has no change');
      await assertSameBothWays(repo.root, ['index']);
      await writeFile(join(repo.root, 'src', 'copied.ts'), copy);
      assert.equal(await hook('src/copied.ts'), 2, 'a new file is wholly new');
      await appendFile(join(repo.root, '.gitignore'), '\ngenerated/\n');
      await mkdir(join(repo.root, 'generated'));
      await writeFile(join(repo.root, 'generated', 'copied.ts'), copy);
      assert.equal(await hook('generated/copied.ts'), 0, 'an ignored file is none of the hook\'s business');
    } finally {
      await stopDaemons();
      await repo.remove();
    }
  });

  it("the config's notes come with every call, as in process", async () => {
    const repo = await fixtureGitRepo('sample-repo');
    try {
      await writeFile(join(repo.root, 'package.json'), JSON.stringify({ name: 'sample', reviewGuard: { maxFileBytes: 100000 } }));
      await startDaemon(repo.root);
      for (let call = 0; call < 2; call++) {
        await assertSameBothWays(repo.root, ['review', '--no-model', '--json', 'src/util/strings.ts']);
        await assertSameBothWays(repo.root, ['index']);
      }
      const { stdout } = await runCli(repo.root, ['index'], { env: DAEMON_ON });
      assert.match(stdout, /note: both review-guard\.config\.json and package\.json "reviewGuard" hold settings/);
    } finally {
      await stopDaemons();
      await repo.remove();
    }
  });

  it('the client path loads no zod, no MCP SDK, no tree-sitter and no pipeline', async () => {
    const repo = await fixtureGitRepo('sample-repo');
    try {
      await startDaemon(repo.root);
      const { loaded, code } = await tracer.run(repo.root, ['review', '--no-model', 'src/util/strings.ts'], { env: DAEMON_ON });
      assert.equal(code, 0);
      assert.ok(answeredWarm(loaded));
      const heavy = loaded.filter((url) => /node_modules\/(zod|@modelcontextprotocol|tree-sitter[^/]*|ignore|ollama)\/|\/dist\/syntax\/|\/dist\/src\/pipeline\/(index|service|review)\.js/.test(url));
      assert.deepEqual(heavy, []);
    } finally {
      await stopDaemons();
      await repo.remove();
    }
  });
});

describe('the warm process keeps the index current', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await sampleGitRepo();
  });
  after(async () => {
    await stopDaemons();
    await repo.remove();
  });

  it('a function added outside the hook after `index`, then copied into a new file: the hook reports the duplicate', async () => {
    await startDaemon(repo.root);
    // A person adds a function in the editor: no hook runs, the stored index does not have it.
    const helper =
      'export function mergeHeaders(base: Record<string, string>, extra: Record<string, string>): Record<string, string> {\n' +
      '  const merged: Record<string, string> = {};\n' +
      '  for (const [name, value] of Object.entries(base)) merged[name.toLowerCase()] = value.trim();\n' +
      '  for (const [name, value] of Object.entries(extra)) {\n' +
      "    if (value === '') continue;\n" +
      '    merged[name.toLowerCase()] = value.trim();\n' +
      '  }\n' +
      '  return merged;\n' +
      '}\n';
    await appendFile(join(repo.root, 'src', 'util', 'strings.ts'), `\n${helper}`);
    await git(repo.root, 'commit', '-qam', 'mergeHeaders');
    // The agent writes a copy of it into a new file.
    const copyPath = join(repo.root, 'src', 'handler', 'headers.ts');
    const copy = helper.replace('mergeHeaders', 'combineHeaders');
    await writeFile(copyPath, copy);
    const input = postToolUse(repo.root, 'Write', { file_path: copyPath, content: copy });
    // In process the hook searches the stored index only (no walk per edit) and misses it: what the daemon fixes.
    const cold = await runCli(repo.root, ['hook', 'claude-code'], { input });
    assert.deepEqual(cold, { code: 0, stdout: '', stderr: '' });
    const warm = await runCli(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
    assert.equal(warm.code, 2, warm.stderr);
    assert.match(warm.stderr, /"combineHeaders" duplicates "mergeHeaders" at src\/util\/strings\.ts:\d+/);
  });
});

describe('the warm process follows the config', () => {
  it('an edited config applies from the next call (hook.block [] lets the copy through)', async () => {
    const repo = await sampleGitRepo();
    try {
      await startDaemon(repo.root);
      const loadTs = await readFile(join(repo.root, 'src', 'config', 'load.ts'), 'utf8');
      const input = preToolUse(repo.root, 'Write', { file_path: join(repo.root, 'src', 'copy.ts'), content: copyOfLoadConfig(loadTs, 'readAppConfig') });
      const stopped = await runCli(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
      assert.equal(stopped.code, 2, stopped.stderr);
      const configPath = join(repo.root, 'review-guard.config.json');
      const config = JSON.parse(await readFile(configPath, 'utf8')) as Record<string, unknown>;
      await writeFile(configPath, JSON.stringify({ ...config, hook: { block: [] } }));
      assert.deepEqual(await runCli(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON }), { code: 0, stdout: '', stderr: '' });
    } finally {
      await stopDaemons();
      await repo.remove();
    }
  });
});

describe('one warm process for all of a user\'s workspaces', () => {
  let tracer: ModuleTracer;
  before(async () => {
    tracer = await moduleTracer();
  });
  after(() => tracer.remove());

  /** Resident memory of `pid` in bytes (Linux), or undefined. */
  async function rssOf(pid: number): Promise<number | undefined> {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
    const kb = status?.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  }

  it('ten workspaces reviewed in a row: one daemon answers them all, each with its own config, within 300 MB', async () => {
    // More workspaces than the process keeps warm (8): the first is let go, and loaded again when it is called again.
    const repos = await Promise.all(Array.from({ length: 10 }, (_, i) => sampleGitRepo(i === 3 ? { rules: { 'max-lines': ['error', { max: 5 }] } } : undefined)));
    try {
      const daemon = await startDaemon(repos[0]!.root);
      const calls = [...repos, repos[0]!, repos[3]!];
      for (const [i, repo] of calls.entries()) {
        const copyPath = join(repo.root, 'src', 'handler', 'app-config.ts');
        const content = copyOfLoadConfig(await readFile(join(repo.root, 'src', 'config', 'load.ts'), 'utf8'), 'readAppConfig');
        await writeFile(copyPath, content);
        const input = postToolUse(repo.root, 'Write', { file_path: copyPath, content });
        const inProcess = await runCli(repo.root, ['hook', 'claude-code'], { input });
        const { loaded, ...warm } = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
        assert.ok(answeredWarm(loaded), `call ${i}: the daemon answered`);
        assert.deepEqual(warm, inProcess, `call ${i} in ${repo.root}`);
        assert.match(warm.stderr, /"readAppConfig" duplicates "loadConfig"/);
        // Only the workspace with max-lines 5 reports it: each call is reviewed under its own workspace's config.
        assert.equal(/max-lines/.test(warm.stderr), repo === repos[3], warm.stderr);
      }
      const states = await daemonStates();
      assert.deepEqual(states.map((state) => state.pid), [daemon.pid], 'one daemon, the first one');
      const rss = await rssOf(daemon.pid);
      if (rss !== undefined) assert.ok(rss <= 300 * 1024 * 1024, `${Math.round(rss / 1048576)} MB`);
    } finally {
      await stopDaemons();
      await Promise.all(repos.map((repo) => repo.remove()));
    }
  });
});

describe('the daemon ends by itself', () => {
  it('after daemon.idleSeconds without a call, removing its socket and state file', async () => {
    const repo = await sampleGitRepo({ daemon: { idleSeconds: 1 } });
    try {
      const state = await startDaemon(repo.root);
      await waitFor(() => isAlive(state.pid), (alive) => !alive, 15_000);
      assert.equal(await daemonState(), undefined);
      await assert.rejects(stat(state.socket), { code: 'ENOENT' });
    } finally {
      await stopDaemons();
      await repo.remove();
    }
  });

  it('when its workspace is deleted', async () => {
    const repo = await sampleGitRepo();
    const state = await startDaemon(repo.root);
    await repo.remove();
    await waitFor(() => isAlive(state.pid), (alive) => !alive, 15_000);
  });
});
