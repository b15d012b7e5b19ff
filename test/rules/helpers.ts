/**
 * @fileoverview Test helpers: parse a snippet and run one rule on it the way
 * the engine does (options through the rule's own schema).
 */
import { createSourceFile, type LanguageId, type SourceFile } from '../../syntax/index.js';
import type { Rule, RuleViolation } from '../../rules/define-rule.js';

const EXTENSIONS: Readonly<Record<LanguageId, string>> = { typescript: 'ts', tsx: 'tsx', javascript: 'js', python: 'py', go: 'go' };

/** A SourceFile for `text`, named after its language. */
export function parse(text: string, language: LanguageId = 'typescript'): SourceFile {
  return createSourceFile(`sample.${EXTENSIONS[language]}`, text, language);
}

/** Runs `rule` on `text` with `options` parsed by the rule's schema. */
export function check(rule: Rule, text: string, options: unknown = {}, language: LanguageId = 'typescript'): RuleViolation[] {
  const file = parse(text, language);
  return rule.check!({ file, declarations: file.declarations, options: rule.meta.options.parse(options) });
}

/** `count` lines produced by `line(i)`, newline-terminated. */
export function lines(count: number, line: (i: number) => string): string {
  return Array.from({ length: count }, (_, i) => `${line(i)}\n`).join('');
}
