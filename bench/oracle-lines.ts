/**
 * @fileoverview The line-count oracle: for every source file of a corpus,
 * ESLint's `max-lines` count (skipComments, skipBlankLines; typescript-eslint
 * parser) against ours (the kernel's code lines), with the agreement rate and
 * every difference, row by row, so each one can be fixed or explained in
 * docs/rules/max-lines.md.
 *
 * Usage: node dist/bench/oracle-lines.js <corpus> [--json out.json] [--show 40]
 * Exit code 1 when any file disagrees.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readSourceText, walkSourceFiles } from '../indexer/walk/file-walk.js';
import { createSourceFile, type SourceFile } from '../syntax/index.js';
import { EslintOracle } from './lib/eslint-oracle.js';

/** A file where the two counts differ, with the rows they classify differently. */
export interface LineDifference {
  readonly file: string;
  readonly eslint: number;
  readonly ours: number;
  /** 1-based lines only ESLint counts (+) or only we count (-), with their text (at most 10). */
  readonly rows: readonly string[];
}

interface OracleReport {
  readonly corpus: string;
  readonly files: number;
  readonly agree: number;
  readonly eslintErrors: readonly { file: string; error: string }[];
  readonly differences: readonly LineDifference[];
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { json: { type: 'string' }, show: { type: 'string', default: '40' } },
  });
  const corpus = positionals[0];
  if (!corpus) {
    process.stderr.write('usage: node dist/bench/oracle-lines.js <corpus> [--json out.json] [--show N]\n');
    process.exit(2);
  }
  const report = await compareCorpus(path.resolve(corpus));
  process.stdout.write(formatOracleReport(report, Number(values.show)));
  if (values.json) await writeFile(values.json, JSON.stringify(report, null, 2));
  process.exitCode = report.differences.length > 0 ? 1 : 0;
}

/** Counts every source file both ways. */
async function compareCorpus(root: string): Promise<OracleReport> {
  const oracle = new EslintOracle();
  const differences: LineDifference[] = [];
  const eslintErrors: { file: string; error: string }[] = [];
  let files = 0;
  let agree = 0;
  for (const entry of await walkSourceFiles(root)) {
    const text = readSourceText(root, entry.absPath);
    if (text === undefined) continue;
    files++;
    const eslint = oracle.codeLines(entry.relPath, text);
    const ours = createSourceFile(entry.relPath, text, entry.language);
    if (typeof eslint !== 'number') eslintErrors.push({ file: entry.relPath, error: eslint.error });
    else if (eslint === ours.codeLineCount) agree++;
    else differences.push({ file: entry.relPath, eslint, ours: ours.codeLineCount, rows: differingRows(ours, oracle) });
  }
  return { corpus: root, files, agree, eslintErrors, differences };
}

/** Rows the two classify differently (ESLint's side from `countedLines`), at most 10. */
function differingRows(file: SourceFile, oracle: EslintOracle): string[] {
  const eslintRows = new Set(oracle.countedLines());
  const rows: string[] = [];
  for (let row = 0; row < file.lines.length && rows.length < 10; row++) {
    const eslintCode = eslintRows.has(row + 1);
    if (eslintCode !== (file.codeLines[row] === 1)) rows.push(`${eslintCode ? '+' : '-'}${row + 1}: ${file.lines[row]!.trim().slice(0, 100)}`);
  }
  return rows;
}

/** The report as text: totals, then each difference. */
export function formatOracleReport(report: OracleReport, show: number): string {
  const compared = report.files - report.eslintErrors.length;
  const pct = compared === 0 ? 100 : (100 * report.agree) / compared;
  const out = [
    `corpus ${report.corpus}`,
    `files ${report.files}; ESLint could not parse ${report.eslintErrors.length}; compared ${compared}`,
    `agreement ${report.agree}/${compared} (${pct.toFixed(2)} %); differences ${report.differences.length}`,
  ];
  for (const { file, error } of report.eslintErrors.slice(0, show)) out.push(`  eslint error  ${file}: ${error}`);
  for (const d of report.differences.slice(0, show)) {
    out.push(`  ${d.file}: eslint ${d.eslint}, ours ${d.ours}`);
    for (const row of d.rows) out.push(`      ${row}`);
  }
  return `${out.join('\n')}\n`;
}

await main();
