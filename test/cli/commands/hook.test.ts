/**
 * The Claude Code PostToolUse hook as Claude Code runs it: real-shaped hook
 * JSON on stdin, the exit code, and the stderr the model would be shown.
 */
import assert from 'node:assert/strict';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeOllama } from '../../helpers/fake-ollama.js';
import { copyOfLoadConfig, postToolUse, runCli, sampleGitRepo } from '../../support/cli.js';
import { copySampleRepo, type SampleRepo } from '../../support/sample-repo.js';

describe('review-guard hook claude-code', () => {
  let repo: SampleRepo;
  let loadTs: string;
  const hook = (input: string) => runCli(repo.root, ['hook', 'claude-code'], { input });
  before(async () => {
    repo = await sampleGitRepo();
    loadTs = await readFile(join(repo.root, 'src', 'config', 'load.ts'), 'utf8');
  });
  after(() => repo.remove());

  it('Write of a new file that copies existing code: exit 2, the duplicate on stderr for the model', async () => {
    const filePath = join(repo.root, 'src', 'handler', 'app-config.ts');
    const content = copyOfLoadConfig(loadTs, 'readAppConfig');
    await writeFile(filePath, content);
    const { code, stdout, stderr } = await hook(postToolUse(repo.root, 'Write', { file_path: filePath, content }));
    assert.equal(code, 2);
    assert.equal(stdout, '');
    const lines = stderr.trimEnd().split('\n');
    assert.equal(lines[0], 'review-guard: 1 error finding(s) in src/handler/app-config.ts after this edit:');
    assert.match(lines[1]!, /^- src\/handler\/app-config\.ts:4 "readAppConfig" duplicates "(loadConfig|parseSettings)" at src\/\S+:\d+ .* \[duplicate\]$/);
    assert.match(lines.at(-1)!, /review-guard-ignore <rule>: <reason>/);
  });

  it('Edit that only adds a warning (a naming slip): exit 0, nothing on stdout or stderr', async () => {
    const filePath = join(repo.root, 'src', 'util', 'strings.ts');
    const added = '\nexport const default_width = 80;\n';
    await appendFile(filePath, added);
    const result = await hook(postToolUse(repo.root, 'Edit', { file_path: filePath, old_string: '', new_string: added, replace_all: false }));
    assert.deepEqual(result, { code: 0, stdout: '', stderr: '' });
  });

  it('Edit that adds a copy to an existing file: exit 2 naming the new copy', async () => {
    const filePath = join(repo.root, 'src', 'util', 'strings.ts');
    const copy = copyOfLoadConfig(loadTs, 'loadFromDisk');
    await appendFile(filePath, `\n${copy}`);
    const { code, stderr } = await hook(postToolUse(repo.root, 'Edit', { file_path: filePath, old_string: 'x', new_string: copy }));
    assert.equal(code, 2);
    assert.match(stderr, /^- src\/util\/strings\.ts:\d+ "loadFromDisk" duplicates "(loadConfig|parseSettings|readAppConfig)"/m);
  });

  it('MultiEdit is reviewed like Edit', async () => {
    const filePath = join(repo.root, 'src', 'handler', 'multi.ts');
    await writeFile(filePath, copyOfLoadConfig(loadTs, 'readMany'));
    const edits = [{ old_string: 'a', new_string: 'b', replace_all: false }];
    const { code, stderr } = await hook(postToolUse(repo.root, 'MultiEdit', { file_path: filePath, edits }));
    assert.equal(code, 2);
    assert.match(stderr, /^- src\/handler\/multi\.ts:\d+ "readMany" duplicates/m);
  });

  it('an old duplicate the edit did not touch stays quiet (diff-only)', async () => {
    // settings.ts was committed with parseSettings copying loadConfig; the edit changes another function.
    const filePath = join(repo.root, 'src', 'handler', 'settings.ts');
    const text = await readFile(filePath, 'utf8');
    await writeFile(filePath, text.replace('(${settings.logLevel})', '[${settings.logLevel}]'));
    const result = await hook(postToolUse(repo.root, 'Edit', { file_path: filePath, old_string: '(', new_string: '[' }));
    assert.deepEqual(result, { code: 0, stdout: '', stderr: '' });
  });

  it('ignores non-source files, files outside the workspace, files git ignores and tools that write no file, silently', async () => {
    await writeFile(join(repo.root, 'notes.md'), '# notes\n');
    await writeFile(join(repo.root, '.gitignore'), 'build/\n');
    await mkdir(join(repo.root, 'build'));
    await writeFile(join(repo.root, 'build', 'bundle.ts'), copyOfLoadConfig(loadTs, 'bundled'));
    for (const input of [
      postToolUse(repo.root, 'Write', { file_path: join(repo.root, 'build', 'bundle.ts'), content: '' }),
      postToolUse(repo.root, 'Write', { file_path: join(repo.root, 'notes.md'), content: '# notes\n' }),
      postToolUse(repo.root, 'Write', { file_path: join(repo.root, '..', 'elsewhere.ts'), content: '' }),
      postToolUse(repo.root, 'Bash', { command: 'ls' }),
    ]) {
      assert.deepEqual(await hook(input), { code: 0, stdout: '', stderr: '' });
    }
  });

  it('malformed stdin: exit 1 (shown to the user, not the model) with a message naming the problem', async () => {
    const notJson = await hook('{"tool_name": "Write"');
    assert.equal(notJson.code, 1);
    assert.match(notJson.stderr, /^review-guard hook: cannot read the hook input: stdin is not JSON/);
    const noPath = await hook(postToolUse(repo.root, 'Edit', { old_string: 'a', new_string: 'b' }));
    assert.equal(noPath.code, 1);
    assert.match(noPath.stderr, /"tool_input\.file_path": /);
    const noCwd = await hook(JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: 'a.ts' } }));
    assert.equal(noCwd.code, 1);
    assert.match(noCwd.stderr, /"cwd": /);
    const empty = await hook('');
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /no input on stdin/);
    const wrongHost = await runCli(repo.root, ['hook', 'windsurf'], { input: '{}' });
    assert.equal(wrongHost.code, 1);
    assert.match(wrongHost.stderr, /hook needs a host: review-guard hook claude-code/);
  });

  it('uses the config of the package the file is in (a monorepo)', async () => {
    const pkg = join(repo.root, 'packages', 'strict');
    await mkdir(join(pkg, 'src'), { recursive: true });
    await writeFile(join(pkg, 'review-guard.config.json'), JSON.stringify({ rules: { naming: 'error' } }));
    const filePath = join(pkg, 'src', 'flags.ts');
    await writeFile(filePath, 'export const feature_flag = true;\n');
    const { code, stderr } = await hook(postToolUse(repo.root, 'Write', { file_path: filePath }));
    assert.equal(code, 2);
    assert.match(stderr, /in src\/flags\.ts after this edit:\n- src\/flags\.ts:1 constant "feature_flag" should be/);
  });

  it('outside git, the whole edited file is the change', async () => {
    const plain = await copySampleRepo();
    try {
      // An exact copy appended to a file: without git there is no diff, so the copy counts as changed.
      const filePath = join(plain.root, 'src', 'handler', 'settings.ts');
      await appendFile(filePath, `\n${copyOfLoadConfig(loadTs, 'readSettingsFile')}`);
      const { code, stderr } = await runCli(plain.root, ['hook', 'claude-code'], { input: postToolUse(plain.root, 'Edit', { file_path: filePath }) });
      assert.equal(code, 2);
      assert.match(stderr, /settings\.ts:\d+ "readSettingsFile" duplicates "loadConfig" at src\/config\/load\.ts:13 \(copy, /);
    } finally {
      await plain.remove();
    }
  });

  it('runs the model stage only when the config opts in (hook.model)', async () => {
    const verdict = { findings: [{ rule: 'responsibility', severity: 'error', message: 'titleCase also trims its input', symbol: 'titleCase' }] };
    const ollama = await startFakeOllama(() => ({ content: JSON.stringify(verdict) }));
    const env = { OLLAMA_HOST: ollama.url };
    const edit = async (root: string) => {
      const filePath = join(root, 'src', 'util', 'strings.ts');
      await writeFile(filePath, (await readFile(filePath, 'utf8')).replace(".join(' ');", ".join(' ').trim();"));
      return runCli(root, ['hook', 'claude-code'], { input: postToolUse(root, 'Edit', { file_path: filePath }), env });
    };
    const optedIn = await sampleGitRepo({ hook: { model: true } });
    const byDefault = await sampleGitRepo();
    try {
      const withModel = await edit(optedIn.root);
      assert.equal(ollama.chatRequests().length, 1, 'the model was asked');
      assert.equal(withModel.code, 2);
      assert.match(withModel.stderr, /^- src\/util\/strings\.ts(:\d+)? titleCase also trims its input \[responsibility\]$/m);
      const withoutModel = await edit(byDefault.root);
      assert.deepEqual(withoutModel, { code: 0, stdout: '', stderr: '' });
      assert.equal(ollama.chatRequests().length, 1, 'the default hook never asks the model');
    } finally {
      await Promise.all([optedIn.remove(), byDefault.remove(), ollama.close()]);
    }
  });

  it('a broken config is the user\'s problem: exit 1, not feedback to the model', async () => {
    const broken = await sampleGitRepo({ hook: { model: 'yes' } });
    try {
      const filePath = join(broken.root, 'src', 'util', 'strings.ts');
      const { code, stderr } = await runCli(broken.root, ['hook', 'claude-code'], { input: postToolUse(broken.root, 'Edit', { file_path: filePath }) });
      assert.equal(code, 1);
      assert.match(stderr, /review-guard\.config\.json: "hook\.model"/);
    } finally {
      await broken.remove();
    }
  });
});
