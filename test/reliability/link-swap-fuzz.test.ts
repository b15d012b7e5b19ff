/**
 * Property: while another process swaps a reviewed file and its parent
 * folder, in a loop, between the real thing inside the root and a symlink
 * to an outside file or folder, no review, index rebuild or search ever
 * reads the outside side. Its names (CANARY…, which the naming rule flags)
 * never appear in findings, search results or the stored index. Bounded:
 * about 2.5 s of swapping.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService } from '../../src/pipeline/index.js';
import { indexedFunction } from '../indexer/support.js';
import { makeTempDir, type TempDir } from '../support/sample-repo.js';

const SWAP_MS = 2_500;
const CANARY = 'CANARY_Outside';

/** An indexed function and a constant, named against the naming rule (so a review reports its names). */
const FUNCTION = (name: string): string => `${indexedFunction(name)}export const ${name}_Value = 1;\n`;

/**
 * The swapper, a child process: `src/f.ts` becomes a link to `outside/f.ts`
 * and back (each state put in place by one rename), and `src/sub` becomes a
 * link to `outside-dir` and back (the real folder parked under a hidden name,
 * which the index walk skips). Prints the rounds it did when time is up.
 */
const SWAPPER = `
const fs = require('node:fs');
const path = require('node:path');
const [root, base, ms, inside] = process.argv.slice(1);
const src = path.join(root, 'src');
const until = Date.now() + Number(ms);
let rounds = 0;
while (Date.now() < until) {
  fs.symlinkSync(path.join(base, 'outside', 'f.ts'), path.join(src, '.f-link'));
  fs.renameSync(path.join(src, '.f-link'), path.join(src, 'f.ts'));
  fs.renameSync(path.join(src, 'sub'), path.join(src, '.sub-parked'));
  fs.symlinkSync(path.join(base, 'outside-dir'), path.join(src, 'sub'));
  fs.writeFileSync(path.join(src, '.f-file'), inside);
  fs.renameSync(path.join(src, '.f-file'), path.join(src, 'f.ts'));
  fs.unlinkSync(path.join(src, 'sub'));
  fs.renameSync(path.join(src, '.sub-parked'), path.join(src, 'sub'));
  rounds++;
}
process.stdout.write(String(rounds));
`;

describe('links swapped in while reviews and index rebuilds read (property)', () => {
  let base: TempDir;
  let root: string;
  before(async () => {
    base = await makeTempDir('rg-swap-fuzz-');
    root = join(base.path, 'repo');
    await mkdir(join(root, 'src', 'sub'), { recursive: true });
    await mkdir(join(base.path, 'outside'));
    await mkdir(join(base.path, 'outside-dir'));
    await writeFile(join(root, 'review-guard.config.json'), JSON.stringify({ rules: { naming: 'warning' } }));
    await writeFile(join(root, 'src', 'f.ts'), FUNCTION('Inside_File'));
    await writeFile(join(root, 'src', 'sub', 'g.ts'), FUNCTION('Inside_Folder'));
    await writeFile(join(base.path, 'outside', 'f.ts'), FUNCTION(`${CANARY}_File`));
    await writeFile(join(base.path, 'outside-dir', 'g.ts'), FUNCTION(`${CANARY}_Folder`));
  });
  after(() => base.remove());

  it('never reads the outside file or folder: 0 outside names in findings, searches or the store', async () => {
    const service = await createReviewService({ root, watch: false });
    const swapper = spawn(process.execPath, ['-e', SWAPPER, root, base.path, String(SWAP_MS), FUNCTION('Inside_File')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let rounds = '';
    swapper.stdout.setEncoding('utf8').on('data', (chunk: string) => (rounds += chunk));
    const done = new Promise<number | null>((resolve) => swapper.once('exit', resolve));
    let running = true;
    void done.then(() => (running = false));

    const seen: string[] = [];
    let insideReads = 0;
    let reviews = 0;
    let rebuilds = 0;
    const reviewing = (async () => {
      while (running) {
        const result = await service.review({ files: ['src/f.ts', 'src/sub/g.ts'] }, { model: false });
        reviews++;
        seen.push(JSON.stringify(result));
        if (result.findings.some((f) => f.message.includes('Inside_'))) insideReads++;
      }
    })();
    const indexing = (async () => {
      while (running) {
        await service.updateIndex({ rebuild: true });
        rebuilds++;
        const candidates = await service.searchSimilar({ code: FUNCTION('probe'), language: 'typescript', limit: 20 });
        seen.push(JSON.stringify(candidates));
        const store = join(root, '.review-guard', 'index');
        for (const name of await readdir(store).catch(() => [])) seen.push(await readFile(join(store, name), 'latin1').catch(() => ''));
      }
    })();
    assert.equal(await done, 0, 'the swapper ran to the end');
    await Promise.all([reviewing, indexing]);
    service.close();

    assert.ok(Number(rounds) > 10, `the files were swapped (${rounds} rounds)`);
    assert.ok(reviews >= 3 && rebuilds >= 2, `reviews (${reviews}) and rebuilds (${rebuilds}) ran while swapping`);
    assert.ok(insideReads > 0, 'some reviews read the inside file');
    const leaks = seen.filter((text) => text.includes(CANARY));
    assert.equal(leaks.length, 0, `outside names reached ${leaks.length} of ${seen.length} outputs: ${leaks[0]?.slice(0, 300)}`);
  });
});
