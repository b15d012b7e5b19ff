/**
 * @fileoverview The duplicate rule, judged by the reviewer model and also
 * reported deterministically by the index stage when a similarity score
 * clears its threshold. This module only describes it.
 */
import { z } from 'zod';
import { defineRule } from './define-rule.js';

/** New code that re-implements code the repository already has. */
export const duplicate = defineRule({
  meta: {
    id: 'duplicate',
    kind: 'model',
    description: 'New code duplicates code that already exists in the repository',
    defaultSeverity: 'error',
    options: z.strictObject({}),
    messages: {
      duplicate: '"{{symbol}}" duplicates "{{originalSymbol}}" at {{file}}:{{line}} (similarity {{score}}): reuse it instead',
    },
  },
});
