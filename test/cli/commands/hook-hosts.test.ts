/**
 * The edit hooks of Codex, VS Code and Cursor, fed the input each host
 * sends (Codex's captured from the real 0.171 against a fake Responses API;
 * VS Code's from its hook service's source; Cursor's from its documentation)
 * and answering in each host's own form: a copy of existing code stopped
 * before it is written, the findings handed over after an edit.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyOfLoadConfig, runCli, sampleGitRepo } from '../../support/cli.js';
import type { SampleRepo } from '../../support/sample-repo.js';

const ORIGINAL = /"readAppConfig" duplicates "loadConfig" at src\/config\/load\.ts:\d+/;

describe('review-guard hook for Codex, VS Code and Cursor', () => {
  let repo: SampleRepo;
  let copy: string;
  const hook = (host: string, input: Record<string, unknown>) => runCli(repo.root, ['hook', host], { input: JSON.stringify(input) });
  const additionalContext = (stdout: string, eventName: string) => {
    const output = JSON.parse(stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    assert.equal(output.hookSpecificOutput.hookEventName, eventName);
    return output.hookSpecificOutput.additionalContext;
  };
  before(async () => {
    repo = await sampleGitRepo();
    copy = copyOfLoadConfig(await readFile(join(repo.root, 'src', 'config', 'load.ts'), 'utf8'), 'readAppConfig');
  });
  after(() => repo.remove());

  it('Codex apply_patch: an added file that copies loadConfig is stopped (exit 2, stderr); after the patch the findings are a developer message', async () => {
    const patch = `*** Begin Patch\n*** Add File: src/handler/app-config.ts\n${copy.trimEnd().split('\n').map((line) => `+${line}`).join('\n')}\n*** End Patch\n`;
    const envelope = { session_id: 's', turn_id: 't', transcript_path: '/tmp/r.jsonl', cwd: repo.root, model: 'gpt-5.5', permission_mode: 'bypassPermissions', tool_name: 'apply_patch', tool_input: { command: patch }, tool_use_id: 'call_2' };
    const stopped = await hook('codex', { ...envelope, hook_event_name: 'PreToolUse' });
    assert.equal(stopped.code, 2, stopped.stderr);
    assert.match(stopped.stderr, /^review-guard: this apply_patch of src\/handler\/app-config\.ts was stopped/);
    // Codex appends ". Command: <patch>" to the reason.
    assert.doesNotMatch(stopped.stderr, /\.$/);
    assert.match(stopped.stderr, ORIGINAL);
    assert.equal(existsSync(join(repo.root, 'src', 'handler', 'app-config.ts')), false);
    // An update of an existing file: the hunk applied to it.
    const strings = await readFile(join(repo.root, 'src', 'util', 'strings.ts'), 'utf8');
    const lastLine = strings.trimEnd().split('\n').at(-1)!;
    const body = copy.split('\n').slice(3).join('\n').trimEnd();
    const update = `*** Begin Patch\n*** Update File: src/util/strings.ts\n@@\n ${lastLine}\n+\n${body.split('\n').map((line) => `+${line}`).join('\n')}\n*** End Patch\n`;
    const updated = await hook('codex', { ...envelope, hook_event_name: 'PreToolUse', tool_input: { command: update } });
    assert.equal(updated.code, 2, updated.stderr);
    assert.match(updated.stderr, /^- src\/util\/strings\.ts:\d+ "readAppConfig" duplicates/m);
    // After: exit 2 would replace the tool's output, so the findings come as additionalContext.
    await writeFile(join(repo.root, 'src', 'handler', 'app-config.ts'), copy);
    const written = await hook('codex', { ...envelope, hook_event_name: 'PostToolUse', tool_response: 'Exit code: 0\nSuccess. Updated the following files:\nA src/handler/app-config.ts\n' });
    assert.equal(written.code, 0, written.stderr);
    assert.match(additionalContext(written.stdout, 'PostToolUse'), /in src\/handler\/app-config\.ts after this edit:\n- src\/handler\/app-config\.ts:4 "readAppConfig" duplicates "loadConfig"/);
    // The shell tool (Bash) writes no file it can name.
    assert.deepEqual(await hook('codex', { ...envelope, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo x > a.ts' } }), { code: 0, stdout: '', stderr: '' });
  });

  it('VS Code: create_file, replace_string_in_file and multi_replace_string_in_file (camelCase input) stopped; every other tool passes at once', async () => {
    const filePath = join(repo.root, 'src', 'handler', 'vscode-copy.ts');
    const envelope = { timestamp: '2026-12-03T10:00:00Z', hook_event_name: 'PreToolUse', session_id: 's', transcript_path: '/tmp/t', cwd: repo.root, model: 'gpt', tool_use_id: 'u' };
    const created = await hook('vscode', { ...envelope, tool_name: 'create_file', tool_input: { filePath, content: copy } });
    assert.equal(created.code, 2, created.stderr);
    assert.match(created.stderr, ORIGINAL);
    const stringsPath = join(repo.root, 'src', 'util', 'strings.ts');
    const lastLine = (await readFile(stringsPath, 'utf8')).trimEnd().split('\n').at(-1)!;
    const body = copy.split('\n').slice(3).join('\n');
    const replaced = await hook('vscode', { ...envelope, tool_name: 'replace_string_in_file', tool_input: { filePath: stringsPath, oldString: lastLine, newString: `${lastLine}\n\n${body}` } });
    assert.equal(replaced.code, 2, replaced.stderr);
    const multi = await hook('vscode', { ...envelope, tool_name: 'multi_replace_string_in_file', tool_input: { explanation: 'x', replacements: [{ filePath: stringsPath, oldString: lastLine, newString: `${lastLine}\n\n${body}` }] } });
    assert.equal(multi.code, 2, multi.stderr);
    // The older camelCase event name is read too; tools that write no file pass silently.
    const { hook_event_name: _name, ...rest } = envelope;
    assert.deepEqual(await hook('vscode', { ...rest, hookEventName: 'PreToolUse', tool_name: 'read_file', tool_input: { filePath } }), { code: 0, stdout: '', stderr: '' });
    await writeFile(filePath, copy);
    const written = await hook('vscode', { ...envelope, hook_event_name: 'PostToolUse', tool_name: 'create_file', tool_input: { filePath, content: copy }, tool_response: 'ok' });
    assert.equal(written.code, 0, written.stderr);
    assert.match(additionalContext(written.stdout, 'PostToolUse'), /"readAppConfig" duplicates "loadConfig"/);
  });

  it('Cursor: preToolUse Write answers permission deny with the reason for the agent; postToolUse adds the findings as additional_context', async () => {
    const filePath = join(repo.root, 'src', 'handler', 'cursor-copy.ts');
    const envelope = { conversation_id: 'c', generation_id: 'g', model: 'm', cursor_version: '3.1.0', workspace_roots: [repo.root], user_email: null, transcript_path: null, tool_use_id: 'u' };
    const stopped = await hook('cursor', { ...envelope, hook_event_name: 'preToolUse', tool_name: 'Write', tool_input: { file_path: filePath, contents: copy } });
    assert.equal(stopped.code, 0, stopped.stderr);
    const decision = JSON.parse(stopped.stdout) as { permission: string; agent_message: string; user_message: string };
    assert.equal(decision.permission, 'deny');
    assert.match(decision.agent_message, ORIGINAL);
    assert.match(decision.user_message, /^review-guard: this Write of src\/handler\/cursor-copy\.ts was stopped/);
    await writeFile(filePath, copy);
    const written = await hook('cursor', { ...envelope, cwd: repo.root, hook_event_name: 'postToolUse', tool_name: 'Write', tool_input: { file_path: filePath, contents: copy }, tool_output: '{}', duration: 5 });
    assert.equal(written.code, 0, written.stderr);
    assert.match((JSON.parse(written.stdout) as { additional_context: string }).additional_context, /"readAppConfig" duplicates "loadConfig"/);
  });
});
