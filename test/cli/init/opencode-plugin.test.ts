/**
 * The opencode plugin init writes, loaded as opencode loads it (an ES
 * module whose export is called with the project's directory) and driven
 * with opencode 1.18's tool arguments: a write or an apply_patch that
 * copies existing code throws before the tool runs (the message is what
 * the model reads), the findings after one are appended to the tool's
 * output, and a hook that cannot run lets every call through.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { opencodePlugin } from '../../../src/cli/init/opencode-plugin.js';
import { copyOfLoadConfig, sampleGitRepo } from '../../support/cli.js';
import { CLI_PATH as CLI, type SampleRepo } from '../../support/sample-repo.js';

type Hook = (input: Record<string, unknown>, output: Record<string, unknown>) => Promise<void>;
type Hooks = Record<'tool.execute.before' | 'tool.execute.after', Hook>;

const ORIGINAL = /"readAppConfig" duplicates "loadConfig" at src\/config\/load\.ts:\d+/;

describe('the opencode plugin init writes', () => {
  let repo: SampleRepo;
  let copy: string;
  const daemon = process.env['REVIEW_GUARD_DAEMON'];
  /** The plugin for `command`, loaded from the project as opencode loads it. */
  const load = async (command: string, name: string): Promise<Hooks> => {
    const file = join(repo.root, `${name}.mjs`);
    await writeFile(file, opencodePlugin(command));
    const plugin = (await import(pathToFileURL(file).href)) as { ReviewGuard: (ctx: { directory: string; worktree: string }) => Promise<Hooks> };
    return plugin.ReviewGuard({ directory: repo.root, worktree: repo.root });
  };
  before(async () => {
    repo = await sampleGitRepo();
    copy = copyOfLoadConfig(await readFile(join(repo.root, 'src', 'config', 'load.ts'), 'utf8'), 'readAppConfig');
    process.env['REVIEW_GUARD_DAEMON'] = 'off';
  });
  after(async () => {
    if (daemon === undefined) delete process.env['REVIEW_GUARD_DAEMON'];
    else process.env['REVIEW_GUARD_DAEMON'] = daemon;
    await repo.remove();
  });

  it('stops a write or an apply_patch that copies loadConfig, with the reason; lets other tools through', async () => {
    const hooks = await load(`"${process.execPath}" "${CLI}" hook opencode`, 'plugin');
    const write = { filePath: 'src/handler/app-config.ts', content: copy };
    await assert.rejects(hooks['tool.execute.before']({ tool: 'write', sessionID: 's', callID: 'c' }, { args: write }), (error: Error) => {
      assert.match(error.message, /^review-guard: this write of src\/handler\/app-config\.ts was stopped/);
      return ORIGINAL.test(error.message);
    });
    const patchText = `*** Begin Patch\n*** Add File: src/handler/app-config.ts\n${copy.trimEnd().split('\n').map((line) => `+${line}`).join('\n')}\n*** End Patch\n`;
    await assert.rejects(hooks['tool.execute.before']({ tool: 'apply_patch', sessionID: 's', callID: 'c' }, { args: { patchText } }), ORIGINAL);
    assert.equal(existsSync(join(repo.root, 'src', 'handler', 'app-config.ts')), false);
    await hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c' }, { args: { command: 'true' } });
  });

  it('appends the findings to the tool result after an edit', async () => {
    const hooks = await load(`"${process.execPath}" "${CLI}" hook opencode`, 'plugin-after');
    await writeFile(join(repo.root, 'src', 'handler', 'written.ts'), copy);
    const output = { title: 'src/handler/written.ts', output: 'Wrote file successfully.', metadata: {} };
    await hooks['tool.execute.after']({ tool: 'write', sessionID: 's', callID: 'c', args: { filePath: join(repo.root, 'src', 'handler', 'written.ts'), content: copy } }, output);
    assert.match(output.output, /^Wrote file successfully\.\n\nreview-guard: 1 error finding\(s\) in src\/handler\/written\.ts after this edit:\n- src\/handler\/written\.ts:4 "readAppConfig" duplicates "loadConfig"/);
  });

  it('lets the call through when the hook cannot run (review-guard not installed: exit 1 or 127)', async () => {
    for (const [name, command] of [['missing', 'exit 127'], ['failing', 'echo "review-guard: not installed" >&2; exit 1']]) {
      const hooks = await load(command!, name!);
      await hooks['tool.execute.before']({ tool: 'write', sessionID: 's', callID: 'c' }, { args: { filePath: 'src/handler/app-config.ts', content: copy } });
      const output = { output: 'Wrote file successfully.' };
      await hooks['tool.execute.after']({ tool: 'write', sessionID: 's', callID: 'c', args: { filePath: 'src/handler/app-config.ts', content: copy } }, output);
      assert.equal(output.output, 'Wrote file successfully.');
    }
  });
});
