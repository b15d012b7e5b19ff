/**
 * @fileoverview The naming oracle: for every source file of a corpus, the
 * names typescript-eslint's `naming-convention` flags (ESLint 9,
 * typescript-eslint parser) against the names our `naming` rule flags with
 * the same conventions pasted in, compared by position and message id. Prints
 * the agreement and each difference, grouped by which side flagged it and
 * the selector, so each can be fixed or explained in docs/rules/naming.md.
 *
 * Usage: node dist/bench/oracle-naming.js <corpus> [--conventions file.json] [--show 5]
 * (default conventions: fixtures/naming-oracle/eslint-naming.json). Exit code 1 on any difference.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readSourceText, walkSourceFiles, type SourceEntry } from '../indexer/walk/file-walk.js';
import { naming } from '../rules/naming/index.js';
import type { NamingOptions } from '../rules/naming/options.js';
import { createSourceFile } from '../syntax/index.js';
import { Differences } from './lib/differences.js';
import { EslintOracle } from './lib/eslint-oracle.js';
import { REPO_ROOT } from './lib/jscpd.js';

/** Notes every verdict only one side gives for one file; true when there is none. */
function compareFile(
  entry: SourceEntry,
  text: string,
  theirs: ReadonlyMap<string, string>,
  options: NamingOptions,
  differences: Differences,
): boolean {
  const file = createSourceFile(entry.relPath, text, entry.language);
  const ours = new Map(
    naming.check!({ file, declarations: file.declarations, options }).map((v) => [`${v.line}:${v.data.column} ${v.messageId}`, `${v.data.type} name \`${v.data.name}\``]),
  );
  let same = true;
  for (const [key, message] of theirs) {
    if (ours.has(key)) continue;
    same = false;
    differences.note(`ESLint only: ${message.split(' name ')[0]}`, `${entry.relPath}:${key} ${message}`);
  }
  for (const [key, message] of ours) {
    if (theirs.has(key)) continue;
    same = false;
    differences.note(`ours only: ${message.split(' name ')[0]}`, `${entry.relPath}:${key} ${message}`);
  }
  return same;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { conventions: { type: 'string' }, show: { type: 'string', default: '5' } },
  });
  const corpus = positionals[0];
  if (!corpus) {
    process.stderr.write('usage: node dist/bench/oracle-naming.js <corpus> [--conventions file.json] [--show N]\n');
    process.exit(2);
  }
  const conventionsPath = values.conventions ?? path.join(REPO_ROOT, 'fixtures/naming-oracle/eslint-naming.json');
  const conventions: unknown[] = JSON.parse(readFileSync(conventionsPath, 'utf8'));
  const oracle = new EslintOracle({ namingConvention: conventions });
  const options = naming.meta.options.parse({ conventions, ignore: [] });
  const differences = new Differences();
  let files = 0;
  let agree = 0;
  let flagged = 0;
  const root = path.resolve(corpus);
  for (const entry of await walkSourceFiles(root)) {
    const text = readSourceText(root, entry.absPath);
    if (text === undefined) continue;
    files++;
    const theirs = new Map(
      oracle
        .lint(entry.relPath, text)
        .filter((m) => m.ruleId === '@typescript-eslint/naming-convention')
        .map((m) => [`${m.line}:${m.column} ${m.messageId}`, m.message]),
    );
    flagged += theirs.size;
    if (compareFile(entry, text, theirs, options, differences)) agree++;
  }
  const out = [`corpus ${corpus}`, `conventions ${conventionsPath}`, `files ${files}; same verdicts in ${agree}; names ESLint flags ${flagged}`];
  out.push(...differences.lines(Number(values.show)));
  process.stdout.write(`${out.join('\n')}\n`);
  process.exitCode = differences.isEmpty ? 0 : 1;
}

await main();
