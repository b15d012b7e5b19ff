/**
 * @fileoverview What the naming oracles against another linter share: our
 * rule's findings with a language's defaults over a corpus, and the
 * comparison by `file:line:column` with the linter's findings.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readSourceText, walkSourceFiles } from '../../indexer/walk/file-walk.js';
import type { RuleViolation } from '../../rules/define-rule.js';
import { naming } from '../../rules/naming/index.js';
import { createSourceFile, type LanguageId } from '../../syntax/index.js';
import { Differences } from './differences.js';

/** Our rule's violations (the language's defaults) by `file:line:column`, and how many files of the language were read. */
export async function ourNamingFindings(root: string, language: LanguageId): Promise<{ violations: Map<string, RuleViolation>; files: number }> {
  const options = naming.meta.options.parse({});
  const violations = new Map<string, RuleViolation>();
  let files = 0;
  for (const entry of await walkSourceFiles(root)) {
    if (entry.language !== language) continue;
    const text = readSourceText(root, entry.absPath);
    if (text === undefined) continue;
    files++;
    const file = createSourceFile(entry.relPath, text, entry.language);
    for (const violation of naming.check!({ file, declarations: file.declarations, options })) {
      violations.set(`${entry.relPath}:${violation.line}:${violation.data['column']}`, violation);
    }
  }
  return { violations, files };
}

/** One finding of the other linter: the group it is counted in when only it flags the name, and its message. */
export interface TheirFinding {
  readonly group: string;
  readonly message: string;
}

/** Both sides' findings by position: how many agree, and the differences grouped. */
export function compareNamingFindings(
  linter: string,
  theirs: ReadonlyMap<string, TheirFinding>,
  ours: ReadonlyMap<string, RuleViolation>,
): { both: number; agreement: number; differences: Differences } {
  const differences = new Differences();
  let both = 0;
  for (const [key, finding] of theirs) {
    if (ours.has(key)) both++;
    else differences.note(`${linter} only: ${finding.group}`, `${key} ${finding.message}`);
  }
  for (const [key, violation] of ours) {
    if (!theirs.has(key)) differences.note(`ours only: ${String(violation.data['kind'])}`, `${key} ${violation.symbol} → ${violation.suggestion}`);
  }
  const union = theirs.size + ours.size - both;
  return { both, agreement: union === 0 ? 100 : (100 * both) / union, differences };
}

/** What one oracle run reports: its lines, and whether the two linters agreed on every compared finding. */
export interface OracleReport {
  readonly lines: readonly string[];
  readonly agreed: boolean;
}

/**
 * The command line every naming oracle has: `<corpus> [--<linter> path] [--show N]`,
 * the report on stdout, exit 0 when both agree, 1 when they differ, 2 for a
 * usage or setup problem (a linter that is missing says what to install).
 */
export async function runNamingOracle(
  script: string,
  linter: { readonly flag: string; readonly command: string },
  compare: (root: string, linterPath: string, show: number) => Promise<OracleReport>,
): Promise<void> {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { [linter.flag]: { type: 'string', default: linter.command }, show: { type: 'string', default: '5' } },
    });
    const corpus = positionals[0];
    if (!corpus) {
      process.stderr.write(`usage: node dist/bench/${script}.js <corpus> [--${linter.flag} path] [--show N]\n`);
      process.exitCode = 2;
      return;
    }
    const report = await compare(path.resolve(corpus), String(values[linter.flag]), Number(values.show));
    process.stdout.write(`${[`corpus ${corpus}`, ...report.lines].join('\n')}\n`);
    process.exitCode = report.agreed ? 0 : 1;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}
