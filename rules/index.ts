/**
 * @fileoverview The rule catalog: every rule by id, deterministic and
 * model-judged alike. Adding a rule is one import and one entry here.
 */
import type { Rule, RuleMeta } from './define-rule.js';
import { duplicate } from './duplicate.js';
import { maxFunctionLines } from './max-function-lines.js';
import { maxLines } from './max-lines.js';
import { naming } from './naming/index.js';
import { nearDuplicateNames } from './near-duplicate-names.js';
import { responsibility } from './responsibility.js';
import { review } from './review.js';

// Keys sorted, so listings and results come out in a stable, readable order.
const CATALOG = {
  duplicate,
  'max-function-lines': maxFunctionLines,
  'max-lines': maxLines,
  naming,
  'near-duplicate-names': nearDuplicateNames,
  responsibility,
  review,
} as const satisfies Readonly<Record<string, Rule>>;

/** The id of a rule in the catalog. */
type RuleId = keyof typeof CATALOG;

/** Every rule id, sorted. Typed as strings so config ids can be looked up with `includes`. */
export const RULE_IDS: readonly string[] = Object.keys(CATALOG);

/** Whether `id` names a rule in the catalog. */
export function isRuleId(id: string): id is RuleId {
  // hasOwn, so `toString` and friends are not rules.
  return Object.hasOwn(CATALOG, id);
}

/** The rule with this id, or undefined. */
export function getRule(id: string): Rule | undefined {
  return isRuleId(id) ? CATALOG[id] : undefined;
}

/** The meta of every rule, in id order. */
export function listRules(): RuleMeta<unknown>[] {
  return Object.values(CATALOG).map((rule): RuleMeta<unknown> => rule.meta);
}
