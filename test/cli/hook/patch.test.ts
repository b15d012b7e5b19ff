/**
 * The V4A patches of Codex's and VS Code's apply_patch, read into per-file
 * changes and applied to the current text the way the tool applies them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePatch } from '../../../src/cli/hook/patch.js';
import { proposedText } from '../../../src/cli/hook/proposal.js';

describe('apply_patch patches', () => {
  it('an added, an updated (moved) and a deleted file, as Codex 0.171 sends them in tool_input.command', () => {
    const patch =
      '*** Begin Patch\n*** Add File: src/b.ts\n+export const b = 1;\n+export function dup() { return 42; }\n' +
      '*** Update File: src/a.ts\n*** Move to: src/c.ts\n@@\n-export const a = 1;\n+export const a = 2;\n+export function dup() { return 42; }\n' +
      '*** Delete File: src/old.ts\n*** End Patch\n';
    assert.deepEqual(parsePatch(patch), [
      { kind: 'add', path: 'src/b.ts', content: 'export const b = 1;\nexport function dup() { return 42; }\n' },
      { kind: 'update', path: 'src/c.ts', hunks: [{ oldLines: ['export const a = 1;'], newLines: ['export const a = 2;', 'export function dup() { return 42; }'] }] },
      { kind: 'delete', path: 'src/old.ts' },
    ]);
    assert.equal(parsePatch('not a patch'), undefined);
  });

  it('hunks applied in order, each searched after the one before; context kept; a hunk that is not in the file is no proposal', () => {
    const current = 'a\nb\nc\nd\nb\ne\n';
    const [file] = parsePatch('*** Begin Patch\n*** Update File: x.ts\n@@\n a\n-b\n+B\n@@\n d\n-b\n+B2\n*** End of File\n*** End Patch')!;
    assert.ok(file?.kind === 'update');
    assert.equal(proposedText(current, { kind: 'hunks', hunks: file.hunks }), 'a\nB\nc\nd\nB2\ne\n');
    assert.equal(proposedText('x\n', { kind: 'hunks', hunks: file.hunks }), undefined);
    assert.equal(proposedText(undefined, { kind: 'hunks', hunks: file.hunks }), undefined);
    // Lines only added: at the end of the file.
    const [append] = parsePatch('*** Begin Patch\n*** Update File: x.ts\n@@\n+f\n*** End Patch')!;
    assert.ok(append?.kind === 'update');
    assert.equal(proposedText('a\n', { kind: 'hunks', hunks: append.hunks }), 'a\nf\n');
  });
});
