/**
 * @fileoverview What the naming oracles against another linter share: our
 * rule's findings with a language's defaults over a corpus, and the
 * comparison by `file:line:column` with the linter's findings.
 */
import { readSourceText, walkSourceFiles } from '../../indexer/file-walk.js';
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
