/**
 * The before-edit hook as the hosts run it (Claude Code PreToolUse, Gemini
 * CLI BeforeTool): the proposed text of a Write, Edit or MultiEdit is
 * reviewed before it lands; a copy of existing code stops the call (Claude
 * Code: exit 2, the original named on stderr; Gemini CLI: decision "deny"
 * on stdout), anything else lets it through.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyOfLoadConfig, preToolUse, runCli, sampleGitRepo } from '../../support/cli.js';
import type { SampleRepo } from '../../support/sample-repo.js';

const ORIGINAL = /"(readAppConfig|loadFromDisk|readMany|readNow)" duplicates "(loadConfig|parseSettings)" at src\/(config\/load|handler\/settings)\.ts:\d+/;

describe('review-guard hook before an edit', () => {
  let repo: SampleRepo;
  let loadTs: string;
  const hook = (input: string, host = 'claude-code') => runCli(repo.root, ['hook', host], { input });
  before(async () => {
    repo = await sampleGitRepo();
    loadTs = await readFile(join(repo.root, 'src', 'config', 'load.ts'), 'utf8');
  });
  after(() => repo.remove());

  it('PreToolUse Write of a new file that copies existing code: stopped, the original named for the model', async () => {
    const filePath = join(repo.root, 'src', 'handler', 'app-config.ts');
    const { code, stdout, stderr } = await hook(preToolUse(repo.root, 'Write', { file_path: filePath, content: copyOfLoadConfig(loadTs, 'readAppConfig') }));
    assert.equal(code, 2, stderr);
    assert.equal(stdout, '');
    const lines = stderr.trimEnd().split('\n');
    assert.equal(lines[0], 'review-guard: this Write of src/handler/app-config.ts was stopped: it writes code that already exists.');
    assert.match(lines[1]!, ORIGINAL);
    assert.match(lines.at(-1)!, /^Call the existing code instead of writing it again\./);
    assert.equal(existsSync(filePath), false, 'the hook never writes the file');
  });

  it('PreToolUse Edit: the new_string applied to the current file; a copy added is stopped, the rest of the file is not judged', async () => {
    const filePath = join(repo.root, 'src', 'util', 'strings.ts');
    const text = await readFile(filePath, 'utf8');
    const lastLine = text.trimEnd().split('\n').at(-1)!;
    const copy = copyOfLoadConfig(loadTs, 'loadFromDisk').split('\n').slice(3).join('\n');
    const stopped = await hook(preToolUse(repo.root, 'Edit', { file_path: filePath, old_string: lastLine, new_string: `${lastLine}\n\n${copy}`, replace_all: false }));
    assert.equal(stopped.code, 2, stopped.stderr);
    assert.match(stopped.stderr, /^- src\/util\/strings\.ts:\d+ "loadFromDisk" duplicates/m);
    const harmless = await hook(preToolUse(repo.root, 'Edit', { file_path: filePath, old_string: lastLine, new_string: `${lastLine}\n// a note`, replace_all: false }));
    assert.deepEqual(harmless, { code: 0, stdout: '', stderr: '' });
  });

  it('PreToolUse Edit inserting a copy above existing code: only the copy written is listed; a copy of code further down its file is stopped too', async () => {
    const filePath = join(repo.root, 'src', 'handler', 'settings.ts');
    const marker = '// Settings for the request handler';
    const copy = copyOfLoadConfig(loadTs, 'readNow').split('\n').slice(3).join('\n');
    const stopped = await hook(preToolUse(repo.root, 'Edit', { file_path: filePath, old_string: marker, new_string: `${copy}\n${marker}`, replace_all: false }));
    assert.equal(stopped.code, 2, stopped.stderr);
    // parseSettings, further down and untouched, is a near copy of loadConfig too: not this call's doing.
    assert.deepEqual(stopped.stderr.split('\n').filter((line) => line.startsWith('- ')).map((line) => line.match(/"\w+" duplicates "\w+"/)?.[0]), ['"readNow" duplicates "loadConfig"']);
    // A copy of a function further down the same file can only be named from below: that finding stops the call.
    const settings = await readFile(filePath, 'utf8');
    const unique = (name: string) =>
      `export function ${name}(ports: number[]): number[] {\n  const seen = new Set<number>();\n  for (const port of ports) {\n    if (port > 1024 && !seen.has(port)) seen.add(port);\n  }\n  return [...seen].sort((a, b) => a - b);\n}\n`;
    await writeFile(filePath, `${settings}\n${unique('userPorts')}`);
    try {
      const above = await hook(preToolUse(repo.root, 'Edit', { file_path: filePath, old_string: marker, new_string: `${unique('highPorts')}\n${marker}`, replace_all: false }));
      assert.equal(above.code, 2, above.stderr);
      assert.match(above.stderr, /"userPorts" duplicates "highPorts"/);
    } finally {
      await writeFile(filePath, settings);
    }
  });

  it('PreToolUse MultiEdit: the edits applied in order', async () => {
    const filePath = join(repo.root, 'src', 'util', 'strings.ts');
    const text = await readFile(filePath, 'utf8');
    const lastLine = text.trimEnd().split('\n').at(-1)!;
    const body = copyOfLoadConfig(loadTs, 'readMany').split('\n').slice(3).join('\n');
    const edits = [
      { old_string: lastLine, new_string: `${lastLine}\n\nMARK` },
      { old_string: 'MARK', new_string: body },
    ];
    const { code, stderr } = await hook(preToolUse(repo.root, 'MultiEdit', { file_path: filePath, edits }));
    assert.equal(code, 2, stderr);
    assert.match(stderr, /"readMany" duplicates/);
  });

  it('never stops a call for a rule finding, an edit that does not apply, a non-source, huge, ignored or outside file', async () => {
    const naming = await hook(preToolUse(repo.root, 'Write', { file_path: join(repo.root, 'src', 'flags.ts'), content: 'export const Feature_Flag = true;\n' }));
    const stale = await hook(preToolUse(repo.root, 'Edit', { file_path: join(repo.root, 'src', 'util', 'strings.ts'), old_string: 'not in the file', new_string: copyOfLoadConfig(loadTs, 'readNow') }));
    const notes = await hook(preToolUse(repo.root, 'Write', { file_path: join(repo.root, 'notes.md'), content: loadTs }));
    const outside = await hook(preToolUse(repo.root, 'Write', { file_path: join(repo.root, '..', 'elsewhere.ts'), content: copyOfLoadConfig(loadTs, 'readNow') }));
    // Over maxFileBytes (1 MB by default): not reviewed after the edit either, so not held up before it.
    const huge = await hook(preToolUse(repo.root, 'Write', { file_path: join(repo.root, 'src', 'huge.ts'), content: `${copyOfLoadConfig(loadTs, 'readNow')}\n${'// padding\n'.repeat(120_000)}` }));
    await writeFile(join(repo.root, '.gitignore'), 'build/\n');
    const ignored = await hook(preToolUse(repo.root, 'Write', { file_path: join(repo.root, 'build', 'bundle.ts'), content: copyOfLoadConfig(loadTs, 'readNow') }));
    for (const run of [naming, stale, notes, outside, huge, ignored]) assert.deepEqual(run, { code: 0, stdout: '', stderr: '' });
  });

  it('hook.block [] lets every edit through; a broken config is exit 1 (the host lets the call through), never 2', async () => {
    const open = await sampleGitRepo({ hook: { block: [] } });
    const broken = await sampleGitRepo();
    try {
      await writeFile(join(broken.root, 'review-guard.config.json'), '{ "rules": ');
      const input = (root: string) => preToolUse(root, 'Write', { file_path: join(root, 'src', 'copy.ts'), content: copyOfLoadConfig(loadTs, 'readAppConfig') });
      assert.deepEqual(await runCli(open.root, ['hook', 'claude-code'], { input: input(open.root) }), { code: 0, stdout: '', stderr: '' });
      const failed = await runCli(broken.root, ['hook', 'claude-code'], { input: input(broken.root) });
      assert.equal(failed.code, 1, failed.stderr);
      assert.match(failed.stderr, /^review-guard hook: .*review-guard\.config\.json/);
    } finally {
      await Promise.all([open.remove(), broken.remove()]);
    }
  });

  it('Gemini CLI BeforeTool write_file and replace: stopped the same way; AfterTool adds the findings to the tool result', async () => {
    const filePath = join(repo.root, 'src', 'handler', 'gemini-copy.ts');
    const gemini = (event: string, tool: string, toolInput: Record<string, unknown>) =>
      JSON.stringify({ session_id: 's1', transcript_path: '/tmp/t.json', cwd: repo.root, hook_event_name: event, timestamp: '2026-12-03T10:00:00Z', tool_name: tool, tool_input: toolInput });
    const content = copyOfLoadConfig(loadTs, 'readAppConfig');
    const write = await hook(gemini('BeforeTool', 'write_file', { file_path: filePath, content }), 'gemini');
    // Exit 0 and decision "deny": Gemini CLI's exit 2 blocks too, but reports the hook as failed.
    assert.equal(write.code, 0, write.stderr);
    const denied = JSON.parse(write.stdout) as { decision: string; reason: string };
    assert.equal(denied.decision, 'deny');
    assert.match(denied.reason, /^review-guard: this write_file of src\/handler\/gemini-copy\.ts was stopped/);
    const stringsPath = join(repo.root, 'src', 'util', 'strings.ts');
    const lastLine = (await readFile(stringsPath, 'utf8')).trimEnd().split('\n').at(-1)!;
    const body = content.split('\n').slice(3).join('\n');
    const replace = await hook(gemini('BeforeTool', 'replace', { file_path: stringsPath, old_string: lastLine, new_string: `${lastLine}\n\n${body}`, allow_multiple: true }), 'gemini');
    assert.equal(replace.code, 0, replace.stderr);
    assert.equal((JSON.parse(replace.stdout) as { decision: string }).decision, 'deny');
    await writeFile(filePath, content);
    // After a tool, Gemini CLI's exit 2 would replace the tool's result: the findings are added to it instead.
    const written = await hook(gemini('AfterTool', 'write_file', { file_path: filePath, content }), 'gemini');
    assert.equal(written.code, 0, written.stderr);
    const output = JSON.parse(written.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    assert.equal(output.hookSpecificOutput.hookEventName, 'AfterTool');
    assert.match(output.hookSpecificOutput.additionalContext, /in src\/handler\/gemini-copy\.ts after this edit:\n- src\/handler\/gemini-copy\.ts:4 "readAppConfig" duplicates/);
    const wrongEvent = await hook(gemini('PostToolUse', 'write_file', { file_path: filePath }), 'gemini');
    assert.equal(wrongEvent.code, 1);
    assert.match(wrongEvent.stderr, /handles AfterTool or BeforeTool events of Gemini CLI/);
  });
});
