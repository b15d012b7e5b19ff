/**
 * @fileoverview The rule catalog as adapters show it: each rule's meta and
 * its documentation page (docs/rules/<id>.md, shipped with the package).
 */
import { readFile } from 'node:fs/promises';
import { getRule, listRules } from '../../rules/index.js';
import type { Severity } from './schemas.js';

interface RuleEntry {
  readonly id: string;
  readonly kind: string;
  readonly description: string;
  readonly defaultSeverity: Severity;
  readonly docsUrl: string;
}

// This module runs built, from dist/src/pipeline/: the package root is three folders up.
const DOCS_DIR = new URL('../../../docs/rules/', import.meta.url);

/** Every rule, in id order. */
export function ruleCatalog(): RuleEntry[] {
  return listRules().map(({ id, kind, description, defaultSeverity, docsUrl }) => ({ id, kind, description, defaultSeverity, docsUrl }));
}

/** The Markdown documentation of a rule, or undefined for an unknown id. */
export async function ruleDocs(id: string): Promise<string | undefined> {
  const rule = getRule(id);
  if (!rule) return undefined;
  return readFile(new URL(`${rule.meta.id}.md`, DOCS_DIR), 'utf8');
}
