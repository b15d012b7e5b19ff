/**
 * `review-guard init` for every MCP host, run as a child in temporary
 * repositories: hosts detected from their folders and added with --host,
 * each host's file in its documented shape, existing JSONC and TOML kept as
 * written, a symlinked CLAUDE.md written once, entries that fit a project,
 * global or npx install, and a second run that changes nothing.
 */
import assert from 'node:assert/strict';
import { chmod, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { parse } from 'jsonc-parser';
import { LOCATE_PROJECT_COPY } from '../../../src/cli/claude-code.js';
import { runCli } from '../../support/cli.js';
import { makeTempDir, REPO_ROOT, type TempDir } from '../../support/sample-repo.js';

/** A PATH with no review-guard on it (the child is started by its full path). */
const BARE_PATH = '/usr/bin:/bin';

describe('review-guard init for every MCP host', () => {
  let dir: TempDir;
  let root: string;
  const init = (args: string[], options: { path?: string; cli?: string } = {}) =>
    runCli(root, ['init', ...args], { env: { PATH: options.path ?? BARE_PATH }, ...(options.cli ? { cli: options.cli } : {}) });
  const read = (path: string) => readFile(join(root, path), 'utf8');
  const readJsonc = async (path: string) => parse(await read(path)) as Record<string, any>;
  const snapshot = async (paths: readonly string[]) => Promise.all(paths.map(read));
  beforeEach(async () => {
    dir = await makeTempDir('rg-init-hosts-');
    root = dir.path;
    await mkdir(join(root, '.git'));
  });
  afterEach(() => dir.remove());

  it('--yes in a repository with .cursor/ and .vscode/ wires Cursor, VS Code and Claude Code; a second run changes nothing', async () => {
    await mkdir(join(root, '.cursor'));
    await mkdir(join(root, '.vscode'));
    const first = await init(['--yes']);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /hosts: Claude Code, Cursor, VS Code \(Copilot\);/);
    const entry = { command: 'npx', args: ['-y', 'review-guard', 'serve'] };
    assert.deepEqual((await readJsonc('.cursor/mcp.json')).mcpServers['review-guard'], entry);
    assert.deepEqual((await readJsonc('.vscode/mcp.json')).servers['review-guard'], { type: 'stdio', command: 'npx', args: [...entry.args, '--root', '${workspaceFolder}'] });
    assert.deepEqual((await readJsonc('.mcp.json')).mcpServers['review-guard'], entry);
    assert.ok((await readJsonc('.claude/settings.json')).hooks.PostToolUse[0]);
    // Cursor's hooks file needs `version: 1`; its file tool is Write, its timeout in seconds.
    const cursorHook = { command: 'npx -y review-guard hook cursor', matcher: 'Write', timeout: 60 };
    assert.deepEqual(await readJsonc('.cursor/hooks.json'), { version: 1, hooks: { postToolUse: [cursorHook], preToolUse: [cursorHook] } });
    // VS Code ignores matchers and would take `version` for Copilot CLI's format: flat entries, nothing else.
    const vscodeHook = { type: 'command', command: 'npx -y review-guard hook vscode', timeout: 60 };
    assert.deepEqual(await readJsonc('.github/hooks/review-guard.json'), { hooks: { PostToolUse: [vscodeHook], PreToolUse: [vscodeHook] } });
    // Cursor and VS Code read AGENTS.md: with no instruction file yet, both files get the line.
    for (const name of ['CLAUDE.md', 'AGENTS.md']) assert.match(await read(name), /review_code/);

    const files = ['.cursor/mcp.json', '.cursor/hooks.json', '.vscode/mcp.json', '.github/hooks/review-guard.json', '.mcp.json', '.claude/settings.json', 'CLAUDE.md', 'AGENTS.md', 'review-guard.config.json', '.gitignore'];
    const before = await snapshot(files);
    const again = await init(['--yes']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /already set up here; nothing to write/);
    assert.deepEqual(await snapshot(files), before);
  });

  it('--host codex, --host opencode and --host gemini write their files; a second run changes nothing', async () => {
    const first = await init(['--yes', '--host', 'codex', '--host', 'opencode', '--host', 'gemini']);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(
      await read('.codex/config.toml'),
      '# review-guard: reviews the code agents write (added by review-guard init)\n[mcp_servers.review-guard]\ncommand = "npx"\nargs = ["-y", "review-guard", "serve"]\n',
    );
    assert.deepEqual(await readJsonc('opencode.json'), {
      $schema: 'https://opencode.ai/config.json',
      mcp: { 'review-guard': { type: 'local', command: ['npx', '-y', 'review-guard', 'serve'], enabled: true } },
    });
    const codexHook = { statusMessage: 'review-guard: looking for copies of existing code', type: 'command', command: 'npx -y review-guard hook codex', timeout: 60 };
    for (const event of ['PostToolUse', 'PreToolUse']) assert.deepEqual((await readJsonc('.codex/hooks.json')).hooks[event], [{ matcher: 'apply_patch', hooks: [codexHook] }]);
    // opencode's hooks are a plugin running the same hook command.
    assert.match(await read('.opencode/plugin/review-guard.js'), /^const COMMAND = "npx -y review-guard hook opencode";$/m);
    const gemini = await readJsonc('.gemini/settings.json');
    assert.deepEqual(gemini.mcpServers['review-guard'], { command: 'npx', args: ['-y', 'review-guard', 'serve'] });
    for (const event of ['AfterTool', 'BeforeTool']) {
      assert.deepEqual(gemini.hooks[event], [{ matcher: 'write_file|replace', hooks: [{ name: 'review-guard', type: 'command', command: 'npx -y review-guard hook gemini', timeout: 60_000 }] }]);
    }
    // The steps outside the repository, for this root, exactly.
    assert.ok(first.stdout.includes(`  Codex CLI: trust this project: add to ~/.codex/config.toml (or $CODEX_HOME/config.toml):\n      [projects.${JSON.stringify(root)}]\n      trust_level = "trusted"\n    then start \`codex\``), first.stdout);
    assert.ok(first.stdout.includes(`  Gemini CLI: trust this folder: run \`gemini\` in ${root} and accept "Trust folder", or add ${JSON.stringify(root)}: "TRUST_FOLDER" to ~/.gemini/trustedFolders.json, or start it with GEMINI_CLI_TRUST_WORKSPACE=true\n`), first.stdout);

    const files = ['.codex/config.toml', '.codex/hooks.json', 'opencode.json', '.opencode/plugin/review-guard.js', '.gemini/settings.json', '.mcp.json'];
    const before = await snapshot(files);
    const again = await init(['--yes', '--host', 'codex', '--host', 'opencode', '--host', 'gemini']);
    assert.match(again.stdout, /already set up here; nothing to write/);
    assert.deepEqual(await snapshot(files), before);
    // Detected from their files now: no --host needed.
    assert.match((await init(['--dry-run'])).stdout, /hosts: Claude Code, Codex CLI, opencode, Gemini CLI;/);
  });

  it('keeps comments, trailing commas and formatting of existing JSONC and TOML files; only the entry is added', async () => {
    await mkdir(join(root, '.cursor'));
    const cursor = '{\n\t// servers for this repository\n\t"mcpServers": {\n\t\t"docs": { "command": "docs-server" }, // keep me\n\t},\n}\n';
    await writeFile(join(root, '.cursor', 'mcp.json'), cursor);
    const opencode = '{\n  "$schema": "https://opencode.ai/config.json",\n  // models\n  "model": "local/qwen",\n  "mcp": {\n    "other": { "type": "local", "command": ["other"] },\n  },\n}\n';
    await writeFile(join(root, 'opencode.jsonc'), opencode);
    await mkdir(join(root, '.codex'));
    const codex = '# my Codex settings\nmodel = "gpt-5"\n\n[mcp_servers.docs]\ncommand = "docs-server"\n';
    await writeFile(join(root, '.codex', 'config.toml'), codex);

    const { code, stdout, stderr } = await init(['--yes']);
    assert.equal(code, 0, stderr);
    const cursorAfter = await read('.cursor/mcp.json');
    assert.ok(cursorAfter.startsWith('{\n\t// servers for this repository\n\t"mcpServers": {\n\t\t"docs": { "command": "docs-server" }, // keep me\n'), cursorAfter);
    assert.match(cursorAfter, /^\t\t"review-guard": \{\n\t\t\t"command": "npx",$/m);
    assert.deepEqual(Object.keys((await readJsonc('.cursor/mcp.json')).mcpServers), ['docs', 'review-guard']);
    const opencodeAfter = await read('opencode.jsonc');
    assert.ok(opencodeAfter.startsWith('{\n  "$schema": "https://opencode.ai/config.json",\n  // models\n  "model": "local/qwen",\n  "mcp": {\n    "other": { "type": "local", "command": ["other"] },'), opencodeAfter);
    assert.equal((await readJsonc('opencode.jsonc')).mcp['review-guard'].type, 'local');
    assert.equal(await readdir(root).then((names) => names.includes('opencode.json')), false, 'the existing opencode.jsonc is the one written');
    const codexAfter = await read('.codex/config.toml');
    assert.ok(codexAfter.startsWith(codex), codexAfter);
    assert.match(codexAfter, /\n\n# review-guard: .*\n\[mcp_servers\.review-guard\]\ncommand = "npx"\n/);
    // The diff shows the added lines, not whole files.
    assert.match(stdout, /^--- a\/\.cursor\/mcp\.json\n\+\+\+ b\/\.cursor\/mcp\.json\n@@ -2,5 \+2,13 @@\n \t\/\/ servers for this repository\n \t"mcpServers": \{\n \t\t"docs": \{ "command": "docs-server" \}, \/\/ keep me\n\+\t\t"review-guard": \{\n/m);
    assert.doesNotMatch(stdout, /^-(?!-- )/m, 'nothing existing is removed');
  });

  it('a CLAUDE.md linked to AGENTS.md gets the line once and is listed once', async () => {
    await writeFile(join(root, 'AGENTS.md'), '# Rules\n');
    await symlink('AGENTS.md', join(root, 'CLAUDE.md'));
    const { code, stdout } = await init(['--yes']);
    assert.equal(code, 0);
    assert.equal(stdout.match(/AGENTS\.md —/g)?.length, 1, stdout);
    assert.match(stdout, /^ {2}update {4}CLAUDE\.md → AGENTS\.md — /m);
    assert.equal((await read('AGENTS.md')).match(/review_code/g)?.length, 1);
    assert.match(stdout, /^Wrote .*\bAGENTS\.md\b/m);
    assert.doesNotMatch(stdout, /^Wrote .*\bCLAUDE\.md\b/m);
  });

  it('--host windsurf prints the entry for its user-wide file, with this root, and writes nothing outside the repository', async () => {
    const home = await makeTempDir('rg-init-home-');
    try {
      const { code, stdout } = await runCli(root, ['init', '--yes', '--host', 'windsurf'], { env: { PATH: BARE_PATH, HOME: home.path } });
      assert.equal(code, 0);
      assert.match(stdout, /^ {2}by hand {3}~\/\.codeium\/windsurf\/mcp_config\.json — Windsurf reads MCP servers only from this file/m);
      const snippet = stdout.slice(stdout.indexOf('{', stdout.indexOf('Windsurf: add this server')));
      const shown = JSON.parse(snippet.slice(0, snippet.indexOf('\n}\n') + 2));
      assert.deepEqual(shown.mcpServers['review-guard'], { command: 'npx', args: ['-y', 'review-guard', 'serve', '--root', root] });
      assert.deepEqual(await readdir(home.path), []);
    } finally {
      await home.remove();
    }
  });

  it('a file named like a host\'s folder is no sign of the host; --host then names the file it cannot write', async () => {
    await writeFile(join(root, '.cursor'), 'not a folder\n');
    assert.match((await init(['--dry-run'])).stdout, /hosts: Claude Code;/);
    const { code, stderr } = await init(['--yes', '--host', 'cursor']);
    assert.equal(code, 2);
    assert.match(stderr, /^review-guard: \.cursor\/mcp\.json: cannot read it \(ENOTDIR/m);
    assert.doesNotMatch(stderr, /internal error|\n\s+at /);
  });

  it('an unknown --host is a usage error naming the hosts it knows', async () => {
    const { code, stderr } = await init(['--dry-run', '--host', 'emacs']);
    assert.equal(code, 2);
    assert.match(stderr, /--host emacs: unknown host; expected one of claude-code, cursor, vscode, codex, opencode, gemini, windsurf/);
  });

  it('after a global install the entries start review-guard from the PATH, never from node_modules/.bin', async () => {
    const bin = join(root, 'global-bin');
    await mkdir(bin);
    await writeFile(join(bin, 'review-guard'), '#!/bin/sh\n');
    await chmod(join(bin, 'review-guard'), 0o755);
    const { code, stderr } = await init(['--yes', '--host', 'codex'], { path: `${bin}:${BARE_PATH}` });
    assert.equal(code, 0, stderr);
    const [hook] = (await readJsonc('.claude/settings.json')).hooks.PostToolUse[0].hooks;
    assert.equal(hook.command, 'review-guard hook claude-code');
    assert.deepEqual((await readJsonc('.mcp.json')).mcpServers['review-guard'], { command: 'review-guard', args: ['serve'] });
    assert.match(await read('.codex/config.toml'), /^command = "review-guard"\nargs = \["serve"\]$/m);
    assert.match(await read('CLAUDE.md'), /run `review-guard review <paths>`/);
  });

  it('started from the project\'s node_modules, the entries use the project\'s copy', async () => {
    await mkdir(join(root, 'node_modules'));
    await symlink(REPO_ROOT, join(root, 'node_modules', 'review-guard'));
    const cli = join(root, 'node_modules', 'review-guard', 'dist', 'src', 'cli', 'bin.cjs');
    const { code, stderr } = await init(['--yes'], { cli });
    assert.equal(code, 0, stderr);
    // Found by Node from whichever folder the host starts them in (test/cli/commands/init.test.ts runs them).
    assert.deepEqual((await readJsonc('.mcp.json')).mcpServers['review-guard'], { command: 'node', args: ['-e', LOCATE_PROJECT_COPY, 'review-guard', 'serve'] });
    const [hook] = (await readJsonc('.claude/settings.json')).hooks.PostToolUse[0].hooks;
    assert.equal(hook.command, `node -e "${LOCATE_PROJECT_COPY}" review-guard hook claude-code`);
  });

  it('VS Code, which documents no working folder, finds the project\'s copy through --prefix ${workspaceFolder}', async () => {
    await mkdir(join(root, '.vscode'));
    await mkdir(join(root, 'node_modules'));
    await symlink(REPO_ROOT, join(root, 'node_modules', 'review-guard'));
    const { code, stderr } = await init(['--yes'], { cli: join(root, 'node_modules', 'review-guard', 'dist', 'src', 'cli', 'bin.cjs') });
    assert.equal(code, 0, stderr);
    assert.deepEqual((await readJsonc('.vscode/mcp.json')).servers['review-guard'], {
      type: 'stdio',
      command: 'npx',
      args: ['--prefix', '${workspaceFolder}', '--no-install', 'review-guard', 'serve', '--root', '${workspaceFolder}'],
    });
  });
});
