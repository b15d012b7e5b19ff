/**
 * The duplicate kinds as a user sees them without a model: the CLI's
 * `review --no-model --json` over fixtures/duplicates, one copy per way an
 * agent writes one (see its README).
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ReviewResultSchema, type Finding } from '../../src/pipeline/index.js';
import { runCli } from '../support/cli.js';
import { copyFixtureRepo, REPO_ROOT, type SampleRepo } from '../support/sample-repo.js';

const FIXTURE = join(REPO_ROOT, 'fixtures', 'duplicates');
const COPIES = [
  'src/handler/settings.ts',
  'src/handler/reload.ts',
  'src/handler/read-config.ts',
  'src/store/totals.ts',
  'src/store/units.ts',
  'src/store/split.ts',
  'src/store/arrow.ts',
  'src/ui/UserBadge.tsx',
];

describe('duplicate kinds without the model (CLI, fixtures/duplicates)', () => {
  let repo: SampleRepo;
  let code: number | null;
  let findings: Finding[];
  const duplicateOf = (file: string): Finding | undefined => findings.find((f) => f.rule === 'duplicate' && f.file === file);

  before(async () => {
    repo = await copyFixtureRepo(FIXTURE);
    const run = await runCli(repo.root, ['review', '--no-model', '--json', ...COPIES]);
    code = run.code;
    findings = ReviewResultSchema.parse(JSON.parse(run.stdout)).findings;
  });
  after(() => repo.remove());

  it('exits 1: the exact copies are errors', () => assert.equal(code, 1));

  it("reports the seed's parseSettings as a parametric copy of loadConfig, naming the differing values", () => {
    const finding = duplicateOf('src/handler/settings.ts');
    assert.deepEqual([finding?.kind, finding?.severity, finding?.related?.[0]?.symbol], ['parametric', 'warning', 'loadConfig']);
    assert.equal(
      finding?.message,
      '"parseSettings" duplicates "loadConfig" at src/config/load.ts:11 (parametric copy: the same code with other values: ' +
        "'options: invalid port ' vs 'config: invalid port ' (line 9), 3000 vs 8080 (line 13))",
    );
    assert.match(finding?.suggestion ?? '', /^give loadConfig at src\/config\/load\.ts:11 a parameter for each differing value \(2 values\)/);
  });

  it('reports an added logging line as a near copy, with the line that differs', () => {
    const finding = duplicateOf('src/handler/reload.ts');
    assert.deepEqual([finding?.kind, finding?.severity], ['near', 'warning']);
    assert.match(finding?.message ?? '', /\(near copy: 14 of 15 lines match; differing: here line 7\)$/);
  });

  it('reports a renamed, reformatted, untyped copy as a copy, with the call that replaces it', () => {
    const finding = duplicateOf('src/handler/read-config.ts');
    assert.deepEqual([finding?.kind, finding?.severity], ['copy', 'error']);
    assert.equal(finding?.suggestion, 'call loadConfig(file) from src/config/load.ts:11 instead of keeping a second copy');
  });

  it('finds a method lifted out of its class, a copy split into a caller and a helper, an arrow for a declaration with forEach for for…of, and a TSX component', () => {
    const lifted = duplicateOf('src/store/totals.ts');
    assert.deepEqual([lifted?.kind, lifted?.related?.[0]?.symbol, lifted?.suggestion], [
      'copy',
      'Cart.total',
      'call Cart.total(items, rate) from src/store/cart.ts:11 instead of keeping a second copy',
    ]);
    // `this.lines` read as `cart.lines`: the receiver became the first parameter, and the call goes through it.
    const receiver = duplicateOf('src/store/units.ts');
    assert.deepEqual([receiver?.kind, receiver?.related?.[0]?.symbol, receiver?.suggestion], [
      'copy',
      'Cart.units',
      'call cart.units() from src/store/cart.ts:22 instead of keeping a second copy',
    ]);
    // Its loop body moved into a helper of the same file: read with the helper spliced in, the pieces are one copy.
    const split = duplicateOf('src/store/split.ts');
    assert.deepEqual([split?.kind, split?.symbol, split?.related?.[0]?.symbol, split?.suggestion], [
      'copy',
      'distinctSkus',
      'uniqueSkus',
      'call uniqueSkus(items) from src/store/skus.ts:6 instead of keeping a second copy',
    ]);
    const arrow = duplicateOf('src/store/arrow.ts');
    assert.deepEqual([arrow?.kind, arrow?.related?.[0]?.symbol], ['near', 'scaleEach']);
    const component = duplicateOf('src/ui/UserBadge.tsx');
    assert.deepEqual([component?.kind, component?.related?.[0]?.symbol], ['copy', 'ProfileBadge']);
  });

  it('finds the TypeScript function rewritten in JavaScript', async () => {
    const run = await runCli(repo.root, ['review', '--no-model', '--json', 'src/legacy/load.js']);
    const finding = ReviewResultSchema.parse(JSON.parse(run.stdout)).findings.find((f) => f.rule === 'duplicate');
    assert.deepEqual([finding?.kind, finding?.related?.[0]?.symbol], ['copy', 'loadConfig']);
  });

  it('says a close candidate was not judged when no kind fits and the model is off', async () => {
    // loadConfig with its statements and its result's fields in another order and a logging line: the alignment settles nothing.
    const other = [
      "import { readFileSync } from 'node:fs';",
      "import type { AppConfig } from '../config/load.js';",
      '',
      'export function loadLegacyConfig(path: string): AppConfig {',
      "  const raw = readFileSync(path, 'utf8');",
      '  const data = JSON.parse(raw) as Partial<AppConfig>;',
      '  const features = Array.isArray(data.features) ? data.features.filter((f) => f.length > 0) : [];',
      "  console.log('legacy config', path);",
      '  if (data.port !== undefined && (data.port < 1 || data.port > 65535)) {',
      '    throw new Error(`config: invalid port ${data.port} in ${path}`);',
      '  }',
      '  return {',
      '    features,',
      "    logLevel: data.logLevel ?? 'info',",
      "    host: data.host ?? 'localhost',",
      '    port: data.port ?? 8080,',
      '  };',
      '}',
      '',
    ].join('\n');
    await writeFile(join(repo.root, 'src/handler/legacy.ts'), other);
    const run = await runCli(repo.root, ['review', '--no-model', '--json', 'src/handler/legacy.ts']);
    const finding = ReviewResultSchema.parse(JSON.parse(run.stdout)).findings.find((f) => f.rule === 'duplicate');
    assert.deepEqual([finding?.kind, finding?.severity], ['similar', 'info']);
    assert.match(
      finding?.message ?? '',
      /^"loadLegacyConfig" is similar to "(loadConfig|reloadConfig)" at src\/\S+:\d+ \(0\.\d\d\); not judged: the model stage is off$/,
    );
  });
});
