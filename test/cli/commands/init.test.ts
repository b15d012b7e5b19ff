/**
 * `review-guard init` in temporary folders: it shows what it will write (a
 * diff per file), writes only when told, merges into existing settings
 * without clobbering them, and a second run changes nothing. The child runs
 * with a PATH that holds no review-guard, as after `npx -y review-guard init`.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, readlink, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { hookCommand, hookEntry, LOCAL_LAUNCH, LOCATE_PROJECT_COPY, mcpEntry, NPX_LAUNCH } from '../../../src/cli/claude-code.js';
import { COMMAND_HELP } from '../../../src/cli/help.js';
import { runCli } from '../../support/cli.js';

describe('review-guard init', () => {
  let root: string;
  const init = (...args: string[]) => runCli(root, ['init', ...args], { env: { PATH: '/usr/bin:/bin' } });
  const read = (path: string) => readFile(join(root, path), 'utf8');
  const readJson = async (path: string) => JSON.parse(await read(path)) as Record<string, any>;
  beforeEach(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), 'rg-init-')));
    await mkdir(join(root, '.git')); // a repository root, as init is run in one
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('--dry-run shows a diff of every file and writes nothing', async () => {
    const { code, stdout } = await init('--dry-run');
    assert.equal(code, 0);
    for (const path of ['.mcp.json', '.claude/settings.json', 'CLAUDE.md', 'review-guard.config.json', '.gitignore']) {
      assert.match(stdout, new RegExp(`^ {2}create {4}${path.replace('.', '\\.')} — `, 'm'));
      assert.match(stdout, new RegExp(`^--- /dev/null\n\\+\\+\\+ b/${path.replace('.', '\\.')}\n@@ -0,0 \\+1,\\d+ @@$`, 'm'));
    }
    assert.ok(stdout.includes(`+            "command": ${JSON.stringify(hookCommand(NPX_LAUNCH))},`), 'the hook command is shown');
    assert.match(stdout, /Dry run: nothing written\./);
    assert.deepEqual(await readdir(root), ['.git']);
  });

  it('without --yes and without a terminal: exit 2, nothing written', async () => {
    const { code, stderr } = await init();
    assert.equal(code, 2);
    assert.match(stderr, /nothing written; pass --yes/);
    assert.deepEqual(await readdir(root), ['.git']);
  });

  it('--yes writes a working setup, and a second run changes nothing', async () => {
    assert.equal((await init('--yes')).code, 0);
    // Not started from the project's node_modules and none on the PATH: the entries go through npx -y.
    assert.deepEqual((await readJson('.mcp.json')).mcpServers['review-guard'], { command: 'npx', args: ['-y', 'review-guard', 'serve'] });
    const [entry] = (await readJson('.claude/settings.json')).hooks.PostToolUse;
    assert.equal(entry.matcher, 'Write|Edit|MultiEdit');
    assert.deepEqual(entry.hooks, [{ type: 'command', command: 'npx -y review-guard hook claude-code', timeout: 60 }]);
    assert.match(await read('CLAUDE.md'), /call its `review_code` MCP tool .*run `npx -y review-guard review <paths>`/);
    assert.match(await read('.gitignore'), /^\.review-guard\/$/m);
    // The starter config is valid: a review runs with it.
    await writeFile(join(root, 'a.ts'), 'export const answer = 42;\n');
    const review = await runCli(root, ['review', '--no-model', 'a.ts']);
    assert.equal(review.code, 0, review.stderr);

    const files = await Promise.all(['.mcp.json', '.claude/settings.json', 'CLAUDE.md', 'review-guard.config.json', '.gitignore'].map(read));
    const again = await init('--yes');
    assert.equal(again.code, 0);
    assert.match(again.stdout, /already set up here; nothing to write/);
    assert.deepEqual(await Promise.all(['.mcp.json', '.claude/settings.json', 'CLAUDE.md', 'review-guard.config.json', '.gitignore'].map(read)), files);
  });

  it('merges into existing settings without clobbering them', async () => {
    await mkdir(join(root, '.claude'));
    const otherHook = { matcher: 'Bash', hooks: [{ type: 'command', command: 'audit.sh' }] };
    await writeFile(join(root, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(npm test)'] }, hooks: { PostToolUse: [otherHook], Stop: [] } }));
    await writeFile(join(root, '.mcp.json'), JSON.stringify({ mcpServers: { other: { command: 'other-server' } } }));
    await writeFile(join(root, 'AGENTS.md'), '# Rules\n\n- Run the tests.');
    await writeFile(join(root, '.gitignore'), 'node_modules/');
    assert.equal((await init('--yes')).code, 0);
    const settings = await readJson('.claude/settings.json');
    assert.deepEqual(settings.permissions, { allow: ['Bash(npm test)'] });
    assert.deepEqual(settings.hooks.Stop, []);
    assert.deepEqual(settings.hooks.PostToolUse[0], otherHook);
    assert.equal(settings.hooks.PostToolUse[1].hooks[0].command, hookCommand(NPX_LAUNCH));
    assert.deepEqual(Object.keys((await readJson('.mcp.json')).mcpServers), ['other', 'review-guard']);
    const agents = await read('AGENTS.md');
    assert.ok(agents.startsWith('# Rules\n\n- Run the tests.\n\n- After changing source files'), agents);
    assert.equal(agents.match(/review_code/g)?.length, 1);
    assert.equal(await read('CLAUDE.md').catch(() => 'absent'), 'absent', 'AGENTS.md exists, so no CLAUDE.md is added');
    assert.equal(
      await read('.gitignore'),
      "node_modules/\n# review-guard's similarity index (rebuilt on demand)\n.review-guard/\n# Claude Code's settings for this machine (init approves review-guard there)\n.claude/settings.local.json\n",
    );
  });

  it('recognises a review-guard hook registered another way (npx) and adds no second one; an older setup gets the PreToolUse hook', async () => {
    await mkdir(join(root, '.claude'));
    const viaNpx = { matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'npx --no-install review-guard hook claude-code' }] };
    await writeFile(join(root, '.claude', 'settings.json'), JSON.stringify({ hooks: { PostToolUse: [viaNpx] } }));
    assert.equal((await init('--yes')).code, 0);
    const settings = await readJson('.claude/settings.json');
    assert.deepEqual(settings.hooks.PostToolUse, [viaNpx], 'no second PostToolUse hook');
    assert.equal(settings.hooks.PreToolUse[0].hooks[0].command, hookCommand(NPX_LAUNCH));
    const { stdout } = await init('--dry-run');
    assert.match(stdout, /^ {2}unchanged .claude\/settings\.json/m);
  });

  it('the help texts show the entries init writes for a project install', () => {
    assert.ok(COMMAND_HELP.serve!.includes(JSON.stringify({ mcpServers: { 'review-guard': mcpEntry(LOCAL_LAUNCH) } })));
    assert.ok(COMMAND_HELP.hook!.includes(JSON.stringify({ hooks: { PostToolUse: [hookEntry(LOCAL_LAUNCH)], PreToolUse: [hookEntry(LOCAL_LAUNCH)] } })));
  });

  it('a project install\'s hook and server start the project\'s copy from any folder inside it, or fail with one line naming the fix', async () => {
    // A stand-in for the installed package: prints the arguments it was started with.
    const copy = join(root, 'node_modules', 'review-guard');
    await mkdir(join(copy, 'dist', 'src', 'cli'), { recursive: true });
    await writeFile(join(copy, 'package.json'), '{"name": "review-guard", "type": "module"}');
    await writeFile(join(copy, 'dist', 'src', 'cli', 'bin.cjs'), 'console.log("started with: " + process.argv.slice(2).join(" "));\n');
    // A monorepo package: its own package.json, where `npx --no-install` would ask the registry (E404).
    const sub = join(root, 'packages', 'app');
    await mkdir(sub, { recursive: true });
    await writeFile(join(sub, 'package.json'), '{"name": "app"}');
    const outside = await realpath(await mkdtemp(join(tmpdir(), 'rg-init-cwd-')));
    const { execFile } = await import('node:child_process');
    const run = (file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = { PATH: process.env.PATH }) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(file, args, { cwd, env }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr })),
      );
    try {
      const server = mcpEntry(LOCAL_LAUNCH);
      assert.doesNotMatch(LOCATE_PROJECT_COPY, /["$\\`]/, 'it is also put in a shell command in double quotes');
      for (const cwd of [root, sub]) {
        // CLAUDE_PROJECT_DIR names the folder Claude Code was started in, or is unset: neither matters.
        assert.deepEqual(await run('sh', ['-c', hookCommand(LOCAL_LAUNCH)], cwd, { PATH: process.env.PATH, CLAUDE_PROJECT_DIR: cwd }), { code: 0, stdout: 'started with: hook claude-code\n', stderr: '' });
        assert.deepEqual(await run('sh', ['-c', hookCommand(LOCAL_LAUNCH)], cwd), { code: 0, stdout: 'started with: hook claude-code\n', stderr: '' });
        assert.deepEqual(await run(server.command, server.args, cwd), { code: 0, stdout: 'started with: serve\n', stderr: '' });
      }
      for (const result of [await run('sh', ['-c', hookCommand(LOCAL_LAUNCH)], outside), await run(server.command, server.args, outside)]) {
        // 1, not 127: Gemini CLI reads an exit code above 1 as a refusal of the call.
        assert.equal(result.code, 1, JSON.stringify(result));
        assert.equal(result.stderr, `review-guard: not installed in ${outside} or a folder above it; run npm install --save-dev review-guard in the project, or start the agent there\n`);
      }
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('--yes refuses every file that links outside the workspace, names it, writes the others and exits 2', async () => {
    const outside = await realpath(await mkdtemp(join(tmpdir(), 'rg-init-outside-')));
    try {
      const canary = 'outside the workspace: must stay as it is\n';
      for (const name of ['gitignore', 'CLAUDE.md', 'AGENTS.md', 'mcp.json']) await writeFile(join(outside, name), canary);
      await mkdir(join(outside, 'claude'));
      await symlink(join(outside, 'gitignore'), join(root, '.gitignore'));
      await symlink(join(outside, 'CLAUDE.md'), join(root, 'CLAUDE.md'));
      await symlink(join(outside, 'AGENTS.md'), join(root, 'AGENTS.md'));
      await symlink(join(outside, 'mcp.json'), join(root, '.mcp.json'));
      await symlink(join(outside, 'claude'), join(root, '.claude'));
      const { code, stdout, stderr } = await init('--yes');
      assert.equal(code, 2, stderr);
      for (const [path, kind] of [['.gitignore', 'file'], ['CLAUDE.md', 'file'], ['AGENTS.md', 'file'], ['.mcp.json', 'file'], ['.claude', 'folder']] as const) {
        const shown = path === '.claude' ? '.claude/settings.json' : path;
        const message = `\`${path}\` is a symlink to a ${kind} outside the workspace root; review-guard does not read or write through it — replace the link or edit the target yourself`;
        assert.ok(stderr.split('\n').includes(`review-guard: ${shown} not written: ${message}`), stderr);
        assert.ok(stdout.includes(`  refused   ${shown} — ${message}`), stdout);
      }
      assert.match(stdout, /^Wrote review-guard\.config\.json\. Next:/m, 'the file that is not linked is still written');
      assert.ok((await readJson('review-guard.config.json')).rules);
      for (const name of ['gitignore', 'CLAUDE.md', 'AGENTS.md', 'mcp.json']) assert.equal(await readFile(join(outside, name), 'utf8'), canary, name);
      assert.deepEqual(await readdir(join(outside, 'claude')), [], 'nothing made in the linked folder');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('follows a link to a file inside the workspace: the target is merged into and the link stays', async () => {
    await mkdir(join(root, 'docs'));
    await writeFile(join(root, 'docs', 'agents.md'), '# Rules\n');
    await symlink('docs/agents.md', join(root, 'AGENTS.md'));
    assert.equal((await init('--yes')).code, 0);
    assert.match(await read('docs/agents.md'), /^# Rules\n\n- After changing source files/);
    assert.equal(await readlink(join(root, 'AGENTS.md')), 'docs/agents.md');
  });

  it('refuses to touch a settings file it cannot parse, naming it', async () => {
    await mkdir(join(root, '.claude'));
    await writeFile(join(root, '.claude', 'settings.json'), '{"hooks": ');
    const { code, stderr } = await init('--yes');
    assert.equal(code, 2);
    assert.match(stderr, /\.claude\/settings\.json is not valid JSON .*it is never overwritten/);
    assert.equal(await read('.claude/settings.json'), '{"hooks": ');
    assert.deepEqual((await readdir(root)).sort(), ['.claude', '.git']);
  });
});
