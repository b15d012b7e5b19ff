/**
 * @fileoverview Python and Go reviewed end to end: the CLI (`review
 * --no-model --json`) on a copy of fixtures/polyglot finds the copied
 * loader in each language, the over-long files with their code-line counts
 * and the names that break PEP 8 or Go's MixedCaps.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ReviewResultSchema, type Finding } from '../../src/pipeline/index.js';
import { createSourceFile, languageForPath } from '../../syntax/index.js';
import { runCli } from '../support/cli.js';
import { copyFixtureRepo, REPO_ROOT, type SampleRepo } from '../support/sample-repo.js';

const POLYGLOT = join(REPO_ROOT, 'fixtures', 'polyglot');
const FILES = ['go/handler/settings.go', 'go/report/messages.go', 'py/handler/settings.py', 'py/report/messages.py'];

const brief = (f: Finding): string => `${f.file}:${f.line} ${f.rule} ${f.message}`;

describe('reviewing Python and Go (CLI, no model)', () => {
  let repo: SampleRepo;
  let findings: readonly Finding[];
  let code: number;
  before(async () => {
    repo = await copyFixtureRepo(POLYGLOT);
    const run = await runCli(repo.root, ['review', '--no-model', '--json', ...FILES]);
    code = run.code;
    const result = ReviewResultSchema.parse(JSON.parse(run.stdout));
    findings = result.findings;
    assert.deepEqual(
      result.summary.files.map((f) => f.status),
      FILES.map(() => 'reviewed'),
    );
  });
  after(() => repo.remove());

  it('exits 1: duplicates and over-long files are errors', () => assert.equal(code, 1));

  it('finds the copied loader in each language, named by its symbol', () => {
    const duplicates = findings.filter((f) => f.rule === 'duplicate').map(brief);
    assert.equal(duplicates.length, 2, duplicates.join('\n'));
    assert.match(duplicates[0]!, /^go\/handler\/settings\.go:15 duplicate "parseSettings" duplicates "LoadConfig" at go\/config\/load\.go:19 \(copy, similarity 1\.00\)/);
    assert.match(duplicates[1]!, /^py\/handler\/settings\.py:9 duplicate "parse_settings" duplicates "load_config" at py\/config\/load\.py:16 \(copy, similarity 1\.00\)/);
  });

  it('counts code lines without comments, blank lines and docstrings', () => {
    const maxLines = findings.filter((f) => f.rule === 'max-lines').map((f) => `${f.file} ${f.message}`);
    assert.deepEqual(maxLines, [
      'go/report/messages.go 264 code lines (limit 250): split the file along a seam',
      'py/report/messages.py 262 code lines (limit 250): split the file along a seam',
    ]);
  });

  it('reports names that break each language\'s conventions, with renames that keep Go visibility', () => {
    const names = findings.filter((f) => f.rule === 'naming').map((f) => `${f.file}:${f.line} ${f.symbol} → ${f.suggestion}`);
    assert.deepEqual(names, [
      'go/handler/settings.go:12 default_timeout → defaultTimeout',
      'go/handler/settings.go:39 Describe_Settings → DescribeSettings',
      'py/handler/settings.py:6 defaultTimeout → DEFAULT_TIMEOUT',
      'py/handler/settings.py:20 settings_view → SettingsView',
      'py/handler/settings.py:26 describeSettings → describe_settings',
    ]);
  });

  it('the fixture files have the code-line counts a line-by-line count gives', async () => {
    // Counted independently: Python with the tokenize module (docstring statements excluded), Go by hand.
    const expected: Record<string, number> = {
      'go/config/load.go': 36,
      'go/handler/settings.go': 33,
      'go/report/messages.go': 264,
      'py/config/load.py': 21,
      'py/handler/settings.py': 16,
      'py/report/messages.py': 262,
    };
    for (const [path, count] of Object.entries(expected)) {
      const file = createSourceFile(path, await readFile(join(POLYGLOT, path), 'utf8'), languageForPath(path)!);
      assert.equal(file.codeLineCount, count, path);
    }
  });
});
