/**
 * @fileoverview The duplicate rule, judged by the reviewer model and also
 * reported deterministically by the index stage, with a kind (copy,
 * parametric, near, reimplementation, similar; see docs/rules/duplicate.md). This module only
 * describes it: the rule's severity is the copy's and the model's, the
 * options set the other kinds'.
 */
import { z } from 'zod';
import { defineRule, SEVERITIES } from './define-rule.js';

const KindLevelSchema = z.enum(['off', ...SEVERITIES]);

/** The severities of the kinds other than a copy (a copy has the rule's). */
export const DuplicateOptionsSchema = z.strictObject({
  parametric: KindLevelSchema.default('warning').describe(
    'Severity of a parametric copy: the same code with other literal values (make them parameters of the original)',
  ),
  near: KindLevelSchema.default('warning').describe(
    'Severity of a near copy: the same code with a few statements added, removed, reordered or rewritten',
  ),
  reimplementation: KindLevelSchema.default('warning').describe(
    'Severity of a reimplementation: code written differently that is about the same things as one original (the same rare calls, members, types, literals and words), clearly more than about any other',
  ),
  similar: KindLevelSchema.default('info').describe(
    'Severity of a close candidate (structural score at or above `index.duplicateThreshold`) that no kind fits, when the model stage is off or did not finish',
  ),
});

/** New code that re-implements code the repository already has. */
export const duplicate = defineRule({
  meta: {
    id: 'duplicate',
    kind: 'model',
    description: 'New code duplicates code that already exists in the repository',
    defaultSeverity: 'error',
    options: DuplicateOptionsSchema,
    messages: {
      duplicate: '"{{symbol}}" duplicates "{{originalSymbol}}" at {{file}}:{{line}} (copy, similarity {{score}}): reuse it instead',
      parametric: '"{{symbol}}" duplicates "{{originalSymbol}}" at {{file}}:{{line}} (parametric copy: the same code with other values: {{values}})',
      near: '"{{symbol}}" duplicates "{{originalSymbol}}" at {{file}}:{{line}} (near copy: {{matching}} of {{lines}} lines match; differing: {{differing}}{{values}})',
      reimplementation: '"{{symbol}}" re-implements "{{originalSymbol}}" at {{file}}:{{line}} (written differently, about the same things: {{evidence}})',
      similar: '"{{symbol}}" is similar to "{{originalSymbol}}" at {{file}}:{{line}} ({{score}}); not judged: {{reason}}',
    },
  },
});
