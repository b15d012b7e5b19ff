/**
 * @fileoverview The shape of a rule module. A rule is pure: it gets a parsed
 * file and typed options and returns violations. It never reads config,
 * files or the environment, and never formats its own output.
 */
import type { z } from 'zod';
import type { Declaration, SourceFile } from '../syntax/index.js';

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Deterministic rules run in code; model rules are judged by the reviewer model. */
type RuleKind = 'deterministic' | 'model';

export interface RuleMeta<Options> {
  readonly id: string;
  readonly kind: RuleKind;
  readonly description: string;
  readonly defaultSeverity: Severity;
  /** Parses user options; every field has a default, so `parse({})` works. */
  readonly options: z.ZodType<Options>;
  /** Message templates by id, with `{{name}}` slots filled from `data`. */
  readonly messages: Readonly<Record<string, string>>;
  readonly docsUrl: string;
}

export interface RuleViolation {
  readonly messageId: string;
  readonly data: Readonly<Record<string, string | number>>;
  /** 1-based. */
  readonly line?: number;
  readonly endLine?: number;
  readonly symbol?: string;
  readonly suggestion?: string;
  /**
   * What the violation is about, for stable fingerprints; default: the
   * symbol, else the text of its line. File-level rules set a constant.
   */
  readonly anchor?: string;
}

interface RuleContext<Options> {
  readonly file: SourceFile;
  readonly declarations: readonly Declaration[];
  readonly options: Options;
}

export interface Rule<Options = unknown> {
  readonly meta: RuleMeta<Options>;
  /**
   * Absent for model rules: the reviewer model reports those. Declared as a
   * method so a `Rule<{max: number}>` fits the catalog's `Rule<unknown>`
   * (methods are bivariant in their parameters); the engine only ever passes
   * a rule the options its own schema parsed.
   */
  check?(context: RuleContext<Options>): RuleViolation[];
}

const DOCS_BASE = 'https://github.com/review-guard/review-guard/blob/main/docs/rules/';

/** Builds a rule, deriving its docs URL from its id. */
export function defineRule<Options>(
  rule: { meta: Omit<RuleMeta<Options>, 'docsUrl'>; check?: (context: RuleContext<Options>) => RuleViolation[] },
): Rule<Options> {
  return { ...rule, meta: { ...rule.meta, docsUrl: `${DOCS_BASE}${rule.meta.id}.md` } };
}

/** Fills `{{name}}` slots; an unknown slot stays visible rather than vanishing. */
export function formatMessage(template: string, data: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (slot, key: string) => (key in data ? String(data[key]) : slot));
}
